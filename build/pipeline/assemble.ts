import type { DocumentBlob, DocumentNav, EditInfo } from '../../contract/index.ts'
import type { SourceDocument } from '../content/documents.ts'
import type { GitHistory } from '../git-history.ts'
import type { NavItem } from './nav.ts'
import { resolveRelative } from '../markdown/plugins/rehype-links.ts'
import type { RenderedDocument } from '../markdown/render.ts'
import type { SiteConfig } from '../content/site-config.ts'
import { buildToc } from './toc.ts'

/** A document after rendering: what every later stage reads. */
export interface RenderedSource extends SourceDocument {
  title: string
  rendered: RenderedDocument
}

export function titleOf(document: SourceDocument, rendered: RenderedDocument): string {
  const fileName = document.path.split('/').pop()?.replace(/\.md$/, '') ?? document.path
  const name = fileName === 'index' ? (document.docId.split('/').pop() ?? fileName) : fileName
  return document.parsed.data.title ?? rendered.h1 ?? name
}

export function editInfo(document: SourceDocument, site: SiteConfig, git: GitHistory): EditInfo {
  const history = git.files.get(document.path)
  const override = document.parsed.data.lastUpdated
  const fileTime = new Date(document.parsed.file.mtimeMs).toISOString()
  return {
    url: site.editUrl ? site.editUrl.replaceAll('{path}', encodeURI(document.path)) : null,
    lastModified: override === false ? null : override ? new Date(override).toISOString() : (history?.lastModified ?? fileTime),
    author: history?.author ?? null,
    commit: history?.commit ?? null,
  }
}

/** The document id a `prev`/`next` override names: a slug, or a relative `.md` path. */
export function resolveOverride(
  value: string | false | undefined,
  document: SourceDocument,
  byPath: ReadonlyMap<string, SourceDocument>,
  bySlug: ReadonlyMap<string, SourceDocument>,
): string | false | undefined | null {
  if (value === false || value === undefined) return value
  if (value.endsWith('.md')) return byPath.get(resolveRelative(document.path, value))?.docId ?? null
  return bySlug.get(value.replace(/^\/+|\/+$/g, ''))?.docId ?? null
}

export function navItem(source: RenderedSource, overrides: Pick<NavItem, 'prev' | 'next'>): NavItem {
  const data = source.parsed.data
  return {
    docId: source.docId,
    slug: source.slug,
    title: source.title,
    order: data.order ?? data.sidebar_position ?? data.sidebar?.order ?? null,
    draft: source.draft,
    ...overrides,
  }
}

export interface VariantInput {
  requestedLocale: string
  source: RenderedSource
  nav: DocumentNav
  edit: EditInfo
  translations: Array<{ locale: string; slug: string }>
}

export function documentBlob({ requestedLocale, source, nav, edit, translations }: VariantInput): DocumentBlob {
  const data = source.parsed.data
  return {
    slug: source.slug,
    locale: source.locale,
    requestedLocale,
    fallback: source.locale !== requestedLocale,
    translations,
    title: source.title,
    description: data.description ?? null,
    section: source.section,
    tags: data.tags ?? [],
    html: source.rendered.html,
    toc: buildToc(source.rendered.headings, data.toc),
    nav,
    edit,
    draft: source.draft,
  }
}
