import { documentUrl, type DisplayChunk, type Manifest, type SearchHit, type SearchResponse } from '../contract/index.ts'
import { sectionOf, type LoadedIndex } from './codec.ts'
import { SearchIndexError } from './errors.ts'
import { excerpt } from './excerpt.ts'
import { explainDocuments } from './explain.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { scoreQuery, tagsOf } from './score.ts'
import { queryTerms } from './tokenize.ts'

export interface SearchQuery {
  query: string
  limit: number
  sectionBoost: string[]
  canReadDrafts: boolean
  filters?: { sections?: string[] | undefined; tags?: string[] | undefined } | undefined
  explain?: boolean | undefined
}

export type { SearchHit }

/** What a search answers: the hits, and counts over every match. */
export type SearchResults = SearchResponse

/** Reads one display chunk of the index (the store caches them per isolate). */
export type DisplayChunkReader = (chunk: number) => Promise<DisplayChunk>

const asSet = (values: string[] | undefined) => (values && values.length > 0 ? new Set(values) : null)

/** Ranks documents for a query and dresses the best ones up as results, one per document. */
export async function runSearch(
  index: LoadedIndex,
  site: Manifest['site'],
  query: SearchQuery,
  readChunk: DisplayChunkReader,
  options: SearchOptions = SEARCH_OPTIONS,
): Promise<SearchResults> {
  const sectionBoost = new Set(query.sectionBoost)
  const { words, joined } = queryTerms(query.query, index.locale)
  const scored = scoreQuery(
    index,
    { terms: words, joined, sectionBoost, canReadDrafts: query.canReadDrafts, limit: query.limit, sections: asSet(query.filters?.sections), tags: asSet(query.filters?.tags) },
    options,
  )
  const termOf = new Map<string, string>()
  for (const { query: term, expansions } of scored.matches) for (const { term: matched } of expansions) termOf.set(index.terms[matched] as string, term)
  const explanations = query.explain ? explainDocuments(index, scored.documents, scored.matches, sectionBoost, options) : []
  const chunks = new Map<number, Promise<DisplayChunk>>()
  const results = await Promise.all(
    scored.documents.map(async ({ doc, bestRecord, score }, rank) => {
      const chunk = Math.floor(doc / index.displayChunkSize)
      if (!chunks.has(chunk)) chunks.set(chunk, readChunk(chunk))
      const shown = (await chunks.get(chunk))?.documents[doc % index.displayChunkSize]
      if (!shown) throw new SearchIndexError(`display chunk ${chunk} has no document ${doc}`)
      const headingEntry = bestRecord > 0 ? shown.headings[bestRecord - 1] : undefined
      const heading = headingEntry ? { id: headingEntry[0], text: headingEntry[1] } : null
      const base = documentUrl(site.baseUrl, site.defaultLocale, shown.locale, shown.slug)
      const hit: SearchHit = {
        slug: shown.slug,
        title: shown.title,
        section: sectionOf(index, doc),
        tags: tagsOf(index, doc),
        heading,
        url: heading ? `${base}#${heading.id}` : base,
        excerpt: excerpt(shown.previews[bestRecord] ?? '', index.locale, (term) => termOf.get(term), options.excerptLength),
        score: Math.round(score * 1000) / 1000,
        locale: shown.locale,
        operation: shown.operation ?? null,
      }
      const explanation = explanations[rank]
      return explanation ? { ...hit, explain: explanation } : hit
    }),
  )
  return { results, facets: scored.facets }
}
