import { documentUrl, markdownUrl } from '../../contract/index.ts'
import { isPartialPath } from '../markdown/mdx/files.ts'
import type { LinkTargets } from '../markdown/render.ts'
import { stripNumberPrefixes } from './number-prefix.ts'
import type { ContentProblem } from './problems.ts'
import type { DocumentFrontMatter, ParsedFile } from './front-matter.ts'
import type { SiteConfig } from './site-config.ts'

/** A document source with everything known before rendering. */
export interface SourceDocument {
  parsed: ParsedFile<DocumentFrontMatter>
  path: string
  locale: string
  /** The slug its path gives in the default locale: the key that links translations. */
  docId: string
  /** The slug it is published under in its locale (front matter may localize it). */
  slug: string
  /** Docusaurus's id for it (its folder, then front matter `id` or its file name), which links may name. */
  frameworkId: string
  section: string
  url: string
  draft: boolean
}

/** A page's content path: `docs/<locale>/<path>.md` or `.mdx`. */
export const docsPath = /^docs\/([^/]+)\/(.+)\.mdx?$/

/**
 * `guides/index` -> `guides`; the root `index` stays `index`. Number
 * prefixes go, as Docusaurus drops them: `01-start/02-install` -> `start/install`.
 */
export function slugFromPath(localPath: string): string {
  const withoutIndex = stripNumberPrefixes(localPath).replace(/(^|\/)index$/, '')
  return withoutIndex === '' ? 'index' : withoutIndex
}

/**
 * Docusaurus's id of a page: its folder, then front matter `id` or else its
 * file name. Without a `slug`, the id is also its URL, except for a folder's
 * index page, which stands for its folder whatever its id.
 */
function frameworkIdOf(localPath: string, id: string | undefined): string {
  const path = stripNumberPrefixes(localPath)
  if (id === undefined) return path
  const folder = path.slice(0, path.lastIndexOf('/') + 1)
  return `${folder}${id}`
}

export function toSourceDocuments(
  files: Array<ParsedFile<DocumentFrontMatter>>,
  site: SiteConfig,
): { documents: SourceDocument[]; problems: ContentProblem[] } {
  const problems: ContentProblem[] = []
  const documents: SourceDocument[] = []
  for (const parsed of files) {
    const match = docsPath.exec(parsed.file.path)
    if (!match || isPartialPath(parsed.file.path)) continue
    const [, locale = '', localPath = ''] = match
    if (!site.locales.includes(locale)) {
      problems.push({ path: parsed.file.path, line: 1, message: `locale "${locale}" is not listed under "locales" in site.yml` })
      continue
    }
    const docId = slugFromPath(localPath)
    const frameworkId = frameworkIdOf(localPath, parsed.data.id)
    const isIndex = /(^|\/)index$/.test(localPath)
    const slug = parsed.data.slug ?? (isIndex ? docId : frameworkId)
    documents.push({
      parsed,
      path: parsed.file.path,
      locale,
      docId,
      slug,
      frameworkId,
      section: docId.split('/')[0] ?? docId,
      url: documentUrl(site.baseUrl, site.defaultLocale, locale, slug),
      draft: parsed.data.draft ?? false,
    })
  }
  problems.push(...findDuplicateSlugs(documents), ...findOrphanTranslations(documents, site))
  return { documents, problems }
}

/** Two documents of one locale under one slug, or one slug naming two documents. */
function findDuplicateSlugs(documents: SourceDocument[]): ContentProblem[] {
  const problems: ContentProblem[] = []
  const byLocaleSlug = new Map<string, SourceDocument>()
  const docIdBySlug = new Map<string, SourceDocument>()
  for (const document of documents) {
    const key = `${document.locale}\u0000${document.slug}`
    const taken = byLocaleSlug.get(key) ?? differentDocument(docIdBySlug.get(document.slug), document)
    if (taken) {
      problems.push({
        path: document.path,
        line: document.parsed.data.slug ? document.parsed.lineOf('slug') : 1,
        message: `duplicate slug "${document.slug}": ${taken.path} has it too`,
      })
      continue
    }
    byLocaleSlug.set(key, document)
    docIdBySlug.set(document.slug, document)
  }
  return problems
}

function differentDocument(existing: SourceDocument | undefined, document: SourceDocument) {
  return existing && existing.docId !== document.docId ? existing : undefined
}

/** A translation must translate something: the default locale's folder is complete. */
function findOrphanTranslations(documents: SourceDocument[], site: SiteConfig): ContentProblem[] {
  const defaultIds = new Set(documents.filter((d) => d.locale === site.defaultLocale).map((d) => d.docId))
  return documents
    .filter((document) => document.locale !== site.defaultLocale && !defaultIds.has(document.docId))
    .map((document) => ({
      path: document.path,
      line: 1,
      message: `translation has no ${site.defaultLocale} original: docs/${site.defaultLocale}/${document.docId}.md or its index.md does not exist`,
    }))
}

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
