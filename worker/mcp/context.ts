import { markdownPath, type SiteInfo } from '../../contract/index.ts'
import { lookupLocale, type Reader } from '../read-model/index.ts'
import { StoreUnavailable } from '../errors.ts'
import { versionNameField } from '../http/request-fields.ts'

/** What one MCP request knows: the docs as its caller may read them, and where it came from. */
export interface ToolContext {
  /** The read model of the live build for this request's caller (token, languages), in a docs version (default: latest), opened once per version. */
  reader(version?: string): Promise<Reader>
  /** The request's origin, so that every URL a tool gives can be fetched as is. */
  origin: string
}

/** A sentence for a `locale` argument the site does not have, which the HTTP API answers in the default locale too. */
export function unknownLocaleNote(site: SiteInfo, requested: string | undefined, served: string): string | null {
  if (requested === undefined || lookupLocale([{ tag: requested.toLowerCase(), q: 1 }], site.locales) !== null) return null
  return `Note: these docs have no locale "${requested}"; answering in ${served}. Locales: ${site.locales.join(', ')}.`
}

/** The `version` argument of the tools that read pages. */
export const versionInput = versionNameField
  .optional()
  .describe('Docs version to read, e.g. "2.x", or "latest" (the default) or "next". An unknown version answers with the list of versions.')

/** Absolute URL of a page's Markdown in the version the reader reads, which get_document returns too. */
export function absoluteMarkdownUrl(context: ToolContext, reader: Reader, locale: string, slug: string): string {
  return new URL(reader.readUrl(markdownPath(slug), locale), context.origin).href
}

/** A URL as the build wrote it (the site's `baseUrl` may be a path), made absolute against the request. */
export const absoluteUrl = (context: ToolContext, url: string) => new URL(url, context.origin).href

/**
 * The site of the live build, for the server's instructions and its card; when
 * storage cannot be read, null: the server still starts and each tool call
 * reports the outage instead.
 */
export async function siteOrNull(reader: () => Promise<Reader>): Promise<SiteInfo | null> {
  try {
    return (await reader()).site
  } catch (error) {
    if (!(error instanceof StoreUnavailable)) throw error
    console.warn(`mcp: ${error.message}`)
    return null
  }
}
