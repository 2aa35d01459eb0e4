import type { SearchIndexBlob, SearchRecordLengths } from '../contract/index.ts'
import type { IndexCaches } from './caches.ts'
import { SearchIndexError } from './errors.ts'
import { recordCountsOf, sectionsOfRuns } from './document-columns.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { ByteReader, fromBase64 } from './varint.ts'

// Encoding lives in encode.ts (the build's side); importers of the codec find it here too.
export { encodeSearchIndex, type EncodedSearchIndex } from './encode.ts'

/** One term range's vocabulary and lists: typed arrays over the posting bytes, nothing per posting. */
export interface LoadedLists {
  terms: string[]
  /** Byte offsets of each term's lists (entry `terms.length` closes the last one). */
  textStart: Uint32Array
  fieldStart: Uint32Array
  /** Postings per term and list: how many records have the term (idf counts documents instead: frequencies.ts). */
  textCount: Uint32Array
  fieldCount: Uint32Array
  /** Documents per term: with it in their body text, in their title, in a heading (shard-codec.ts counts them). */
  textDocs: Uint32Array
  titleDocs: Uint32Array
  headingDocs: Uint32Array
  textPostings: Uint8Array
  fieldPostings: Uint8Array
}

/** A locale's head as the engine reads it: per-document and per-record arrays, and where the rest lives. */
export interface LoadedHead {
  locale: string
  stopTerms: Set<string>
  recordDoc: Uint32Array
  recordLength: Uint32Array
  /** BM25's length normalisation of each record: k1 × (1 − b + b × length / average length). */
  lengthNorm: Float64Array
  docFirstRecord: Uint32Array
  docSection: string[]
  /** Each document's section as a position in `sections`, for counting facets without strings. */
  docSectionAt: Uint32Array
  sections: string[]
  docDraft: boolean[]
  tags: string[]
  /** Each document's tag positions: docTagList[docTagStart[doc] .. docTagStart[doc + 1]]. */
  docTagStart: Uint32Array
  docTagList: Uint32Array
  /** Each term of a synonym group to the other terms of its groups. */
  synonyms: Map<string, string[]>
  shards: SearchIndexBlob['shards']
  typoBuckets: string[]
  displayDirectories: string[]
  displayDirectorySize: number
  /** How many display chunks the directories name. */
  displayChunkCount: number
  displayChunkSize: number
  /** Filled as queries need them; see caches.ts. */
  caches: IndexCaches
}

/**
 * An index as scoring reads it: the head, and the vocabulary and lists of
 * the shards a query needs (or of all of them), in term order.
 */
export type LoadedIndex = LoadedHead & LoadedLists

