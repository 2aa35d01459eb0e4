import type { SearchRecordLengths } from '../contract/index.ts'
import { SearchIndexError } from './errors.ts'
import type { SearchOptions } from './options.ts'
import { base64Field, varintsInto } from './varint.ts'

/**
 * Every record's word count, and BM25's constants with the records' average
 * length, which the engine's options and the index fix when it is loaded.
 * They are read apart from the head, beside a fresh isolate's first shards:
 * at 100,000 documents they are a megabyte, most of what that query reads.
 */
export interface RecordLengths {
  recordLength: Uint32Array
  bm25: { k1: number; b: number; averageLength: number }
}

/**
 * BM25's length normalisation of a record: k1 × (1 − b + b × length / average
 * length). Computed per posting, not kept per record: a table of a million
 * records took a fresh isolate 8 MB and most of its first load (accumulate.ts
 * repeats these operations inline, so the scores are the same numbers).
 */
export function lengthNormOf(lengths: RecordLengths, record: number): number {
  const { k1, b, averageLength } = lengths.bm25
  return k1 * (1 - b + (b * (lengths.recordLength[record] as number)) / averageLength)
}

/** Reads the record length chunks of a head, in order; throws SearchIndexError unless they hold one length for each of its records. */
export function decodeRecordLengths(head: { locale: string; recordDoc: Uint32Array }, chunks: SearchRecordLengths[], options: SearchOptions): RecordLengths {
  const fail = (what: string) => new SearchIndexError(`search index of ${head.locale}: ${what}`)
  const recordCount = head.recordDoc.length
  const recordLength = new Uint32Array(recordCount)
  let at = 0
  for (const { recordLength: base64 } of chunks) {
    at = varintsInto(base64Field(base64, 'recordLength', fail), recordLength, at)
  }
  if (at !== recordCount) throw fail('record lengths do not match the records')
  let total = 0
  for (let record = 0; record < recordCount; record++) total += recordLength[record] as number
  const { k1, b } = options.bm25
  return { recordLength, bm25: { k1, b, averageLength: recordCount > 0 ? total / recordCount : 1 } }
}
