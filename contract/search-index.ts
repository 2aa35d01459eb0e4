import { z } from 'zod'
import { BlobHashSchema } from './hash.ts'
import { SCHEMA_VERSION } from './version.ts'

/** Base64 of varint bytes; search/codec.ts alone knows what they mean, and checks them as it decodes. */
const varints = z.string()

/**
 * The search index of one locale as stored: a sorted vocabulary and varint
 * posting lists over records (a document's intro, then one record per
 * heading section). search/codec.ts writes and reads it.
 */
export const SearchIndexBlobSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  locale: z.string(),
  /** Section names; documents refer to them by position. */
  sections: z.array(z.string()),
  /** Per document: its section's position, 1 for a draft, and how many records it has. */
  docSection: z.array(z.int().min(0)),
  docDraft: z.array(z.union([z.literal(0), z.literal(1)])),
  docRecords: z.array(z.int().min(1)),
  /** Tag names; documents refer to them by position. */
  tags: z.array(z.string()),
  /** Base64 varints: per document, its number of tags, then their positions. */
  docTags: varints,
  /** Groups of equivalent terms from site.yml, normalized as the index's terms are. */
  synonyms: z.array(z.array(z.string()).min(2)),
  recordLength: varints,
  /** The vocabulary, sorted, joined by newlines. */
  terms: z.string(),
  listLengths: varints,
  textPostings: varints,
  fieldPostings: varints,
  /** Terms in so many records that they carry no signal; left out of the lists and ignored in queries. */
  stopTerms: z.array(z.string()),
  /** Blob hashes of the display chunks, `displayChunkSize` documents each. */
  displayChunks: z.array(BlobHashSchema),
  displayChunkSize: z.int().min(1),
})
export type SearchIndexBlob = z.infer<typeof SearchIndexBlobSchema>

/** What a hit shows of one document. */
export const DisplayDocumentSchema = z.strictObject({
  slug: z.string(),
  title: z.string(),
  locale: z.string(),
  /** Per heading record: its id and text. */
  headings: z.array(z.tuple([z.string(), z.string()])),
  /** Per record (intro first): its text, up to a bound, for excerpts. */
  previews: z.array(z.string()),
})
export type DisplayDocument = z.infer<typeof DisplayDocumentSchema>

/** Display data of `displayChunkSize` consecutive documents of an index, read only for hits. */
export const DisplayChunkSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  documents: z.array(DisplayDocumentSchema),
})
export type DisplayChunk = z.infer<typeof DisplayChunkSchema>
