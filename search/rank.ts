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
 * site), so it reads only the records between the document's lowest and
 * highest posting: scores are never negative (no weight is), so the records
 * outside, all 0, add nothing to the sum (in record order, as before) and are
 * the best only when every record is 0, and then the first is.
 */
export function topDocuments(index: LoadedIndex, scratch: Scratch, docs: Uint32Array, limit: number, sectionBoost: Set<string>, weights: RankWeights): RankedDocument[] {
  const { docFirstRecord, docSectionAt } = index
  const { recordScores, docLowRecord, docHighRecord } = scratch
  const { otherRecordsWeight } = weights
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
    const low = docLowRecord[doc] as number
    const high = docHighRecord[doc] as number
    let best = low
    let bestScore = recordScores[low] as number
    let total = bestScore
    for (let record = low + 1; record <= high; record++) {
      const recordScore = recordScores[record] as number
      total += recordScore
      if (recordScore > bestScore) {
        best = record
        bestScore = recordScore
      }
    }
    const score = (bestScore + otherRecordsWeight * (total - bestScore)) * (boosts[docSectionAt[doc] as number] as number)
    if (top.length === limit && !(score > floorScore || (score === floorScore && doc < floorDoc))) continue
    let at = top.length
    while (at > 0 && outranks(score, doc, top[at - 1] as RankedDocument)) at--
    const first = docFirstRecord[doc] as number
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
