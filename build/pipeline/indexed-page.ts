import { SECTIONS_JSON, type RenderedDocument } from '../markdown/render.ts'
import { originOf } from '../markdown/rendering-origin.ts'
import { SECTIONS_SOURCE, WRITTEN_TERMS, type IndexedDocument, type RecordTermsText } from '../../search/engine.ts'
import { isGenerated, type SourceFile } from '../content/front-matter.ts'
import type { RenderedSource } from './assemble.ts'

/**
 * What the search index keeps of a page. Its sections are read when the index
 * builder reads them: in the CLI's build they wait in the renderings' file, and
 * read for every page at once they would hold a locale's whole text. A class,
 * not a literal with getters: a literal's own getters are closures that turn
 * each object into a dictionary in V8, about 450 bytes more a page (45 MB at
 * 100,000 pages, held through the index's build).
 */
export class IndexedPage implements IndexedDocument {
  readonly docId: string
  readonly slug: string
  readonly locale: string
  readonly section: string
  readonly title: string
  readonly draft: boolean
  readonly tags: string[]
  readonly keywords?: string
  readonly operation?: NonNullable<IndexedDocument['operation']>
  /** A rendering never changes: a kept index builder tells an unchanged page by it, without reading the sections. */
  readonly [SECTIONS_SOURCE]: IndexedRendering

  /** From what its JSON gives (`fields`) and its rendering: a search thread makes the page again so (search-thread.ts). */
  constructor({ docId, slug, locale, section, title, draft, tags, keywords, operation }: IndexedFields, rendered: IndexedRendering) {
    this.docId = docId
    this.slug = slug
    this.locale = locale
    this.section = section
    this.title = title
    this.draft = draft
    this.tags = tags
    if (keywords !== undefined) this.keywords = keywords
    if (operation !== undefined) this.operation = operation
    this[SECTIONS_SOURCE] = rendered
  }

  static of({ docId, slug, locale, section, title, draft, rendered, parsed }: RenderedSource): IndexedPage {
    return new IndexedPage({ docId, slug, locale, section, title, draft, tags: parsed.data.tags ?? [], ...apiSearchFields(parsed.file) }, rendered)
  }

  get sections(): IndexedDocument['sections'] {
    return this[SECTIONS_SOURCE].sections
  }

  get [WRITTEN_TERMS](): RecordTermsText | null {
    return this[SECTIONS_SOURCE].recordTerms
  }

  /**
   * What names the page's sections and terms in the index's memo key: its rendering's origin, which names them
   * exactly without reading them (at 100,000 pages, reading and hashing the sections was 3.8 s of the search
   * thread's time), else its sections as JSON, as their rendering holds them when it does (see SECTIONS_JSON).
   */
  textsKey(): string {
    const rendered = this[SECTIONS_SOURCE]
    const origin = originOf(rendered)
    return origin === undefined ? (rendered[SECTIONS_JSON] ?? JSON.stringify(rendered.sections)) : `origin ${origin}`
  }

  /** The page as the index's memo key reads it (search-index.ts): every field but its sections, which it reads by textsKey. */
  toJSON(): IndexedFields {
    const { docId, slug, locale, section, title, draft, tags, keywords, operation } = this
    return {
      docId,
      slug,
      locale,
      section,
      title,
      draft,
      tags,
      ...(keywords === undefined ? {} : { keywords }),
      ...(operation === undefined ? {} : { operation }),
    }
  }
}

/** What the index reads of a page's rendering: its sections, their terms, and their JSON when the rendering holds it. */
export type IndexedRendering = Pick<RenderedDocument, 'sections' | 'recordTerms' | typeof SECTIONS_JSON>

/** What a page is in the index besides its sections: its JSON. */
export type IndexedFields = Omit<IndexedDocument, 'sections' | typeof SECTIONS_SOURCE | typeof WRITTEN_TERMS>

/**
 * What search keeps of an API reference page beyond its text: the words a
 * reader types for an operation (its operationId, method and path), which
 * rank as its title, and the method and path its hits show. None for a page
 * of Markdown, whose index stays as it was.
 */
function apiSearchFields(file: SourceFile): Pick<IndexedDocument, 'keywords' | 'operation'> {
  if (!isGenerated(file)) return {}
  const { operation, searchTerms } = file.generated
  return {
    ...(searchTerms ? { keywords: searchTerms } : {}),
    ...(operation ? { operation: { method: operation.method.toUpperCase(), path: operation.path } } : {}),
  }
}
