import { ByteReader, ByteWriter, toBase64 } from './varint.ts'

// Two per-document columns of an index's head, in forms that stay small at
// 100k documents: a cold query reads the head whole, so its bytes are every query's.

/** Per run of documents in one section (pages of a folder sit side by side): its position, then the run's length. */
export function sectionRuns(docSection: number[]): number[] {
  const runs: number[] = []
  docSection.forEach((position, doc) => {
    if (doc > 0 && position === docSection[doc - 1]) runs[runs.length - 1] = (runs.at(-1) as number) + 1
    else runs.push(position, 1)
  })
  return runs
}

/** Each document's section position, from its runs; throws when they do not cover `docCount` documents exactly. */
export function sectionsOfRuns(runs: number[], docCount: number, sectionCount: number, fail: (what: string) => Error): Uint32Array {
  const positions = new Uint32Array(docCount)
  let doc = 0
  for (let at = 0; at + 1 < runs.length; at += 2) {
    const position = runs[at] as number
    const length = runs[at + 1] as number
    if (position >= sectionCount || length === 0 || doc + length > docCount) throw fail('document sections do not match the documents')
    positions.fill(position, doc, doc + length)
    doc += length
  }
  if (runs.length % 2 !== 0 || doc !== docCount) throw fail('document sections do not match the documents')
  return positions
}

/** A count this large or larger is written in full, after the nibbles. */
const NIBBLE_LIMIT = 16

/**
 * Record counts (at least 1 each) as 4-bit nibbles, two documents to a byte, the first in the low
 * bits: half a varint's byte for the pages of up to 15 headings most sites have. A 0 nibble says the
 * count did not fit: it is the next varint of `over`.
 */
export function recordCountNibbles(counts: number[]): { nibbles: string; over: string } {
  const nibbles = new Uint8Array(Math.ceil(counts.length / 2))
  const over = new ByteWriter()
  counts.forEach((count, doc) => {
    const nibble = count < NIBBLE_LIMIT ? count : 0
    if (nibble === 0) over.varint(count)
    nibbles[doc >> 1] = (nibbles[doc >> 1] as number) | (nibble << ((doc & 1) * 4))
  })
  return { nibbles: toBase64(nibbles), over: over.toBase64() }
}

/** The record counts of `docCount` documents; throws when the bytes hold more or fewer, or a count of 0. */
export function recordCountsOf(nibbles: Uint8Array, over: Uint8Array, docCount: number, fail: (what: string) => Error): Uint32Array {
  if (nibbles.length !== Math.ceil(docCount / 2) || (docCount % 2 === 1 && (nibbles.at(-1) as number) >> 4 !== 0)) throw fail('record counts do not match the documents')
  const reader = new ByteReader(over)
  const counts = new Uint32Array(docCount)
  for (let doc = 0; doc < docCount; doc++) {
    const nibble = ((nibbles[doc >> 1] as number) >> ((doc & 1) * 4)) & 0xf
    const count = nibble === 0 && !reader.atEnd() ? reader.varint() : nibble
    if (count === 0) throw fail(`document ${doc} has no records`)
    counts[doc] = count
  }
  if (!reader.atEnd()) throw fail('record counts do not match the documents')
  return counts
}
