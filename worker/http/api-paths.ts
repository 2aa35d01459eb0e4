import { ASSETS_PATH, DOCUMENTS_PATH, LLMS_FULL_SECTIONS_PATH, LLMS_SECTIONS_PATH } from '../../contract/index.ts'

/** Where MCP's streamable HTTP transport is served. */
export const MCP_PATH = '/mcp'
/** The llms.txt index and the full text beside it, at the site's root as llmstxt.org has them. */
const LLMS_PATHS: readonly string[] = ['/llms.txt', '/llms-full.txt']
/** A large locale's section files, beside llms.txt and llms-full.txt (`/llms/{section}.txt`, `/llms-full/{section}.txt`). */
const isLlmsPath = (path: string) => LLMS_PATHS.includes(path) || path.startsWith(LLMS_SECTIONS_PATH) || path.startsWith(LLMS_FULL_SECTIONS_PATH)

/** Paths that belong to the API, whether a route serves them or not: the preview never answers them. */
export function isApiPath(path: string): boolean {
  return /^\/(?:v1|mcp|\.well-known\/mcp)(?:\/|$)/.test(path) || isLlmsPath(path)
}

/** API paths that choose their own content type (JSON or Markdown documents, asset files, llms text, MCP's transport) rather than JSON only. */
export function negotiatesOwnType(path: string): boolean {
  return path.startsWith(DOCUMENTS_PATH) || path.startsWith(ASSETS_PATH) || isLlmsPath(path) || path === MCP_PATH
}
