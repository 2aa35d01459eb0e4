import { IndexMismatchError, SEARCH_INDEX_VERSION, type SearchIndexBlob } from '../contract/index.ts'
import { ByteReader, fromBase64 } from './varint.ts'

/** A locale's index in memory: typed arrays over the posting bytes, nothing per posting. */
export interface LoadedIndex {
  locale: string
  terms: string[]
  stopTerms: Set<string>
  /** Byte offsets of each term's lists (entry `terms.length` closes the last one). */
  textStart: Uint32Array
  fieldStart: Uint32Array
  /** Postings per term and list: how many records have the term (for idf). */
  textCount: Uint32Array
  fieldCount: Uint32Array
  textPostings: Uint8Array
  fieldPostings: Uint8Array
  recordDoc: Uint32Array
  /** BM25's length normalisation of each record: K1 × (1 − B + B × length / average length). */
  lengthNorm: Float64Array
  docFirstRecord: Uint32Array
  docSection: string[]
  docDraft: boolean[]
  displayChunks: string[]
  displayChunkSize: number
}

export const BM25 = { k1: 1.2, b: 0.7 } as const

export function loadSearchIndex(json: string): LoadedIndex {
  const blob = JSON.parse(json) as Partial<SearchIndexBlob>
  if (blob.version !== SEARCH_INDEX_VERSION) {
    throw new IndexMismatchError(`search index has version ${String(blob.version)}, this code reads ${SEARCH_INDEX_VERSION}`)
  }
  const complete = blob as SearchIndexBlob
  const terms = complete.terms === '' ? [] : complete.terms.split('\n')
  const lengths = new ByteReader(fromBase64(complete.listLengths))
  const textStart = new Uint32Array(terms.length + 1)
  const fieldStart = new Uint32Array(terms.length + 1)
  const textCount = new Uint32Array(terms.length)
  const fieldCount = new Uint32Array(terms.length)
  for (let term = 0; term < terms.length; term++) {
    textCount[term] = lengths.varint()
    textStart[term + 1] = (textStart[term] as number) + lengths.varint()
    fieldCount[term] = lengths.varint()
    fieldStart[term + 1] = (fieldStart[term] as number) + lengths.varint()
  }
  const recordCount = complete.docRecords.reduce((total, count) => total + count, 0)
  const recordDoc = new Uint32Array(recordCount)
  const docFirstRecord = new Uint32Array(complete.docRecords.length)
  let record = 0
  complete.docRecords.forEach((count, doc) => {
    docFirstRecord[doc] = record
    recordDoc.fill(doc, record, record + count)
    record += count
  })
  const recordLength = new Uint32Array(recordCount)
  const lengthReader = new ByteReader(fromBase64(complete.recordLength))
  let total = 0
  for (let index = 0; index < recordCount; index++) total += recordLength[index] = lengthReader.varint()
  const averageLength = recordCount > 0 ? total / recordCount : 1
  const lengthNorm = new Float64Array(recordCount)
  for (let index = 0; index < recordCount; index++) lengthNorm[index] = BM25.k1 * (1 - BM25.b + (BM25.b * (recordLength[index] as number)) / averageLength)
  return {
    locale: complete.locale,
    terms,
    stopTerms: new Set(complete.stopTerms),
    textStart,
    fieldStart,
    textCount,
    fieldCount,
    textPostings: fromBase64(complete.textPostings),
    fieldPostings: fromBase64(complete.fieldPostings),
    recordDoc,
    lengthNorm,
    docFirstRecord,
    docSection: complete.docSection.map((position) => complete.sections[position] ?? ''),
    docDraft: complete.docDraft.map((flag) => flag === 1),
    displayChunks: complete.displayChunks,
    displayChunkSize: complete.displayChunkSize,
  }
}
