import { SCHEMA_VERSION, type DisplayChunk, type DisplayDocument } from '../contract/index.ts'
import { indexValues, type WrittenLists } from './encode-head.ts'
import type { PostingList, SearchIndexData } from './index-data.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { ByteReader, ByteWriter, rewriteVarint } from './varint.ts'

export interface EncodedSearchIndex {
  /** The head's JSON, naming every other value by hash. */
  index: string
  /** The other values of the index (shards, typo buckets, record length chunks, display directories), their JSON. */
  parts: string[]
  /** The display chunks' JSON, in order. */
  displayChunks: string[]
}

/** Writes an index as its stored JSON, with its display chunks alongside. */
export function encodeSearchIndex(data: SearchIndexData, hashOf: (text: string) => string, options: SearchOptions = SEARCH_OPTIONS): EncodedSearchIndex {
  const postings = new PostingsWriter()
  data.terms.forEach((_, term) => {
    postings.lists(data.textLists[term] ?? [], data.fieldLists[term] ?? [])
  })
  const displayChunks: string[] = []
  for (let start = 0; start < data.display.length; start += options.displayChunkSize) {
    displayChunks.push(displayChunkJson(data.display.slice(start, start + options.displayChunkSize)))
  }
  const parts: string[] = []
  const part = (json: string) => {
    parts.push(json)
    return hashOf(json)
  }
  const index = indexValues(data, postings.written(), displayChunks.map(hashOf), part, options)
  return { index, parts, displayChunks }
}

/** One display chunk as stored. */
export function displayChunkJson(documents: DisplayDocument[]): string {
  const chunk: DisplayChunk = { schemaVersion: SCHEMA_VERSION, documents }
  return JSON.stringify(chunk)
}

/** One term's list as stored: how many postings, and their bytes. */
export interface EncodedList {
  count: number
  bytes: Uint8Array
}

export function encodeList(list: PostingList | Int32Array): EncodedList {
  const writer = new ByteWriter(list.length * 2)
  writeList(writer, list)
  return { count: list.length, bytes: writer.toBytes() }
}

/**
 * The posting lists of an index, term by term in vocabulary order: per term
 * its text and field posting counts and byte lengths, and the bytes of every
 * list end to end. A term's lists are encoded here or copied as encoded earlier.
 */
export class PostingsWriter {
  readonly lengths: ByteWriter
  readonly text: ByteWriter
  readonly field: ByteWriter

  constructor(capacity: { terms: number; text: number; field: number } = { terms: 1024, text: 1024, field: 1024 }) {
    this.lengths = new ByteWriter(capacity.terms * 6)
    this.text = new ByteWriter(capacity.text)
    this.field = new ByteWriter(capacity.field)
  }

  lists(textList: PostingList, fieldList: PostingList): void {
    const textBytes = writeList(this.text, textList)
    const fieldBytes = writeList(this.field, fieldList)
    this.counts(textList.length, textBytes, fieldList.length, fieldBytes)
  }

  encoded(text: EncodedList, field: EncodedList): void {
    this.text.bytes(text.bytes)
    this.field.bytes(field.bytes)
    this.counts(text.count, text.bytes.length, field.count, field.bytes.length)
  }

  /** The lists written so far, without copying them. */
  written(): WrittenLists {
    return { lengths: this.lengths.view(), text: this.text.view(), field: this.field.view() }
  }

  private counts(textCount: number, textBytes: number, fieldCount: number, fieldBytes: number): void {
    this.lengths.varint(textCount)
    this.lengths.varint(textBytes)
    this.lengths.varint(fieldCount)
    this.lengths.varint(fieldBytes)
  }
}

/** Writes one posting list as (record delta × 2 + flag) varints; returns its byte length. */
function writeList(writer: ByteWriter, list: PostingList | Int32Array): number {
  const start = writer.length
  writeDeltas(writer, list, 0)
  return writer.length - start
}

/** Writes the postings of `list`, the first one's record counted from `previous`. */
function writeDeltas(writer: ByteWriter, list: PostingList | Int32Array, previous: number): void {
  let last = previous
  for (const posting of list) {
    const record = Math.floor(posting / 2)
    writer.varint((record - last) * 2 + (posting % 2))
    last = record
  }
}

/**
 * A list's bytes after the postings of records `from` ..< `to` were replaced
 * by `inserted` (sorted, numbered as after the change) and every later record
 * moved by `shift`. One pass up to the change: only the varints there and the
 * one after (whose predecessor changed) are written again, in place when
 * they keep their length.
 */
export function spliceList(encoded: EncodedList, from: number, to: number, inserted: PostingList, shift: number): EncodedList {
  const bytes = encoded.bytes
  const reader = new ByteReader(bytes)
  let record = 0
  let start = 0
  while (!reader.atEnd()) {
    const next = record + Math.floor(reader.varint() / 2)
    if (next >= from) break
    record = next
    start = reader.offset
  }
  const before = record
  reader.offset = start
  let removed = 0
  let end = start
  let follower = -1
  while (!reader.atEnd()) {
    const value = reader.varint()
    record += Math.floor(value / 2)
    if (record >= to) {
      follower = (record + shift) * 2 + (value % 2)
      end = reader.offset
      break
    }
    removed++
    end = reader.offset
  }
  if (removed === 0 && inserted.length === 0) {
    if (follower < 0 || shift === 0) return encoded
    // Only the next posting's record moved (records were added or taken out before it): its delta, in place if it can.
    const value = (Math.floor(follower / 2) - before) * 2 + (follower % 2)
    if (rewriteVarint(bytes, start, end - start, value)) return { count: encoded.count, bytes }
  }
  const writer = new ByteWriter(inserted.length * 3 + 8)
  writeDeltas(writer, follower < 0 ? inserted : [...inserted, follower], before)
  const written = writer.toBytes()
  const count = encoded.count - removed + inserted.length
  if (written.length === end - start) {
    bytes.set(written, start)
    return count === encoded.count ? encoded : { count, bytes }
  }
  const patched = new Uint8Array(bytes.length - (end - start) + written.length)
  patched.set(bytes.subarray(0, start))
  patched.set(written, start)
  patched.set(bytes.subarray(end), start + written.length)
  return { count, bytes: patched }
}

/** The record of a list's first posting (its first varint counts from record 0). */
export function firstRecord(encoded: EncodedList): number {
  return Math.floor(new ByteReader(encoded.bytes).varint() / 2)
}
