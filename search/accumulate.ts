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
 * Adds each posting's score to its record and marks its document as matching
 * query term `bit`. Bit 0 (a joined form) adds only to documents a word
 * already marked. The flag of a text posting says the term repeats in the
 * record; of a field posting, that the word is in the title. This loop runs
 * once per posting, so it reads varints and scores inline, with no callback
 * and no reader object: shards were checked when decoded (shard-codec.ts),
 * so every varint ends before its list does.
 */
export function accumulate(index: LoadedIndex, scratch: Scratch, bit: number, list: 'text' | 'field', term: number, weights: ListWeights) {
  const { recordScores, docMasks, touchedDocs, docLowRecord, docHighRecord } = scratch
  const { recordDoc, lengthNorm } = index
  let { touchedRecords, touchedRecordCount, touchedDocCount } = scratch
  const isText = list === 'text'
  const starts = isText ? index.textStart : index.fieldStart
  const bytes = isText ? index.textPostings : index.fieldPostings
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
    const flag = (value & 1) === 1
    const doc = recordDoc[record] as number
    const mask = docMasks[doc] as number
    if (mask === 0) {
      if (bit === 0) continue
      touchedDocs[touchedDocCount++] = doc
      docLowRecord[doc] = record
      docHighRecord[doc] = record
    } else if (record < (docLowRecord[doc] as number)) docLowRecord[doc] = record
    else if (record > (docHighRecord[doc] as number)) docHighRecord[doc] = record
    docMasks[doc] = mask | bit
    const score = recordScores[record] as number
    if (score === 0) {
      // A weight of 0 (a bench's tuning) leaves a record at 0, so it may come twice: grow rather than assume.
      if (touchedRecordCount === touchedRecords.length) touchedRecords = grown(touchedRecords)
      touchedRecords[touchedRecordCount++] = record
    }
    recordScores[record] = score + (isText ? textScore(weights.text, flag, lengthNorm[record] as number) : flag ? weights.title : weights.heading)
  }
  scratch.touchedRecords = touchedRecords
  scratch.touchedRecordCount = touchedRecordCount
  scratch.touchedDocCount = touchedDocCount
}

/** Sets every score and mask a query touched back to zero, for the next query. */
export function clearScratch(scratch: Scratch): void {
  const { recordScores, touchedRecords, touchedRecordCount, docMasks, touchedDocs, touchedDocCount } = scratch
  for (let at = 0; at < touchedRecordCount; at++) recordScores[touchedRecords[at] as number] = 0
  for (let at = 0; at < touchedDocCount; at++) docMasks[touchedDocs[at] as number] = 0
  scratch.touchedRecordCount = 0
  scratch.touchedDocCount = 0
}

function grown(list: Uint32Array): Uint32Array {
  const larger = new Uint32Array(list.length * 2)
  larger.set(list)
  return larger
}
