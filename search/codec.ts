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
  const bytes = (base64: string, name: string) => {
    try {
      return fromBase64(base64)
    } catch {
      throw fail(`${name} is not base64`)
    }
  }
  const terms = blob.terms === '' ? [] : blob.terms.split('\n')
  const lists = decodePostingLists(blob, terms.length, bytes, fail)
  const docCount = blob.docRecords.length
  if (blob.docSection.length !== docCount || blob.docDraft.length !== docCount) throw fail('per-document arrays differ in length')
  if (blob.displayChunks.length !== Math.ceil(docCount / blob.displayChunkSize)) throw fail('display chunks do not cover the documents')
  const { recordDoc, docFirstRecord } = recordOwners(blob.docRecords)
  const { recordLength, totalLength } = decodeRecordLengths(bytes(blob.recordLength, 'recordLength'), recordDoc.length, fail)
  const { docTagStart, docTagList } = decodeDocTags(bytes(blob.docTags, 'docTags'), docCount, blob.tags.length, fail)
  return {
    locale: blob.locale,
    terms,
    stopTerms: new Set(blob.stopTerms),
    ...lists,
    recordDoc,
    recordLength,
    lengthNorm: lengthNorms(recordLength, totalLength, options.bm25),
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

type Fail = (what: string) => Error

/** Each term's offsets and posting counts in the text and field lists, checked to end exactly where the posting bytes do. */
function decodePostingLists(blob: SearchIndexBlob, termCount: number, bytes: (base64: string, name: string) => Uint8Array, fail: Fail) {
  const lengths = new ByteReader(bytes(blob.listLengths, 'listLengths'))
  const textStart = new Uint32Array(termCount + 1)
  const fieldStart = new Uint32Array(termCount + 1)
  const textCount = new Uint32Array(termCount)
  const fieldCount = new Uint32Array(termCount)
  for (let term = 0; term < termCount; term++) {
    textCount[term] = lengths.varint()
    textStart[term + 1] = (textStart[term] as number) + lengths.varint()
    fieldCount[term] = lengths.varint()
    fieldStart[term + 1] = (fieldStart[term] as number) + lengths.varint()
  }
  const textPostings = bytes(blob.textPostings, 'textPostings')
  const fieldPostings = bytes(blob.fieldPostings, 'fieldPostings')
  if (!lengths.atEnd() || textStart[termCount] !== textPostings.length || fieldStart[termCount] !== fieldPostings.length) {
    throw fail('list lengths do not match the posting bytes')
  }
  return { textStart, fieldStart, textCount, fieldCount, textPostings, fieldPostings }
}

/** Records are numbered document by document: each record's document, and each document's first record. */
function recordOwners(docRecords: number[]) {
  const recordDoc = new Uint32Array(docRecords.reduce((total, count) => total + count, 0))
  const docFirstRecord = new Uint32Array(docRecords.length)
  let record = 0
  docRecords.forEach((count, doc) => {
    docFirstRecord[doc] = record
    recordDoc.fill(doc, record, record + count)
    record += count
  })
  return { recordDoc, docFirstRecord }
}

function decodeRecordLengths(bytes: Uint8Array, recordCount: number, fail: Fail) {
  const reader = new ByteReader(bytes)
  const recordLength = new Uint32Array(recordCount)
  let totalLength = 0
  for (let index = 0; index < recordCount; index++) totalLength += recordLength[index] = reader.varint()
  if (!reader.atEnd()) throw fail('record lengths do not match the records')
  return { recordLength, totalLength }
}

/** BM25's length normalisation of each record (see LoadedIndex.lengthNorm). */
function lengthNorms(recordLength: Uint32Array, totalLength: number, { k1, b }: SearchOptions['bm25']): Float64Array {
  const averageLength = recordLength.length > 0 ? totalLength / recordLength.length : 1
  const lengthNorm = new Float64Array(recordLength.length)
  for (let index = 0; index < recordLength.length; index++) lengthNorm[index] = k1 * (1 - b + (b * (recordLength[index] as number)) / averageLength)
  return lengthNorm
}

function decodeDocTags(bytes: Uint8Array, docCount: number, tagCount: number, fail: Fail) {
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
