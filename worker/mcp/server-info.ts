import type { SiteInfo } from '../../contract/index.ts'

/**
 * Who the MCP server says it is, on `initialize` and in the server card. The
 * version is package.json's, written out here: imported as a JSON module, the
 * whole manifest (scripts and dependency lists) would ship in the worker
 * bundle. A test keeps the two equal.
 */
export const SERVICE_VERSION = '0.1.0'

export function serverInfo(site: SiteInfo | null): { name: string; version: string; title?: string } {
  return { name: 'docs-service', version: SERVICE_VERSION, ...(site ? { title: site.title } : {}) }
}
