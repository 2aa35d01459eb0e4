import { describe, expect, it } from 'vitest'
import { SCHEMA_VERSION, type SearchRecordLengths } from '../../contract/index.ts'
import { SearchIndexError } from '../../search/errors.ts'
import { SEARCH_OPTIONS } from '../../search/options.ts'
import { decodeRecordLengths } from '../../search/record-lengths.ts'
import { ByteWriter } from '../../search/varint.ts'

const head = (records: number) => ({ locale: 'en', recordDoc: new Uint32Array(records) })

function chunk(lengths: number[]): SearchRecordLengths {
  const writer = new ByteWriter()
  for (const length of lengths) writer.varint(length)
  return { schemaVersion: SCHEMA_VERSION, recordLength: writer.toBase64() }
}

describe('record lengths', () => {
  it('reads one length per record across chunks, lengths of one byte and of several alike, and averages them', () => {
    const lengths = [3, 127, 128, 20_000, 1, 2 ** 31]
    const decoded = decodeRecordLengths(head(6), [chunk(lengths.slice(0, 4)), chunk(lengths.slice(4))], SEARCH_OPTIONS)
    expect([...decoded.recordLength]).toEqual(lengths)
    expect(decoded.bm25.averageLength).toBe(lengths.reduce((total, length) => total + length, 0) / 6)
  })

  it('refuses chunks that hold more lengths than the head has records, or fewer', () => {
    expect(() => decodeRecordLengths(head(3), [chunk([1, 2]), chunk([3, 4])], SEARCH_OPTIONS)).toThrow(/record lengths do not match the records/)
    expect(() => decodeRecordLengths(head(3), [chunk([1, 2])], SEARCH_OPTIONS)).toThrow(/record lengths do not match the records/)
  })

  it('refuses a length whose varint is cut off at the end of its chunk', () => {
    const cut = { schemaVersion: SCHEMA_VERSION, recordLength: btoa(String.fromCharCode(5, 0x80)) } as SearchRecordLengths
    expect(() => decodeRecordLengths(head(2), [cut], SEARCH_OPTIONS)).toThrow(SearchIndexError)
    expect(() => decodeRecordLengths(head(2), [cut], SEARCH_OPTIONS)).toThrow(/runs past the end/)
  })
})
