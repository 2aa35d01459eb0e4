import type { LoadedIndex } from './codec.ts'
import { expandTerm } from './expand.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { ByteReader } from './varint.ts'

/** One query, as the route hands it over. */
export interface ScoredQueryInput {
  /** Query terms, tokenized as the index was. */
  terms: string[]
  sectionBoost: Set<string>
  canReadDrafts: boolean
  limit: number
}

export interface RankedDocument {
  doc: number
  /** The record that matched best: 0 is the intro, n the n-th heading section. */
  bestRecord: number
  score: number
}

export interface ScoredQuery {
  documents: RankedDocument[]
  /** Vocabulary terms that matched (with prefixes and typos), for highlighting. */
  matched: string[]
}

/** Per-query accumulators, sized to one index and reset after each query. */
interface Scratch {
  recordScores: Float64Array
  docMasks: Uint32Array
  touchedRecords: number[]
  touchedDocs: number[]
}

// Deliberate isolate cache: allocating ~1 MB of accumulators per query would
// dominate search time on a 10k-document index. scoreQuery never awaits, so
// two requests of one isolate never use the scratch at the same time.
const scratchByIndex = new WeakMap<LoadedIndex, Scratch>()

function scratchFor(index: LoadedIndex): Scratch {
  let scratch = scratchByIndex.get(index)
  if (!scratch) {
    scratch = {
      recordScores: new Float64Array(index.recordDoc.length),
      docMasks: new Uint32Array(index.docFirstRecord.length),
      touchedRecords: [],
      touchedDocs: [],
    }
    scratchByIndex.set(index, scratch)
  }
  return scratch
}

/**
 * Scores records for every query term (and its prefix and typo expansions),
 * keeps documents that match every term (any term, if none matches all),
 * and ranks documents by their best record plus a share of the others.
 */
export function scoreQuery(index: LoadedIndex, query: ScoredQueryInput, options: SearchOptions = SEARCH_OPTIONS): ScoredQuery {
  const queryTerms = [...new Set(query.terms)].filter((term) => !index.stopTerms.has(term)).slice(0, options.maxQueryTerms)
  const { boost, bm25 } = options
  const scratch = scratchFor(index)
  const { recordScores, docMasks, touchedRecords, touchedDocs } = scratch
  const matched: string[] = []
  const recordCount = index.recordDoc.length
  const docCount = index.docFirstRecord.length
  try {
    queryTerms.forEach((queryTerm, position) => {
      const bit = 2 ** position
      for (const { term, weight } of expandTerm(index, queryTerm, options)) {
        matched.push(index.terms[term] as string)
        const textCount = index.textCount[term] as number
        const textWeight = weight * boost.text * Math.log(1 + (recordCount - textCount + 0.5) / (textCount + 0.5)) * (bm25.k1 + 1)
        accumulate(index, scratch, bit, index.textPostings, index.textStart, term, { text: textWeight })
        const fieldCount = index.fieldCount[term] as number
        const fieldIdf = weight * Math.log(1 + (docCount - fieldCount + 0.5) / (fieldCount + 0.5))
        accumulate(index, scratch, bit, index.fieldPostings, index.fieldStart, term, { title: fieldIdf * boost.title, heading: fieldIdf * boost.heading })
      }
    })
    return { documents: rankDocuments(index, scratch, queryTerms.length, query, options), matched }
  } finally {
    for (const record of touchedRecords) recordScores[record] = 0
    for (const doc of touchedDocs) docMasks[doc] = 0
    touchedRecords.length = 0
    touchedDocs.length = 0
  }
}

function rankDocuments(index: LoadedIndex, scratch: Scratch, termCount: number, query: ScoredQueryInput, options: SearchOptions): RankedDocument[] {
  const everyTerm = 2 ** termCount - 1
  const visible = (doc: number) => query.canReadDrafts || !index.docDraft[doc]
  const top = topDocuments(index, scratch, query, options, (doc) => scratch.docMasks[doc] === everyTerm && visible(doc))
  return top.length > 0 ? top : topDocuments(index, scratch, query, options, visible)
}

/** The `limit` best documents that pass `accept`, kept in a small sorted array (no full sort). */
function topDocuments(index: LoadedIndex, scratch: Scratch, query: ScoredQueryInput, options: SearchOptions, accept: (doc: number) => boolean) {
  const top: Array<{ doc: number; bestRecord: number; score: number }> = []
  for (const doc of scratch.touchedDocs) {
    if (!accept(doc)) continue
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
    const boost = query.sectionBoost.has(index.docSection[doc] as string) ? options.sectionBoost : 1
    const score = (bestScore + options.otherRecordsWeight * (total - bestScore)) * boost
    if (top.length === query.limit && !outranks(score, doc, top[top.length - 1] as { doc: number; score: number })) continue
    let at = top.length
    while (at > 0 && outranks(score, doc, top[at - 1] as { doc: number; score: number })) at--
    top.splice(at, 0, { doc, bestRecord: best - first, score })
    if (top.length > query.limit) top.pop()
  }
  return top
}

const outranks = (score: number, doc: number, other: { doc: number; score: number }) => score > other.score || (score === other.score && doc < other.doc)

/** How a list scores: body text by BM25 (flag: the term repeats), fields by kind (flag: title). */
type ListWeights = { text: number } | { title: number; heading: number }

/** Adds each posting's score to its record and marks its document as matching query term `bit`. */
function accumulate(index: LoadedIndex, scratch: Scratch, bit: number, bytes: Uint8Array, starts: Uint32Array, term: number, weights: ListWeights) {
  const text = 'text' in weights ? weights.text : 0
  const title = 'title' in weights ? weights.title : 0
  const heading = 'heading' in weights ? weights.heading : 0
  const { recordScores, docMasks, touchedRecords, touchedDocs } = scratch
  const end = starts[term + 1] as number
  const reader = new ByteReader(bytes, starts[term] as number)
  let record = 0
  while (reader.offset < end) {
    const value = reader.varint()
    record += Math.floor(value / 2)
    const score = recordScores[record] as number
    if (score === 0) touchedRecords.push(record)
    const flag = value % 2 === 1
    const tf = flag ? 2 : 1
    recordScores[record] = score + (text > 0 ? (text * tf) / (tf + (index.lengthNorm[record] as number)) : flag ? title : heading)
    const doc = index.recordDoc[record] as number
    const mask = docMasks[doc] as number
    if (mask === 0) touchedDocs.push(doc)
    docMasks[doc] = mask | bit
  }
}
