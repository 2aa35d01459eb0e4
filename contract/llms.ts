import { z } from 'zod'
import { BlobHashSchema } from './hash.ts'

/**
 * The largest part of llms-full.txt (and of a section's llms file), in UTF-8
 * bytes of text: the worker streams one part at a time, and each stays far
 * under a MiB as stored JSON, whatever the site's size.
 */
export const LLMS_FULL_PART_BYTES = 512 * 1024

/**
 * The size line of llms.txt, in UTF-8 bytes (about 2,500 pages). A locale
 * whose llms.txt fits serves it whole, as small sites always did; past it,
 * llms.txt lists the sections, each linking to its own file at
 * `llmsSectionPath(name)` (the llms.txt proposal allows files in subpaths),
 * and a section's file is stored in parts of at most LLMS_FULL_PART_BYTES.
 */
export const LLMS_INDEX_BYTES = 256 * 1024

/** Where a section's llms file is served: `/llms/{name}.txt`, its name as `?root=` of /v1/navigation takes it. */
export const LLMS_SECTIONS_PATH = '/llms/'
export const LLMS_SECTION_SUFFIX = '.txt'
export const llmsSectionPath = (name: string) => `${LLMS_SECTIONS_PATH}${encodeURIComponent(name)}${LLMS_SECTION_SUFFIX}`

/** Where a section's full text is served: `/llms-full/{name}.txt`, beside its list at `/llms/{name}.txt`. */
export const LLMS_FULL_SECTIONS_PATH = '/llms-full/'
export const llmsFullSectionPath = (name: string) => `${LLMS_FULL_SECTIONS_PATH}${encodeURIComponent(name)}${LLMS_SECTION_SUFFIX}`

/**
 * A section's two files, each served in parts one read at a time: its llms
 * file, and its pages in full, which are a run of llms-full.txt's own parts
 * (a large locale cuts llms-full.txt between sections), so they cost no
 * storage of their own.
 */
export const LlmsSectionSchema = z.strictObject({
  parts: z.array(BlobHashSchema).min(1),
  /** The validator: the hash of its parts' names, one per line (made at build time). */
  etag: BlobHashSchema,
  fullParts: z.array(BlobHashSchema).min(1),
  fullEtag: BlobHashSchema,
})

/**
 * The part lists of a locale's llms files, a value of its own that only the
 * llms routes read: at 100,000 pages per locale they are about 200 KB (part
 * names of llms-full.txt and of each section's files), which every other
 * request would read on a cold isolate if they were in DocsVersion.
 */
export const LlmsPartsBlobSchema = z.strictObject({
  /** llms-full.txt in parts (it can outgrow one KV value); none for a locale without published pages. */
  full: z.array(BlobHashSchema),
  /** In a locale past LLMS_INDEX_BYTES, each section's llms file, by its name; llms.txt then links to them. */
  sections: z.record(z.string(), LlmsSectionSchema).optional(),
})
export type LlmsPartsBlob = z.infer<typeof LlmsPartsBlobSchema>
