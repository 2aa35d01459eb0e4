import { z } from 'zod'
import { BLOB_HASH } from './hash.ts'
import { SCHEMA_VERSION } from './version.ts'

export const BlobHashSchema = z.string().regex(new RegExp(`^[0-9a-f]{${BLOB_HASH.hexLength}}$`), 'must be a blob hash')

/** What the worker serves for one document id in one requested locale. */
export interface VariantEntry {
  /** The JSON blob's hash: also the JSON response's strong ETag. */
  blob: string
  /** The Markdown blob's hash: the Markdown response's strong ETag. */
  markdown: string
  /** The locale whose text is served (differs from the requested one on fallback). */
  locale: string
  draft: boolean
  /** A draft translation of a published page, served instead to readers with the drafts scope. */
  preview?: VariantEntry | undefined
}

export const VariantEntrySchema: z.ZodType<VariantEntry> = z.strictObject({
  blob: BlobHashSchema,
  markdown: BlobHashSchema,
  locale: z.string(),
  draft: z.boolean(),
  get preview() {
    return VariantEntrySchema.optional()
  },
})

const byLocale = <T extends z.ZodType>(value: T) => z.record(z.string(), value)

/** A build: where every blob of it is, and what the worker needs to route a request. */
export const ManifestSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  buildId: z.string().min(1),
  builtAt: z.iso.datetime(),
  commit: z.string().nullable(),
  site: z.strictObject({
    title: z.string(),
    description: z.string().nullable(),
    defaultLocale: z.string(),
    locales: z.array(z.string()).min(1),
    baseUrl: z.string(),
  }),
  /** Every published slug, in any locale, to its document id (the default-locale slug). */
  slugs: z.record(z.string(), z.string()),
  /** Slugs that only one locale uses (localized slugs), to their locale. */
  localizedSlugs: z.record(z.string(), z.string()),
  /** documents[requestedLocale][documentId] */
  documents: byLocale(z.record(z.string(), VariantEntrySchema)),
  /** One search index blob per locale. */
  search: byLocale(BlobHashSchema),
  /** The sidebar of each locale: as the public sees it, and with drafts for readers with the scope. */
  navigation: byLocale(z.strictObject({ public: BlobHashSchema, drafts: BlobHashSchema })),
  /** llms.txt of each locale, and llms-full.txt in parts (it can outgrow one KV value). */
  llms: byLocale(z.strictObject({ index: BlobHashSchema, full: z.array(BlobHashSchema) })),
  /** Old slugs to the default-locale slug of the page they now lead to (chains already collapsed). */
  redirects: z.record(z.string(), z.string()),
  releases: BlobHashSchema,
  /** Names of the release streams, so a request can be validated without reading the blob. */
  releaseStreams: z.array(z.string()),
  /** Every blob hash this build uses, for publishing and garbage collection. */
  blobs: z.array(BlobHashSchema),
})
export type Manifest = z.infer<typeof ManifestSchema>

/** The value of the pointer key: the live build of this schema version. */
export const PointerSchema = z.strictObject({ buildId: z.string().min(1), publishedAt: z.iso.datetime() })
export type Pointer = z.infer<typeof PointerSchema>

/** One published build, as publishing keeps them for rollback and garbage collection. */
export const BuildRecordSchema = z.strictObject({
  buildId: z.string().min(1),
  publishedAt: z.iso.datetime(),
  builtAt: z.iso.datetime(),
  commit: z.string().nullable(),
  documents: z.int().min(0),
  /** Set when the build fell out of the kept window; its blobs go after a grace period. */
  retiredAt: z.iso.datetime().nullable(),
})
export type BuildRecord = z.infer<typeof BuildRecordSchema>
export const BuildHistorySchema = z.array(BuildRecordSchema)
