import { z } from 'zod'
import { BlobHashSchema } from './hash.ts'
import { SCHEMA_VERSION } from './version.ts'

/** Base64 of varint bytes; search/codec.ts alone knows what they mean, and checks them as it decodes. */
const varints = z.string()

/** A shard as the head names it: the first term of its range, how many terms it holds, its blob. */
const ShardEntrySchema = z.strictObject({ first: z.string(), terms: z.int().min(1), hash: BlobHashSchema })

/**
 * The head of one locale's search index: everything a query needs besides the
 * posting lists of its terms. The vocabulary and its lists are split by term
 * range into shards (their own values, read only for the terms a query has),
 * the vocabulary alone into typo buckets (read only for typos), record lengths into
 * chunks, and what hits show into display chunks, named by display directories.
 * search/encode-head.ts writes and
 * search/codec.ts and search/shard-codec.ts read them.
 */
export const SearchIndexBlobSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  locale: z.string(),
  /** Section names; documents refer to them by position. */
  sections: z.array(z.string()),
  /**
   * Base64 varints: the documents' sections in runs, as pages of one folder sit side by side: per run,
   * its section's position, then how many documents in a row it holds (at 100k documents, 2,600 runs
   * where one position per document took 240 KB of the head).
   */
  docSectionRuns: varints,
  /** Base64 varints: the positions of draft documents, each as the distance from the previous one (the first from -1). */
  drafts: varints,
  /** How many documents the index holds: the length of every per-document column below. */
  documents: z.int().min(0),
  /**
   * Base64 of 4-bit nibbles, two documents to a byte (the first in the low bits): per document, how
   * many records it has (an intro, then one per heading section); a 0 nibble says the count is the
   * next varint of `docRecordsOver`. Search/document-columns.ts writes and reads both.
   */
  docRecords: varints,
  /** Base64 varints: the record counts of 16 or more, in document order. */
  docRecordsOver: varints,
  /** Tag names; documents refer to them by position. */
  tags: z.array(z.string()),
  /** Base64 varints: per document with tags, its distance from the previous one (the first from -1), its number of tags, then their positions. */
  docTags: varints,
  /** Groups of equivalent terms from site.yml, normalized as the index's terms are. */
  synonyms: z.array(z.array(z.string()).min(2)),
  /** Blob hashes of the record length chunks, in record order. */
  recordLengths: z.array(BlobHashSchema),
  /** Terms in so many records that they carry no signal; left out of the lists and ignored in queries. */
  stopTerms: z.array(z.string()),
  /** The vocabulary's shards, in term order: a term lives in the last shard whose first term is not after it. */
  shards: z.array(ShardEntrySchema),
  /**
   * Blob hashes of the typo buckets, read to find terms one typo away: a term is in the bucket of
   * itself and of each form of it with one letter left out, by a hash of that form modulo their number.
   */
  typoBuckets: z.array(BlobHashSchema).min(1),
  /**
   * Blob hashes of the display directories, each naming `displayDirectorySize` display chunks of
   * `displayChunkSize` documents (the last ones fewer): a hit reads its directory and its chunk,
   * so the head does not grow by a name per chunk.
   */
  displayDirectories: z.array(BlobHashSchema),
  displayDirectorySize: z.int().min(1),
  displayChunkSize: z.int().min(1),
})
export type SearchIndexBlob = z.infer<typeof SearchIndexBlobSchema>

/** A contiguous range of the vocabulary with its posting lists (search/codec.ts knows the bytes). */
export const SearchShardSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  /** The shard's terms, sorted, joined by newlines. */
  terms: z.string(),
  /** Per term: text postings and bytes, field postings and bytes. */
  listLengths: varints,
  textPostings: varints,
  fieldPostings: varints,
})
export type SearchShard = z.infer<typeof SearchShardSchema>

/** Terms of the vocabulary, as one typo bucket holds them. */
export const SearchVocabularySchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  /** Sorted, joined by newlines. */
  terms: z.string(),
})
export type SearchVocabulary = z.infer<typeof SearchVocabularySchema>

/** The word counts of a run of consecutive records, as base64 varints. */
export const SearchRecordLengthsSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  recordLength: varints,
})
export type SearchRecordLengths = z.infer<typeof SearchRecordLengthsSchema>

/** Blob hashes of consecutive display chunks of an index, in order. */
export const SearchDisplayDirectorySchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  chunks: z.array(BlobHashSchema).min(1),
})
export type SearchDisplayDirectory = z.infer<typeof SearchDisplayDirectorySchema>

/** What a hit shows of one document. */
export const DisplayDocumentSchema = z.strictObject({
  slug: z.string(),
  title: z.string(),
  locale: z.string(),
  /** Per heading record: its id and text. */
  headings: z.array(z.tuple([z.string(), z.string()])),
  /** Per record (intro first): its text, up to a bound, for excerpts. */
  previews: z.array(z.string()),
  /** The API operation the document describes; absent on other documents, whose chunks do not grow. */
  operation: z.strictObject({ method: z.string(), path: z.string() }).optional(),
})
export type DisplayDocument = z.infer<typeof DisplayDocumentSchema>

/** Display data of `displayChunkSize` consecutive documents of an index, read only for hits. */
export const DisplayChunkSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  documents: z.array(DisplayDocumentSchema),
})
export type DisplayChunk = z.infer<typeof DisplayChunkSchema>
