import type { Scratch } from './caches.ts'
import type { LoadedIndex } from './codec.ts'

/** How much a posting of each list is worth for one expansion; the flag says which weight applies. */
export interface ListWeights {
  /** Body text, scored by BM25: `text × tf / (tf + lengthNorm)`, tf 2 when the flag (repeats) is set. */
  text: number
  /** Title (flag set) and heading (flag clear) words. */
  title: number
  heading: number
}

export const textScore = (weight: number, repeats: boolean, lengthNorm: number) => (weight * (repeats ? 2 : 1)) / ((repeats ? 2 : 1) + lengthNorm)

/**
 * Adds each posting's score to its record and to its document's total, and
 * marks its document as matching query term `bit`. Bit 0 (a joined form) adds
 * only to documents a word already marked. The flag of a text posting says the
 * term repeats in the record; of a field posting, that the word is in the title.
 * This loop runs once per posting, so it reads varints and scores inline, with
 * no callback and no reader object: shards were checked when decoded
 * (shard-codec.ts), so every varint ends before its list does.
 */
export function accumulate(index: LoadedIndex, scratch: Scratch, bit: number, list: 'text' | 'field', term: number, weights: ListWeights) {
  const { recordScores, recordQuery, query, docTotals, docMasks, touchedDocs } = scratch
  const { recordDoc, recordLength } = index
  const { k1, b, averageLength } = index.bm25
  let { touchedDocCount } = scratch
  const isText = list === 'text'
  const starts = isText ? index.textStart : index.fieldStart
  const bytes = isText ? index.textPostings : index.fieldPostings
  // textScore with tf = 1 + flag and lengthNormOf (record-lengths.ts), inline: the same operations on the same numbers, so the same score.
  const { text: once, title, heading } = weights
  const repeated = once * 2
  const end = starts[term + 1] as number
  let offset = starts[term] as number
  let record = 0
  while (offset < end) {
    let value = bytes[offset++] as number
    if (value >= 0x80) {
      value &= 0x7f
      let scale = 0x80
      for (;;) {
        const byte = bytes[offset++] as number
        value += (byte & 0x7f) * scale
        if (byte < 0x80) break
        scale *= 0x80
      }
    }
    // A posting is below 2 × the record count (checked when its shard was decoded), so it fits 32 bits.
    record += value >>> 1
    const flag = value & 1
    const doc = recordDoc[record] as number
    const mask = docMasks[doc] as number
    if (bit === 0 && mask === 0) continue
    // Without branches where the answer flips from posting to posting (a new document or not, a record
    // touched before or not): mispredicted, they cost a third of the loop on a frequent word.
    touchedDocs[touchedDocCount] = doc
    touchedDocCount += +(mask === 0)
    docMasks[doc] = mask | bit
    const score = isText ? (flag === 1 ? repeated : once) / (1 + flag + k1 * (1 - b + (b * (recordLength[record] as number)) / averageLength)) : flag === 1 ? title : heading
    const stale = recordQuery[record] !== query
    recordQuery[record] = query
    recordScores[record] = (stale ? 0 : (recordScores[record] as number)) + score
    docTotals[doc] = (docTotals[doc] as number) + score
  }
  scratch.touchedDocCount = touchedDocCount
}

/**
 * Readies the scratch for the next query: its documents' totals and masks go
 * back to zero, and record scores of this query are stale once the query
 * number moves on (clearing them cost more than the scoring).
 */
export function clearScratch(scratch: Scratch): void {
  const { docTotals, docMasks, touchedDocs, touchedDocCount } = scratch
  for (let at = 0; at < touchedDocCount; at++) {
    const doc = touchedDocs[at] as number
    docTotals[doc] = 0
    docMasks[doc] = 0
  }
  scratch.touchedDocCount = 0
  if (scratch.query === 0xffffffff) {
    scratch.recordQuery.fill(0)
    scratch.query = 0
  }
  scratch.query++
}
