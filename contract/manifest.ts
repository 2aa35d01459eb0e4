import { z } from 'zod'
import { BLOB_HASH } from './hash.ts'
import { SCHEMA_VERSION } from './version.ts'

export const BlobHashSchema = z.string().regex(new RegExp(`^[0-9a-f]{${BLOB_HASH.hexLength}}$`), 'must be a blob hash')

const byLocale = <T extends z.ZodType>(value: T) => z.record(z.string(), value)

/**
 * A build: what a cold isolate reads before its first answer, so it stays
 * small whatever the number of documents. Slugs and redirects sit in route
 * shards (contract/routes.ts); the list of every blob, which only publishing
 * needs, under a key of its own (contract/blob-list.ts).
 */
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
    /** Absent from manifests of earlier builds of this schema version, which still serve. */
    sections: z
      .array(z.strictObject({ slug: z.string(), title: byLocale(z.string()) }))
      .default([])
      .meta({ description: "Each section a page can belong to (a search hit's `section`), with its title in every locale of the site, in site.yml order" }),
  }),
  /** Route shard blobs: a slug's routes are in `routes[shardOf(slug, routes.length)]`. */
  routes: z.array(BlobHashSchema).min(1),
  /** Per locale, the published documents written in it (fallbacks and drafts not counted), as /v1/status reports. */
  documentCounts: byLocale(z.int().min(0)),
  /** One search index blob per locale. */
  search: byLocale(BlobHashSchema),
  /** The sidebar of each locale: as the public sees it, and with drafts for readers with the scope. */
  navigation: byLocale(z.strictObject({ public: BlobHashSchema, drafts: BlobHashSchema })),
  /** llms.txt of each locale, and llms-full.txt in parts (it can outgrow one KV value). */
  llms: byLocale(
    z.strictObject({
      index: BlobHashSchema,
      full: z.array(BlobHashSchema),
      /** llms-full.txt's validator: the hash of its parts' names, one per line (made at build time, not per request). */
      fullEtag: BlobHashSchema,
    }),
  ),
  releases: BlobHashSchema,
  /** Names of the release streams, so a request can be validated without reading the blob. */
  releaseStreams: z.array(z.string()),
  /** The asset index (contract/assets.ts): which asset names the build serves. */
  assets: BlobHashSchema,
}).superRefine((manifest, ctx) => {
  // Every listed locale is served whole: a reader may ask for any of them.
  const { locales, defaultLocale } = manifest.site
  if (!locales.includes(defaultLocale)) ctx.addIssue({ code: 'custom', path: ['site', 'defaultLocale'], message: `must be one of site.locales` })
  for (const field of ['documentCounts', 'search', 'navigation', 'llms'] as const) {
    for (const locale of locales) {
      if (!Object.hasOwn(manifest[field], locale)) ctx.addIssue({ code: 'custom', path: [field, locale], message: `is missing: every locale of site.locales needs one` })
    }
  }
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
