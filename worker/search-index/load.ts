import { IndexMismatchError, SEARCH_INDEX_VERSION, type SearchIndexBlob } from '../contract.ts'
import { ByteReader, fromBase64 } from './varint.ts'

/** A locale's index in memory: typed arrays over the posting bytes, nothing per posting. */
export interface LoadedIndex {
  locale: string
  terms: string[]
  stopTerms: Set<string>
  /** Byte offsets of each term's lists (entry `terms.length` closes the last one). */
  textStart: Uint32Array
  fieldStart: Uint32Array
  textPostings: Uint8Array
  fieldPostings: Uint8Array
  recordDoc: Uint32Array
  recordLength: Uint32Array
  averageLength: number
  docFirstRecord: Uint32Array
  docSection: string[]
  docDraft: boolean[]
  displayChunks: string[]
  displayChunkSize: number
}

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
  for (let term = 0; term < terms.length; term++) {
    textStart[term + 1] = (textStart[term] as number) + lengths.varint()
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
  return {
    locale: complete.locale,
    terms,
    stopTerms: new Set(complete.stopTerms),
    textStart,
    fieldStart,
    textPostings: fromBase64(complete.textPostings),
    fieldPostings: fromBase64(complete.fieldPostings),
    recordDoc,
    recordLength,
    averageLength: recordCount > 0 ? total / recordCount : 1,
    docFirstRecord,
    docSection: complete.docSection.map((position) => complete.sections[position] ?? ''),
    docDraft: complete.docDraft.map((flag) => flag === 1),
    displayChunks: complete.displayChunks,
    displayChunkSize: complete.displayChunkSize,
  }
}
