import { expandTerm } from './expand.ts'
import type { LoadedIndex } from './load.ts'
import { ByteReader } from './varint.ts'

export interface ScoreOptions {
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
  /** Vocabulary terms that matched, for highlighting. */
  matched: string[]
}

// A title match outranks a heading match, which outranks body text.
export const BOOST = { title: 6, heading: 3, text: 1 } as const
const SECTION_BOOST = 2
// BM25 parameters for body text.
const K1 = 1.2
const B = 0.7
// Other matching sections of a document add to its score, at a discount.
const OTHER_RECORDS_WEIGHT = 0.25

/**
 * Scores records for every query term (and its prefix and typo expansions),
 * keeps documents that match every term (any term, if none matches all),
 * and ranks documents by their best record plus a share of the others.
 */
export function scoreQuery(index: LoadedIndex, options: ScoreOptions): RankedDocument[] {
  const queryTerms = [...new Set(options.terms)].filter((term) => !index.stopTerms.has(term)).slice(0, 30)
  const recordScores = new Map<number, number>()
  const docTerms = new Map<number, number>()
  const matched: string[] = []
  const recordCount = index.recordDoc.length
  queryTerms.forEach((query, position) => {
    for (const { term, weight } of expandTerm(index, query)) {
      matched.push(index.terms[term] as string)
      const credit = (record: number, value: number) => {
        recordScores.set(record, (recordScores.get(record) ?? 0) + value)
        const doc = index.recordDoc[record] as number
        docTerms.set(doc, (docTerms.get(doc) ?? 0) | (1 << position))
      }
      forEachPosting(index.textPostings, index.textStart, term, (record, repeated, count) => {
        const idf = Math.log(1 + (recordCount - count + 0.5) / (count + 0.5))
        const tf = repeated ? 2 : 1
        const norm = tf + K1 * (1 - B + (B * (index.recordLength[record] as number)) / index.averageLength)
        credit(record, weight * BOOST.text * idf * ((tf * (K1 + 1)) / norm))
      })
      forEachPosting(index.fieldPostings, index.fieldStart, term, (record, isTitle, count) => {
        const idf = Math.log(1 + (index.docFirstRecord.length - count + 0.5) / (count + 0.5))
        credit(record, weight * idf * (isTitle ? BOOST.title : BOOST.heading))
      })
    }
  })
  const everyTerm = (1 << queryTerms.length) - 1
  const visible = (doc: number) => options.canReadDrafts || !index.docDraft[doc]
  let docs = [...docTerms].filter(([doc, mask]) => mask === everyTerm && visible(doc)).map(([doc]) => doc)
  if (docs.length === 0) docs = [...docTerms.keys()].filter(visible)
  const candidates = new Set(docs)

  const best = new Map<number, { record: number; score: number; total: number }>()
  for (const [record, score] of recordScores) {
    const doc = index.recordDoc[record] as number
    if (!candidates.has(doc)) continue
    const current = best.get(doc)
    if (!current) best.set(doc, { record, score, total: score })
    else {
      current.total += score
      if (score > current.score) Object.assign(current, { record, score })
    }
  }
  return [...best]
    .map(([doc, { record, score, total }]) => ({
      doc,
      bestRecord: record - (index.docFirstRecord[doc] as number),
      score: (score + OTHER_RECORDS_WEIGHT * (total - score)) * (options.sectionBoost.has(index.docSection[doc] as string) ? SECTION_BOOST : 1),
      matched,
    }))
    .sort((a, b) => b.score - a.score || a.doc - b.doc)
    .slice(0, options.limit)
}

/** Calls `visit(record, flag, listLength)` for each posting of a term's list. */
function forEachPosting(bytes: Uint8Array, starts: Uint32Array, term: number, visit: (record: number, flag: boolean, count: number) => void) {
  const end = starts[term + 1] as number
  const postings: number[] = []
  const reader = new ByteReader(bytes, starts[term] as number)
  let record = 0
  while (reader.offset < end) {
    const value = reader.varint()
    record += Math.floor(value / 2)
    postings.push(record * 2 + (value % 2))
  }
  for (const posting of postings) visit(Math.floor(posting / 2), posting % 2 === 1, postings.length)
}
