import { z } from 'zod'
import { BlobHashSchema } from './hash.ts'
import { SCHEMA_VERSION } from './version.ts'
import { VersionEntrySchema, isDefaultVersion } from './versions.ts'

export { BlobHashSchema }

/**
 * A build: what a cold isolate reads before its first answer, so it stays
 * small whatever the number of documents and versions. Each version's tables
 * sit in a blob of their own (contract/versions.ts), its slugs in route
 * shards (contract/routes.ts); the list of every blob, which only publishing
 * needs, under a key of its own (contract/blob-list.ts).
 */
export const ManifestSchema = z
  .strictObject({
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
      sections: z
        .array(z.strictObject({ slug: z.string(), title: z.record(z.string(), z.string()) }))
        .meta({ description: "Each section a page can belong to (a search hit's `section`), with its title in every locale of the site, in site.yml order" }),
    }),
    /** The versions in the order of site.yml; a site without `versions` has one, unnamed. */
    versions: z.array(VersionEntrySchema).min(1),
    releases: BlobHashSchema,
    /** Names of the release streams, so a request can be validated without reading the blob. */
    releaseStreams: z.array(z.string()),
    /** The asset index (contract/assets.ts): which asset names the build serves. */
    assets: BlobHashSchema,
  })
  .superRefine((manifest, ctx) => {
    // Every listed locale is served whole: a reader may ask for any of them.
    const { locales, defaultLocale } = manifest.site
    if (!locales.includes(defaultLocale)) ctx.addIssue({ code: 'custom', path: ['site', 'defaultLocale'], message: `must be one of site.locales` })
    manifest.versions.forEach((version, index) => {
      for (const locale of locales) {
        if (!Object.hasOwn(version.documentCounts, locale))
          ctx.addIssue({ code: 'custom', path: ['versions', index, 'documentCounts', locale], message: 'is missing: every locale of site.locales needs one' })
      }
    })
    // A request names a version by name or alias: each must name exactly one.
    const names = manifest.versions.map((version) => version.name)
    if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', path: ['versions'], message: 'names must be unique' })
    if (names.includes(null) && names.length > 1) ctx.addIssue({ code: 'custom', path: ['versions'], message: 'an unnamed version must be the only one' })
    const latest = manifest.versions.filter(isDefaultVersion).length
    if (latest !== 1) ctx.addIssue({ code: 'custom', path: ['versions'], message: `exactly one version must be "latest", not ${latest}` })
    if (manifest.versions.filter((version) => version.aliases.includes('next')).length > 1)
      ctx.addIssue({ code: 'custom', path: ['versions'], message: 'at most one version may be "next"' })
  })
export type Manifest = z.infer<typeof ManifestSchema>

/** The pointer's value: the live build of this schema version. */
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

/** The version a reader gets when it names none: the one aliased `latest`. */
export function defaultVersionOf(manifest: Manifest) {
  const found = manifest.versions.find(isDefaultVersion)
  if (!found) throw new Error(`build ${manifest.buildId} has no latest version`)
  return found
}
