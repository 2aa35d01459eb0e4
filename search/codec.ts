import type { SearchIndexBlob } from '../contract/index.ts'
import type { IndexCaches } from './caches.ts'
import { SearchIndexError } from './errors.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { ByteReader, fromBase64 } from './varint.ts'

// Encoding lives in encode.ts (the build's side); importers of the codec find it here too.
export { encodeSearchIndex, type EncodedSearchIndex } from './encode.ts'

/** An index as the engine reads it: typed arrays over the posting bytes, nothing per posting. */
export interface LoadedIndex {
  locale: string
  terms: string[]
  stopTerms: Set<string>
  /** Byte offsets of each term's lists (entry `terms.length` closes the last one). */
  textStart: Uint32Array
  fieldStart: Uint32Array
  /** Postings per term and list: how many records have the term (idf counts documents instead: frequencies.ts). */
  textCount: Uint32Array
  fieldCount: Uint32Array
  textPostings: Uint8Array
  fieldPostings: Uint8Array
  recordDoc: Uint32Array
  recordLength: Uint32Array
  /** BM25's length normalisation of each record: k1 × (1 − b + b × length / average length). */
  lengthNorm: Float64Array
  docFirstRecord: Uint32Array
  docSection: string[]
  docDraft: boolean[]
  tags: string[]
  /** Each document's tag positions: docTagList[docTagStart[doc] .. docTagStart[doc + 1]]. */
  docTagStart: Uint32Array
  docTagList: Uint32Array
  /** Each term of a synonym group to the other terms of its groups. */
  synonyms: Map<string, string[]>
  displayChunks: string[]
  displayChunkSize: number
  /** Filled as queries need them; see caches.ts. */
  caches: IndexCaches
}

/** Reads a stored index (already checked against its schema); throws SearchIndexError when its parts disagree. */
export function decodeSearchIndex(blob: SearchIndexBlob, options: SearchOptions = SEARCH_OPTIONS): LoadedIndex {
  const fail = (what: string) => new SearchIndexError(`search index of ${blob.locale}: ${what}`)
  const terms = blob.terms === '' ? [] : blob.terms.split('\n')
  const bytes = (base64: string, name: string) => {
    try {
      return fromBase64(base64)
    } catch {
      throw fail(`${name} is not base64`)
    }
  }
  const lengths = new ByteReader(bytes(blob.listLengths, 'listLengths'))
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
  const textPostings = bytes(blob.textPostings, 'textPostings')
  const fieldPostings = bytes(blob.fieldPostings, 'fieldPostings')
  if (!lengths.atEnd() || textStart[terms.length] !== textPostings.length || fieldStart[terms.length] !== fieldPostings.length) {
    throw fail('list lengths do not match the posting bytes')
  }
  const docCount = blob.docRecords.length
  if (blob.docSection.length !== docCount || blob.docDraft.length !== docCount) throw fail('per-document arrays differ in length')
  if (blob.displayChunks.length !== Math.ceil(docCount / blob.displayChunkSize)) throw fail('display chunks do not cover the documents')
  const recordCount = blob.docRecords.reduce((total, count) => total + count, 0)
  const recordDoc = new Uint32Array(recordCount)
  const docFirstRecord = new Uint32Array(docCount)
  let record = 0
  blob.docRecords.forEach((count, doc) => {
    docFirstRecord[doc] = record
    recordDoc.fill(doc, record, record + count)
    record += count
  })
  const recordLength = new Uint32Array(recordCount)
  const lengthReader = new ByteReader(bytes(blob.recordLength, 'recordLength'))
  let total = 0
  for (let index = 0; index < recordCount; index++) total += recordLength[index] = lengthReader.varint()
  if (!lengthReader.atEnd()) throw fail('record lengths do not match the records')
  const { docTagStart, docTagList } = decodeDocTags(bytes(blob.docTags, 'docTags'), docCount, blob.tags.length, fail)
  const { k1, b } = options.bm25
  const averageLength = recordCount > 0 ? total / recordCount : 1
  const lengthNorm = new Float64Array(recordCount)
  for (let index = 0; index < recordCount; index++) lengthNorm[index] = k1 * (1 - b + (b * (recordLength[index] as number)) / averageLength)
  return {
    locale: blob.locale,
    terms,
    stopTerms: new Set(blob.stopTerms),
    textStart,
    fieldStart,
    textCount,
    fieldCount,
    textPostings,
    fieldPostings,
    recordDoc,
    recordLength,
    lengthNorm,
    docFirstRecord,
    docSection: blob.docSection.map((position) => blob.sections[position] ?? ''),
    docDraft: blob.docDraft.map((flag) => flag === 1),
    tags: blob.tags,
    docTagStart,
    docTagList,
    synonyms: synonymMap(blob.synonyms),
    displayChunks: blob.displayChunks,
    displayChunkSize: blob.displayChunkSize,
    caches: { frequencies: new Map(), scratch: null },
  }
}

function decodeDocTags(bytes: Uint8Array, docCount: number, tagCount: number, fail: (what: string) => Error) {
  const reader = new ByteReader(bytes)
  const docTagStart = new Uint32Array(docCount + 1)
  const positions: number[] = []
  for (let doc = 0; doc < docCount; doc++) {
    const count = reader.varint()
    for (let n = 0; n < count; n++) positions.push(reader.varint())
    docTagStart[doc + 1] = positions.length
  }
  if (!reader.atEnd() || positions.some((position) => position >= tagCount)) throw fail('document tags do not match the tag list')
  return { docTagStart, docTagList: Uint32Array.from(positions) }
}

function synonymMap(groups: string[][]): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const group of groups) {
    for (const term of group) map.set(term, [...new Set([...(map.get(term) ?? []), ...group.filter((other) => other !== term)])])
  }
  return map
}