/** Reads a head (already checked against its schema) and its record length chunks; throws SearchIndexError when they disagree. */
export function decodeHead(blob: SearchIndexBlob, recordLengths: SearchRecordLengths[], options: SearchOptions = SEARCH_OPTIONS): LoadedHead {
  const fail = (what: string) => new SearchIndexError(`search index of ${blob.locale}: ${what}`)
  const bytes = (base64: string, name: string) => {
    try {
      return fromBase64(base64)
    } catch {
      throw fail(`${name} is not base64`)
    }
  }
  const docCount = blob.documents
  const docRecords = recordCountsOf(bytes(blob.docRecords, 'docRecords'), bytes(blob.docRecordsOver, 'docRecordsOver'), docCount, fail)
  const sectionPositions = sectionsOfRuns(readAll(bytes(blob.docSectionRuns, 'docSectionRuns')), docCount, blob.sections.length, fail)
  const docDraft = new Array<boolean>(docCount).fill(false)
  let draft = -1
  for (const gap of readAll(bytes(blob.drafts, 'drafts'))) {
    draft += gap
    if (gap === 0 || draft >= docCount) throw fail('drafts do not match the documents')
    docDraft[draft] = true
  }
  const displayChunkCount = Math.ceil(docCount / blob.displayChunkSize)
  if (blob.displayDirectories.length !== Math.ceil(displayChunkCount / blob.displayDirectorySize)) throw fail('display directories do not cover the documents')
  const recordCount = docRecords.reduce((total, count) => total + count, 0)
  const recordDoc = new Uint32Array(recordCount)
  const docFirstRecord = new Uint32Array(docCount)
  let record = 0
  docRecords.forEach((count, doc) => {
    docFirstRecord[doc] = record
    recordDoc.fill(doc, record, record + count)
    record += count
  })
  const lengthChunks = recordLengths.map((chunk) => bytes(chunk.recordLength, 'recordLength'))
  const { recordLength, total } = decodeRecordLengths(lengthChunks, recordCount, fail)
  const { docTagStart, docTagList } = decodeDocTags(bytes(blob.docTags, 'docTags'), docCount, blob.tags.length, fail)
  const { k1, b } = options.bm25
  const averageLength = recordCount > 0 ? total / recordCount : 1
  const lengthNorm = new Float64Array(recordCount)
  for (let index = 0; index < recordCount; index++) lengthNorm[index] = k1 * (1 - b + (b * (recordLength[index] as number)) / averageLength)
  return {
    locale: blob.locale,
    stopTerms: new Set(blob.stopTerms),
    recordDoc,
    recordLength,
    lengthNorm,
    docFirstRecord,
    docSection: sectionPositions.map((position) => blob.sections[position] as string),
    docSectionAt: Uint32Array.from(sectionPositions),
    sections: blob.sections,
    docDraft,
    tags: blob.tags,
    docTagStart,
    docTagList,
    synonyms: synonymMap(blob.synonyms),
    shards: blob.shards,
    typoBuckets: blob.typoBuckets,
    displayDirectories: blob.displayDirectories,
    displayDirectorySize: blob.displayDirectorySize,
    displayChunkCount,
    displayChunkSize: blob.displayChunkSize,
    caches: { typoShards: new Map(), scratch: null },
  }
}

/** The word count of every record, from its chunks in order, and their total. */
function decodeRecordLengths(chunks: Uint8Array[], recordCount: number, fail: (what: string) => Error) {
  const recordLength = new Uint32Array(recordCount)
  let total = 0
  let at = 0
  for (const chunk of chunks) {
    const reader = new ByteReader(chunk)
    while (!reader.atEnd() && at < recordCount) total += recordLength[at++] = reader.varint()
    if (!reader.atEnd()) throw fail('record lengths do not match the records')
  }
  if (at !== recordCount) throw fail('record lengths do not match the records')
  return { recordLength, total }
}

function readAll(bytes: Uint8Array): number[] {
  const reader = new ByteReader(bytes)
  const values: number[] = []
  while (!reader.atEnd()) values.push(reader.varint())
  return values
}

function decodeDocTags(bytes: Uint8Array, docCount: number, tagCount: number, fail: (what: string) => Error) {
  const reader = new ByteReader(bytes)
  const docTagStart = new Uint32Array(docCount + 1)
  const positions: number[] = []
  let doc = -1
  while (!reader.atEnd()) {
    const gap = reader.varint()
    if (gap === 0 || doc + gap >= docCount) throw fail('document tags do not match the documents')
    // Documents between two tagged ones have none: their lists end where they start.
    for (let between = doc + 1; between < doc + gap; between++) docTagStart[between + 1] = positions.length
    doc += gap
    const count = reader.varint()
    for (let n = 0; n < count; n++) positions.push(reader.varint())
    docTagStart[doc + 1] = positions.length
  }
  for (let rest = doc + 1; rest < docCount; rest++) docTagStart[rest + 1] = positions.length
  if (positions.some((position) => position >= tagCount)) throw fail('document tags do not match the tag list')
  return { docTagStart, docTagList: Uint32Array.from(positions) }
}

function synonymMap(groups: string[][]): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const group of groups) {
    for (const term of group) map.set(term, [...new Set([...(map.get(term) ?? []), ...group.filter((other) => other !== term)])])
  }
  return map
}
