import { SCHEMA_VERSION, type SearchDisplayDirectory, type SearchIndexBlob, type SearchRecordLengths, type SearchShard } from '../contract/index.ts'
import { contentCuts, cutRule } from './cuts.ts'
import { recordCountNibbles, sectionRuns } from './document-columns.ts'
import type { SearchIndexData } from './index-data.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { writeTypoBuckets } from './typo-buckets.ts'
import { ByteReader, ByteWriter, toBase64 } from './varint.ts'

/** Everything the head holds besides posting lists and display documents. */
export type IndexHeader = Omit<SearchIndexData, 'textLists' | 'fieldLists' | 'display'>

/** Every term's lists end to end, as search/encode.ts PostingsWriter writes them. */
export interface WrittenLists {
  /** Per term: text posting count and bytes, field posting count and bytes. */
  lengths: Uint8Array
  text: Uint8Array
  field: Uint8Array
}

/**
 * Names and keeps one value of the index besides its head and display chunks
 * (a shard, a typo bucket, a record length chunk, a display directory): its
 * hash. A one-shot build writes each value out as it is made, so a locale's
 * values are never all held at once.
 */
export type StoreValue = (json: string) => string

/**
 * The head's JSON; the values it names (the vocabulary and its lists cut into
 * shards, the vocabulary alone into typo buckets, record lengths into chunks,
 * the display chunks' names into directories) go to `part` as they are made.
 */
export function indexValues(data: IndexHeader, lists: WrittenLists, displayChunkHashes: string[], part: StoreValue, options: SearchOptions = SEARCH_OPTIONS): string {
  const { terms } = data
  const shards = writeShards(terms, lists, part, options.shardBytes)
  const typoBuckets = writeTypoBuckets(terms, part, options.typoBucketBytes)
  const recordLengths: string[] = []
  for (let first = 0; first < data.recordLengths.length; first += options.recordLengthsPerChunk) {
    const chunk: SearchRecordLengths = { schemaVersion: SCHEMA_VERSION, recordLength: varints(data.recordLengths.slice(first, first + options.recordLengthsPerChunk)) }
    recordLengths.push(part(JSON.stringify(chunk)))
  }
  const records = recordCountNibbles(data.docRecords)
  const head: SearchIndexBlob = {
    schemaVersion: SCHEMA_VERSION,
    locale: data.locale,
    sections: data.sections,
    documents: data.docSection.length,
    docSectionRuns: varints(sectionRuns(data.docSection)),
    drafts: varints(draftGaps(data.docDraft)),
    docRecords: records.nibbles,
    docRecordsOver: records.over,
    tags: data.tags,
    docTags: varints(taggedDocuments(data.docTags)),
    synonyms: data.synonyms,
    recordLengths,
    stopTerms: data.stopTerms,
    shards,
    typoBuckets,
    displayDirectories: displayDirectories(displayChunkHashes, part, options.displayDirectorySize),
    displayDirectorySize: options.displayDirectorySize,
    displayChunkSize: options.displayChunkSize,
  }
  return JSON.stringify(head)
}

/** Bytes a value's JSON spends besides its terms and base64: keys, quotes, the schema version. */
const JSON_ROOM = 256

/** A term's JSON: its characters and the newline before the next one, which JSON writes as two. */
const termBytesOf = (terms: string[]) => (term: number) => (terms[term] as string).length + 2

/** The vocabulary and its lists cut into shards of about `target` bytes, each named by `part`. */
function writeShards(terms: string[], lists: WrittenLists, part: StoreValue, target: number): SearchIndexBlob['shards'] {
  const offsets = listOffsets(lists, terms.length)
  const termBytes = termBytesOf(terms)
  const span = (at: Uint32Array, term: number) => (at[term + 1] as number) - (at[term] as number)
  const sizeOf = (term: number) => termBytes(term) + Math.ceil(((span(offsets.lengths, term) + span(offsets.text, term) + span(offsets.field, term)) * 4) / 3)
  const totalBytes = terms.reduce((total, _, term) => total + sizeOf(term), 0)
  const shards: SearchIndexBlob['shards'] = []
  let start = 0
  for (const end of contentCuts(terms, sizeOf, cutRule(terms.length, totalBytes, target, JSON_ROOM))) {
    const slice = (bytes: Uint8Array, at: Uint32Array) => toBase64(bytes.subarray(at[start], at[end]))
    const shard: SearchShard = {
      schemaVersion: SCHEMA_VERSION,
      terms: terms.slice(start, end).join('\n'),
      listLengths: slice(lists.lengths, offsets.lengths),
      textPostings: slice(lists.text, offsets.text),
      fieldPostings: slice(lists.field, offsets.field),
    }
    shards.push({ first: terms[start] as string, terms: end - start, hash: part(JSON.stringify(shard)) })
    start = end
  }
  return shards
}

/** The display chunks' names, `size` to a directory, each directory named by `part`. */
function displayDirectories(chunkHashes: string[], part: StoreValue, size: number): string[] {
  const directories: string[] = []
  for (let first = 0; first < chunkHashes.length; first += size) {
    directories.push(part(JSON.stringify({ schemaVersion: SCHEMA_VERSION, chunks: chunkHashes.slice(first, first + size) } satisfies SearchDisplayDirectory)))
  }
  return directories
}

function varints(values: number[]): string {
  const writer = new ByteWriter(values.length + 16)
  for (const value of values) writer.varint(value)
  return writer.toBase64()
}

/** Per document with tags: its distance from the previous one (the first from -1), its number of tags, their positions. Most pages have none. */
function taggedDocuments(docTags: number[][]): number[] {
  const values: number[] = []
  let last = -1
  docTags.forEach((positions, doc) => {
    if (positions.length === 0) return
    values.push(doc - last, positions.length, ...positions)
    last = doc
  })
  return values
}

/** Draft positions, each as its distance from the previous one (the first from -1): a few bytes for a site of few drafts. */
function draftGaps(drafts: boolean[]): number[] {
  const gaps: number[] = []
  let last = -1
  drafts.forEach((draft, doc) => {
    if (!draft) return
    gaps.push(doc - last)
    last = doc
  })
  return gaps
}

/** Where each term's lists start in the three byte runs (entry `termCount` closes the last). */
function listOffsets(lists: WrittenLists, termCount: number) {
  const reader = new ByteReader(lists.lengths)
  const offsets = { lengths: new Uint32Array(termCount + 1), text: new Uint32Array(termCount + 1), field: new Uint32Array(termCount + 1) }
  for (let term = 0; term < termCount; term++) {
    reader.varint()
    offsets.text[term + 1] = (offsets.text[term] as number) + reader.varint()
    reader.varint()
    offsets.field[term + 1] = (offsets.field[term] as number) + reader.varint()
    offsets.lengths[term + 1] = reader.offset
  }
  return offsets
}
