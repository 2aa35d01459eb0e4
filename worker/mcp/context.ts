import { markdownUrl, type Manifest } from '../../contract/index.ts'
import { chooseLocale, lookupLocale } from '../http/locale.ts'
import type { Store } from '../store.ts'

/** What one MCP request knows about its caller: the tools read the docs as the HTTP API would for it. */
export interface ToolContext {
  store: Store
  /** The request carried a valid token with the `drafts:read` scope. */
  canReadDrafts: boolean
  acceptLanguage: string | undefined
  /** The request's origin, so that every URL a tool gives can be fetched as is. */
  origin: string
}

/** The `locale` argument, else `Accept-Language`, else the default locale: as for the HTTP API. */
export function localeFor(context: ToolContext, manifest: Manifest, requested: string | undefined): string {
  return chooseLocale(requested, context.acceptLanguage, manifest.site).locale
}

/** A sentence for a `locale` argument the site does not have, which the HTTP API answers in the default locale too. */
export function unknownLocaleNote(manifest: Manifest, requested: string | undefined, served: string): string | null {
  if (requested === undefined || lookupLocale([{ tag: requested.toLowerCase(), q: 1 }], manifest.site.locales) !== null) return null
  return `Note: these docs have no locale "${requested}"; answering in ${served}. Locales: ${manifest.site.locales.join(', ')}.`
}

/** Absolute URL of a page's Markdown, which get_document returns too. */
export function absoluteMarkdownUrl(context: ToolContext, manifest: Manifest, locale: string, slug: string): string {
  return new URL(markdownUrl(manifest.site.defaultLocale, locale, slug), context.origin).href
}

/** A URL as the build wrote it (the site's `baseUrl` may be a path), made absolute against the request. */
export const absoluteUrl = (context: ToolContext, url: string) => new URL(url, context.origin).href
