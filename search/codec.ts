import type { SearchIndexBlob } from '../contract/index.ts'
import type { IndexCaches } from './caches.ts'
import { SearchIndexError } from './errors.ts'
import { recordCountsOf, sectionsOfRuns } from './document-columns.ts'
import type { RecordLengths } from './record-lengths.ts'
import { base64Field, ByteReader } from './varint.ts'

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
  docFirstRecord: Uint32Array
  /** Each document's section as a position in `sections` (sectionOf gives its name). */
  docSectionAt: Uint32Array
  sections: string[]
  /** 1 for a draft, else 0. */
  docDraft: Uint8Array
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

/** The section of document `doc`. */
export const sectionOf = (head: Pick<LoadedHead, 'sections' | 'docSectionAt'>, doc: number): string => head.sections[head.docSectionAt[doc] as number] as string

/** A head with its record lengths: what scoring needs besides the lists. */
export type ScoringHead = LoadedHead & RecordLengths

/**
 * An index as scoring reads it: the head, its record lengths, and the
 * vocabulary and lists of the shards a query needs (or of all of them), in term order.
 */
export type LoadedIndex = ScoringHead & LoadedLists

/** Reads a head (already checked against its schema); throws SearchIndexError when its parts disagree. Its record lengths are read apart (record-lengths.ts). */
export function decodeHead(blob: SearchIndexBlob): LoadedHead {
  const fail = (what: string) => new SearchIndexError(`search index of ${blob.locale}: ${what}`)
  const bytes = (base64: string, name: string) => base64Field(base64, name, fail)
  const docCount = blob.documents
  const docRecords = recordCountsOf(bytes(blob.docRecords, 'docRecords'), bytes(blob.docRecordsOver, 'docRecordsOver'), docCount, fail)
  const sectionPositions = sectionsOfRuns(readAll(bytes(blob.docSectionRuns, 'docSectionRuns')), docCount, blob.sections.length, fail)
  const docDraft = new Uint8Array(docCount)
  let draft = -1
  for (const gap of readAll(bytes(blob.drafts, 'drafts'))) {
    draft += gap
    if (gap === 0 || draft >= docCount) throw fail('drafts do not match the documents')
    docDraft[draft] = 1
  }
  const displayChunkCount = Math.ceil(docCount / blob.displayChunkSize)
  if (blob.displayDirectories.length !== Math.ceil(displayChunkCount / blob.displayDirectorySize)) throw fail('display directories do not cover the documents')
  const recordCount = docRecords.reduce((total, count) => total + count, 0)
  const recordDoc = new Uint32Array(recordCount)
  const docFirstRecord = new Uint32Array(docCount)
  for (let doc = 0, record = 0; doc < docCount; doc++) {
    docFirstRecord[doc] = record
    for (const end = record + (docRecords[doc] as number); record < end; record++) recordDoc[record] = doc
  }
  const { docTagStart, docTagList } = decodeDocTags(bytes(blob.docTags, 'docTags'), docCount, blob.tags.length, fail)
  return {
    locale: blob.locale,
    stopTerms: new Set(blob.stopTerms),
    recordDoc,
    docFirstRecord,
    docSectionAt: sectionPositions,
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
