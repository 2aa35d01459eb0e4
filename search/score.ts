import { isVisible } from '../contract/visibility.ts'
import { accumulate, clearScratch, type ListWeights } from './accumulate.ts'
import type { Scratch } from './caches.ts'
import { sectionOf, type LoadedIndex } from './codec.ts'
import { expandQueryTerm, type Expansion } from './expand.ts'
import { countFacets, type Facets } from './facets.ts'
import { documentFrequencies } from './frequencies.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { topDocuments, type RankedDocument } from './rank.ts'

/** One query, as the route hands it over. */
export interface ScoredQueryInput {
  /** Query words, tokenized as the index was. */
  terms: string[]
  /** Their joined forms (tokenize.ts indexTerms): each adds to documents the words found, and finds none alone. */
  joined: string[]
  sectionBoost: Set<string>
  canReadDrafts: boolean
  limit: number
  /** Keep only documents in one of these sections / with one of these tags; null keeps all. */
  sections: Set<string> | null
  tags: Set<string> | null
}

/** A query term (a word, then the joined forms) and what it matched in the vocabulary. */
export interface TermMatch {
  query: string
  position: number
  expansions: Expansion[]
}

export interface ScoredQuery {
  documents: RankedDocument[]
  /** Every query term with its expansions (prefixes, typos, synonyms), for highlighting and explain. */
  matches: TermMatch[]
  /** Counts over every matching document, before `limit`. */
  facets: Facets
}

function scratchFor(index: LoadedIndex): Scratch {
  const docCount = index.docFirstRecord.length
  index.caches.scratch ??= {
    recordScores: new Float64Array(index.recordDoc.length),
    recordQuery: new Uint32Array(index.recordDoc.length),
    query: 1,
    docTotals: new Float64Array(docCount),
    docMasks: new Uint32Array(docCount),
    // One more than the documents: scoring writes a document past the count before it knows whether it is new.
    touchedDocs: new Uint32Array(docCount + 1),
    touchedDocCount: 0,
    accepted: new Uint32Array(docCount),
    sectionCounts: new Uint32Array(index.sections.length),
    tagCounts: new Uint32Array(index.tags.length),
  }
  return index.caches.scratch
}

export function listWeights(index: LoadedIndex, expansion: Expansion, options: SearchOptions): ListWeights {
  const { boost, bm25 } = options
  const docCount = index.docFirstRecord.length
  const frequencies = documentFrequencies(index, expansion.term)
  // BM25's idf, in Lucene's form: above zero for any count up to docCount.
  const idf = (count: number) => expansion.weight * Math.log(1 + (docCount - count + 0.5) / (count + 0.5))
  return {
    text: idf(frequencies.text) * boost.text * (bm25.k1 + 1),
    title: idf(frequencies.title) * boost.title,
    heading: idf(frequencies.heading) * boost.heading,
  }
}

/**
 * Scores records for every query term (and its prefix, typo and synonym
 * expansions), keeps documents that match every term (any term, if none
 * matches all) and pass the filters, and ranks documents by their best
 * record plus a share of the others.
 */
export function scoreQuery(index: LoadedIndex, query: ScoredQueryInput, options: SearchOptions = SEARCH_OPTIONS): ScoredQuery {
  const { words: queryTerms, joined } = keptTerms(index.stopTerms, query.terms, query.joined, options)
  const scratch = scratchFor(index)
  const matches = [...queryTerms, ...joined].map((term, position) => ({ query: term, position, expansions: expandQueryTerm(index, term, options) }))
  try {
    // Words first, so that a joined form finds the documents they marked.
    for (const { position, expansions } of matches) {
      const bit = position < queryTerms.length ? 2 ** position : 0
      for (const expansion of expansions) {
        const weights = listWeights(index, expansion, options)
        accumulate(index, scratch, bit, 'text', expansion.term, weights)
        accumulate(index, scratch, bit, 'field', expansion.term, weights)
      }
    }
    const everyTerm = 2 ** queryTerms.length - 1
    let count = acceptDocuments(index, scratch, query, everyTerm)
    if (count === 0) count = acceptDocuments(index, scratch, query, null)
    const accepted = scratch.accepted.subarray(0, count)
    return { documents: topDocuments(index, scratch, accepted, query.limit, query.sectionBoost, options), matches, facets: countFacets(index, scratch, accepted) }
  } finally {
    clearScratch(scratch)
  }
}

/** Fills `scratch.accepted` with the touched documents that match every term (`everyTerm`; null: any) and pass the filters, in touched order; returns how many. */
function acceptDocuments(index: LoadedIndex, scratch: Scratch, query: ScoredQueryInput, everyTerm: number | null): number {
  const filtered = query.sections !== null || query.tags !== null
  const { touchedDocs, touchedDocCount, docMasks, accepted } = scratch
  const { docDraft } = index
  const { canReadDrafts } = query
  let count = 0
  for (let at = 0; at < touchedDocCount; at++) {
    const doc = touchedDocs[at] as number
    if (everyTerm !== null && docMasks[doc] !== everyTerm) continue
    if (!isVisible(docDraft[doc] === 1, canReadDrafts) || (filtered && !inFilters(index, doc, query))) continue
    accepted[count++] = doc
  }
  return count
}

/** The query's words and joined forms that are looked up: each once, no stop term, at most maxQueryTerms of each. */
export function keptTerms(stopTerms: Set<string>, words: string[], joined: string[], options: SearchOptions): { words: string[]; joined: string[] } {
  const kept = (terms: string[]) => [...new Set(terms)].filter((term) => !stopTerms.has(term)).slice(0, options.maxQueryTerms)
  return { words: kept(words), joined: kept(joined) }
}

/** A document's tags, by name. */
export function tagsOf(index: LoadedIndex, doc: number): string[] {
  const tags: string[] = []
  for (let at = index.docTagStart[doc] as number; at < (index.docTagStart[doc + 1] as number); at++) tags.push(index.tags[index.docTagList[at] as number] as string)
  return tags
}

function inFilters(index: LoadedIndex, doc: number, query: ScoredQueryInput): boolean {
  if (query.sections && !query.sections.has(sectionOf(index, doc))) return false
  if (!query.tags) return true
  for (let at = index.docTagStart[doc] as number; at < (index.docTagStart[doc + 1] as number); at++) {
    if (query.tags.has(index.tags[index.docTagList[at] as number] as string)) return true
  }
  return false
}
