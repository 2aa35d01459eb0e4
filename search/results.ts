import { documentUrl, type DisplayChunk, type Manifest } from '../contract/index.ts'
import type { LoadedIndex } from './codec.ts'
import { SearchIndexError } from './errors.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { scoreQuery } from './score.ts'
import { tokenize } from './tokenize.ts'

export interface SearchQuery {
  query: string
  limit: number
  sectionBoost: string[]
  canReadDrafts: boolean
}

export interface SearchHit {
  slug: string
  title: string
  section: string
  heading: { id: string; text: string } | null
  url: string
  excerpt: string
  score: number
  locale: string
}

/** Reads one display chunk of the index (the store caches them per isolate). */
export type DisplayChunkReader = (chunk: number) => Promise<DisplayChunk>

/** Ranks documents for a query and dresses the best ones up as results, one per document. */
export async function runSearch(
  index: LoadedIndex,
  site: Manifest['site'],
  query: SearchQuery,
  readChunk: DisplayChunkReader,
  options: SearchOptions = SEARCH_OPTIONS,
): Promise<SearchHit[]> {
  const scored = { terms: tokenize(query.query), sectionBoost: new Set(query.sectionBoost), canReadDrafts: query.canReadDrafts, limit: query.limit }
  const { documents, matched } = scoreQuery(index, scored, options)
  const chunks = new Map<number, Promise<DisplayChunk>>()
  return Promise.all(
    documents.map(async ({ doc, bestRecord, score }) => {
      const chunk = Math.floor(doc / index.displayChunkSize)
      if (!chunks.has(chunk)) chunks.set(chunk, readChunk(chunk))
      const shown = (await chunks.get(chunk))?.documents[doc % index.displayChunkSize]
      if (!shown) throw new SearchIndexError(`display chunk ${chunk} has no document ${doc}`)
      const headingEntry = bestRecord > 0 ? shown.headings[bestRecord - 1] : undefined
      const heading = headingEntry ? { id: headingEntry[0], text: headingEntry[1] } : null
      const base = documentUrl(site.baseUrl, site.defaultLocale, shown.locale, shown.slug)
      return {
        slug: shown.slug,
        title: shown.title,
        section: index.docSection[doc] as string,
        heading,
        url: heading ? `${base}#${heading.id}` : base,
        excerpt: excerpt(shown.previews[bestRecord] ?? '', matched, options.excerptLength),
        score: Math.round(score * 1000) / 1000,
        locale: shown.locale,
      }
    }),
  )
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** A window of the section text around the first match, matched words in `<mark>`. */
export function excerpt(text: string, terms: string[], length: number = SEARCH_OPTIONS.excerptLength): string {
  const words = [...text.matchAll(/[\p{L}\p{N}_]+/gu)]
  const isMatch = (word: string) => terms.some((term) => word.toLowerCase().startsWith(term))
  const first = words.find((word) => isMatch(word[0]))
  const start = first ? Math.max(0, (first.index ?? 0) - 40) : 0
  const windowStart = start === 0 ? 0 : text.indexOf(' ', start) + 1
  const window = text.slice(windowStart, windowStart + length)
  const marked = window.replace(/[\p{L}\p{N}_]+|[^\p{L}\p{N}_]+/gu, (chunk) =>
    isMatch(chunk) ? `<mark>${escapeHtml(chunk)}</mark>` : escapeHtml(chunk),
  )
  return `${windowStart > 0 ? '…' : ''}${marked}${windowStart + length < text.length ? '…' : ''}`
}
