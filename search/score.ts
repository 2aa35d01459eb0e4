import { isVisible } from '../contract/visibility.ts'
import type { Scratch } from './caches.ts'
import type { LoadedIndex } from './codec.ts'
import { expandQueryTerm, type Expansion } from './expand.ts'
import { countFacets, type Facets } from './facets.ts'
import { documentFrequencies } from './frequencies.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { ByteReader } from './varint.ts'

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

export interface RankedDocument {
  doc: number
  /** The record that matched best: 0 is the intro, n the n-th heading section. */
  bestRecord: number
  score: number
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
    docMasks: new Uint32Array(docCount),
    touchedRecords: new Uint32Array(1024),
    touchedRecordCount: 0,
    touchedDocs: new Uint32Array(docCount),
    touchedDocCount: 0,
    accepted: new Uint32Array(docCount),
    sectionCounts: new Uint32Array(index.sections.length),
    tagCounts: new Uint32Array(index.tags.length),
  }
  return index.caches.scratch
}

/** How much a posting of each list is worth for one expansion; the flag says which weight applies. */
export interface ListWeights {
  /** Body text, scored by BM25: `text × tf / (tf + lengthNorm)`, tf 2 when the flag (repeats) is set. */
  text: number
  /** Title (flag set) and heading (flag clear) words. */
  title: number
  heading: number
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

export const textScore = (weight: number, repeats: boolean, lengthNorm: number) => (weight * (repeats ? 2 : 1)) / ((repeats ? 2 : 1) + lengthNorm)

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
    return { documents: topDocuments(index, scratch, accepted, query, options), matches, facets: countFacets(index, scratch, accepted) }
  } finally {
    for (let at = 0; at < scratch.touchedRecordCount; at++) scratch.recordScores[scratch.touchedRecords[at] as number] = 0
    for (let at = 0; at < scratch.touchedDocCount; at++) scratch.docMasks[scratch.touchedDocs[at] as number] = 0
    scratch.touchedRecordCount = 0
    scratch.touchedDocCount = 0
  }
}

/** Fills `scratch.accepted` with the touched documents that match every term (`everyTerm`; null: any) and pass the filters, in touched order; returns how many. */
function acceptDocuments(index: LoadedIndex, scratch: Scratch, query: ScoredQueryInput, everyTerm: number | null): number {
  const filtered = query.sections !== null || query.tags !== null
  const { touchedDocs, docMasks, accepted } = scratch
  let count = 0
  for (let at = 0; at < scratch.touchedDocCount; at++) {
    const doc = touchedDocs[at] as number
    if (everyTerm !== null && docMasks[doc] !== everyTerm) continue
    if (!isVisible(index.docDraft[doc] === true, query.canReadDrafts) || (filtered && !inFilters(index, doc, query))) continue
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
  if (query.sections && !query.sections.has(index.docSection[doc] as string)) return false
  if (!query.tags) return true
  for (let at = index.docTagStart[doc] as number; at < (index.docTagStart[doc + 1] as number); at++) {
    if (query.tags.has(index.tags[index.docTagList[at] as number] as string)) return true
  }
  return false
}

/** The `limit` best documents, kept in a small sorted array (no full sort). */
function topDocuments(index: LoadedIndex, scratch: Scratch, docs: Uint32Array, query: ScoredQueryInput, options: SearchOptions): RankedDocument[] {
  const top: RankedDocument[] = []
  // By section position: a lookup of each document's section name in a Set cost as much as scoring it.
  const boosted = new Uint8Array(index.sections.length)
  index.sections.forEach((section, position) => {
    if (query.sectionBoost.has(section)) boosted[position] = 1
  })
  for (let position = 0; position < docs.length; position++) {
    const doc = docs[position] as number
    const first = index.docFirstRecord[doc] as number
    const end = doc + 1 < index.docFirstRecord.length ? (index.docFirstRecord[doc + 1] as number) : index.recordDoc.length
    let best = first
    let total = 0
    for (let record = first; record < end; record++) {
      const recordScore = scratch.recordScores[record] as number
      total += recordScore
      if (recordScore > (scratch.recordScores[best] as number)) best = record
    }
    const bestScore = scratch.recordScores[best] as number
    const boost = boosted[index.docSectionAt[doc] as number] === 1 ? options.sectionBoost : 1
    const score = (bestScore + options.otherRecordsWeight * (total - bestScore)) * boost
    if (top.length === query.limit && !outranks(score, doc, top[top.length - 1] as RankedDocument)) continue
    let at = top.length
    while (at > 0 && outranks(score, doc, top[at - 1] as RankedDocument)) at--
    top.splice(at, 0, { doc, bestRecord: best - first, score })
    if (top.length > query.limit) top.pop()
  }
  return top
}

const outranks = (score: number, doc: number, other: RankedDocument) => score > other.score || (score === other.score && doc < other.doc)

/**
 * Adds each posting's score to its record and marks its document as matching
 * query term `bit`. Bit 0 (a joined form) adds only to documents a word
 * already marked. The flag of a text posting says the term repeats in the
 * record; of a field posting, that the word is in the title. This loop runs
 * once per posting, so it reads varints and scores inline, with no callback.
 */
function accumulate(index: LoadedIndex, scratch: Scratch, bit: number, list: 'text' | 'field', term: number, weights: ListWeights) {
  const { recordScores, docMasks, touchedDocs } = scratch
  let { touchedRecords, touchedRecordCount, touchedDocCount } = scratch
  const isText = list === 'text'
  const starts = isText ? index.textStart : index.fieldStart
  const end = starts[term + 1] as number
  const reader = new ByteReader(isText ? index.textPostings : index.fieldPostings, starts[term] as number)
  let record = 0
  while (reader.offset < end) {
    const value = reader.varint()
    record += Math.floor(value / 2)
    const flag = value % 2 === 1
    const doc = index.recordDoc[record] as number
    const mask = docMasks[doc] as number
    if (mask === 0) {
      if (bit === 0) continue
      touchedDocs[touchedDocCount++] = doc
    }
    docMasks[doc] = mask | bit
    const score = recordScores[record] as number
    if (score === 0) {
      // A weight of 0 (a bench's tuning) leaves a record at 0, so it may come twice: grow rather than assume.
      if (touchedRecordCount === touchedRecords.length) touchedRecords = grown(touchedRecords)
      touchedRecords[touchedRecordCount++] = record
    }
    recordScores[record] = score + (isText ? textScore(weights.text, flag, index.lengthNorm[record] as number) : flag ? weights.title : weights.heading)
  }
  scratch.touchedRecords = touchedRecords
  scratch.touchedRecordCount = touchedRecordCount
  scratch.touchedDocCount = touchedDocCount
}

function grown(list: Uint32Array): Uint32Array {
  const larger = new Uint32Array(list.length * 2)
  larger.set(list)
  return larger
}
