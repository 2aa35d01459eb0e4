import { documentUrl, markdownUrl } from '../../contract/index.ts'
import type { SourceDocument } from '../content/documents.ts'
import type { SiteConfig } from '../content/site-config.ts'
import type { LinkTargets } from '../markdown/render.ts'

export interface LinkTable {
  /** Content path to URL and to Markdown URL, for rewriting links; slugs and doc ids to content paths, for root links and ids. */
  targets: LinkTargets
  /** The URLs that lead to drafts, which published pages must not link to. */
  draftUrls: Set<string>
}

/**
 * Where every document link can point. A translation may link to a page not
 * translated yet: `docs/fr/x.md` then names the French URLs of `x`, which
 * fall back to the default locale. A root link (`/guides/x`) names a slug or
 * a Docusaurus id in the locale of the page it is in, unless it names one,
 * or a redirected slug (`redirects`: old slug to document id).
 */
export function linkTable(documents: SourceDocument[], site: SiteConfig, redirects: Record<string, string> = {}): LinkTable {
  const aliases: Record<string, string> = {}
  const table: LinkTable = {
    targets: { urls: {}, markdownUrls: {}, routes: { baseUrl: site.baseUrl, siteBaseUrl: siteBaseUrlOf(site), locales: site.locales, aliases } },
    draftUrls: new Set(),
  }
  // Every path a link may name, with the locale and slug it stands for.
  const places = [
    ...documents.map((document) => ({ path: document.path, locale: document.locale, document })),
    ...documents
      .filter((document) => document.locale === site.defaultLocale)
      .flatMap((original) => site.locales.map((locale) => ({ path: original.path.replace(`docs/${site.defaultLocale}/`, `docs/${locale}/`), locale, document: original }))),
  ]
  for (const { path, locale, document } of places) {
    aliases[`${locale}:${document.slug}`] ??= path
    if (path in table.targets.urls) continue
    const url = documentUrl(site.baseUrl, site.defaultLocale, locale, document.slug)
    table.targets.urls[path] = url
    table.targets.markdownUrls[path] = markdownUrl(site.defaultLocale, locale, document.slug, site.urlVersion)
    if (document.draft) table.draftUrls.add(url)
  }
  // After every slug: where an id spells another page's slug, the slug wins, as the URL would.
  for (const { path, locale, document } of places) aliases[`${locale}:${document.frameworkId}`] ??= path
  // A root link to a redirected slug (`/old`, which answers 308) is a link to the page it leads to, in the link's locale.
  const pathByDocId = new Map<string, string>()
  for (const { path, locale, document } of places) if (!pathByDocId.has(`${locale}:${document.docId}`)) pathByDocId.set(`${locale}:${document.docId}`, path)
  for (const [from, docId] of Object.entries(redirects)) {
    for (const locale of site.locales) {
      const path = pathByDocId.get(`${locale}:${docId}`)
      if (path !== undefined) aliases[`${locale}:${from}`] ??= path
    }
  }
  return table
}

/** The site's `baseUrl` without the version a non-default version's pages are built under (`/docs/next/` -> `/docs/`). */
function siteBaseUrlOf(site: SiteConfig): string {
  const suffix = site.urlVersion === null ? '' : `${encodeURIComponent(site.urlVersion)}/`
  return suffix !== '' && site.baseUrl.endsWith(suffix) ? site.baseUrl.slice(0, -suffix.length) : site.baseUrl
}
