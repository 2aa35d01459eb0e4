import { documentUrl } from '../../contract/index.ts'
import { isPartialPath } from './files.ts'
import { stripNumberPrefixes } from './number-prefix.ts'
import { appendAll, type ContentProblem } from './problems.ts'
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

export function toSourceDocuments(files: Array<ParsedFile<DocumentFrontMatter>>, site: SiteConfig): { documents: SourceDocument[]; problems: ContentProblem[] } {
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
  appendAll(problems, [...findDuplicateSlugs(documents), ...findOrphanTranslations(documents, site)])
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
