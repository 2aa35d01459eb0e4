import type { Scratch } from './caches.ts'
import type { LoadedIndex } from './codec.ts'

export interface RankedDocument {
  doc: number
  /** The record that matched best: 0 is the intro, n the n-th heading section. */
  bestRecord: number
  score: number
}

/** How documents' record scores become one score: the knobs of SearchOptions that say so. */
export interface RankWeights {
  otherRecordsWeight: number
  sectionBoost: number
}

/**
 * The `limit` best of `docs`, kept in a small sorted array (no full sort):
 * a document's score is its best record (the first of the highest) plus a
 * share of the others, times the section boost. Ties go to the earlier
 * document. Runs once per matching document (tens of thousands on a large
 * site), so it reads a document's records only when the sum of their scores
 * could enter the list: scores are never negative (no weight is).
 */
export function topDocuments(index: LoadedIndex, scratch: Scratch, docs: Uint32Array, limit: number, sectionBoost: Set<string>, weights: RankWeights): RankedDocument[] {
  const { docFirstRecord, docSectionAt } = index
  const { recordScores, recordQuery, query, docTotals } = scratch
  const recordCount = index.recordDoc.length
  const { otherRecordsWeight } = weights
  // A score is at most the records' sum times the larger of 1 and the others' weight (a bench may tune it
  // past 1); the sum was added up in another order than the one below, hence the margin of far more than its rounding.
  const ceiling = Math.max(1, otherRecordsWeight) * (1 + 1e-9)
  // By section position: a lookup of each document's section name in a Set cost as much as scoring it.
  const boosts = new Float64Array(index.sections.length).fill(1)
  index.sections.forEach((section, position) => {
    if (sectionBoost.has(section)) boosts[position] = weights.sectionBoost
  })
  const top: RankedDocument[] = []
  // The score a document must beat to enter a full list (its last), and that document.
  let floorScore = Number.NEGATIVE_INFINITY
  let floorDoc = -1
  for (let position = 0; position < docs.length; position++) {
    const doc = docs[position] as number
    const boost = boosts[docSectionAt[doc] as number] as number
    // Most documents of a frequent word cannot enter a full list: skip reading their records.
    if (top.length === limit && (docTotals[doc] as number) * boost * ceiling < floorScore) continue
    const first = docFirstRecord[doc] as number
    const end = doc + 1 < docFirstRecord.length ? (docFirstRecord[doc + 1] as number) : recordCount
    let best = first
    let bestScore = 0
    let total = 0
    for (let record = first; record < end; record++) {
      // A record no posting of this query added to holds a stale score: it counts 0.
      const recordScore = recordQuery[record] === query ? (recordScores[record] as number) : 0
      total += recordScore
      if (recordScore > bestScore) {
        best = record
        bestScore = recordScore
      }
    }
    const score = (bestScore + otherRecordsWeight * (total - bestScore)) * boost
    if (top.length === limit && !(score > floorScore || (score === floorScore && doc < floorDoc))) continue
    let at = top.length
    while (at > 0 && outranks(score, doc, top[at - 1] as RankedDocument)) at--
    top.splice(at, 0, { doc, bestRecord: bestScore > 0 ? best - first : 0, score })
    if (top.length > limit) top.pop()
    if (top.length === limit) {
      const last = top[limit - 1] as RankedDocument
      floorScore = last.score
      floorDoc = last.doc
    }
  }
  return top
}

const outranks = (score: number, doc: number, other: RankedDocument) => score > other.score || (score === other.score && doc < other.doc)
