import type { DocumentBlob, DocumentNav, EditInfo } from '../../contract/index.ts'
import type { SourceDocument } from '../content/documents.ts'
import { isGenerated } from '../content/front-matter.ts'
import { splitNumberPrefix } from '../content/number-prefix.ts'
import type { GitHistory } from '../content/read-results.ts'
import { withoutMarkdownExtension } from '../content/files.ts'
import type { RenderedDocument } from '../markdown/render.ts'
import type { SiteConfig } from '../content/site-config.ts'
import { buildToc } from './toc.ts'

/** A document after rendering: what every later stage reads. */
export interface RenderedSource extends SourceDocument {
  title: string
  rendered: RenderedDocument
  /** The page for AI tools: `# Title`, then the body as Markdown. */
  markdown: string
}

/**
 * A page's title: its front matter `title`, else its first H1, else its file
 * name; under site.yml `markdown.title: heading` (VitePress, whose `title:`
 * is the browser tab's text) its H1 first, then its front matter `title`.
 */
export function titleOf(document: SourceDocument, rendered: RenderedDocument, source: SiteConfig['markdown']['title']): string {
  // `01-intro.md` is titled `intro`: the number orders it (see number-prefix.ts).
  const fileName = splitNumberPrefix(withoutMarkdownExtension(document.path.split('/').pop() ?? document.path)).name
  const name = fileName === 'index' ? (document.docId.split('/').pop() ?? fileName) : fileName
  const { title } = document.parsed.data
  return (source === 'heading' ? (rendered.h1 ?? title) : (title ?? rendered.h1)) ?? name
}

export function editInfo(document: SourceDocument, site: SiteConfig, git: GitHistory): EditInfo {
  const { file } = document.parsed
  // A generated page is edited where it is made from: its OpenAPI document. The document's date is not
  // the page's: one edit would re-date (and a publish upload again) every page of the API, so it has none.
  if (isGenerated(file)) {
    return { url: editUrlOf(site, file.generated.origin.path), lastModified: null, author: null, commit: null }
  }
  const history = git.files.get(document.path)
  const override = document.parsed.data.lastUpdated
  // To the second, as git gives commit times: finer, a file restored by a tool that keeps
  // milliseconds only (or rounds them) would give its page another blob for the same text.
  const fileTime = new Date(Math.floor(document.parsed.file.mtimeMs / 1000) * 1000).toISOString()
  return {
    url: editUrlOf(site, document.path),
    lastModified: override === false ? null : override ? new Date(override).toISOString() : (history?.lastModified ?? fileTime),
    author: history?.author ?? null,
    commit: history?.commit ?? null,
  }
}

function editUrlOf(site: SiteConfig, path: string): string | null {
  return site.editUrl ? site.editUrl.replaceAll('{path}', encodeURI(path)) : null
}

export interface VariantInput {
  requestedLocale: string
  source: RenderedSource
  nav: DocumentNav
  edit: EditInfo
  translations: Array<{ locale: string; slug: string }>
}

/** What a page's blob takes of its rendering's texts. */
type BlobTexts = Pick<RenderedDocument, 'html' | 'hero' | 'headings'>

/** A blob's texts left empty: the blob then says all that is made of other inputs than its rendering's texts (page-blob-memo.ts). */
export const WITHOUT_TEXTS: BlobTexts = { html: '', hero: null, headings: [] }

/** A page's blob as one locale serves it, from its rendering's texts unless others are given. */
export function documentBlob({ requestedLocale, source, nav, edit, translations }: VariantInput, texts: BlobTexts = source.rendered): DocumentBlob {
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
    html: texts.html,
    hero: texts.hero,
    toc: buildToc(texts.headings, data.toc),
    nav,
    edit,
    draft: source.draft,
    operation: isGenerated(source.parsed.file) ? source.parsed.file.generated.operation : null,
  }
}
