import { z } from 'zod'
import { BlobHashSchema } from './hash.ts'
import { versionBaseUrl } from './urls.ts'
import { SCHEMA_VERSION } from './version.ts'

/** Where readers stand with a version: the banner and indexing of its pages follow from it. */
export const VERSION_STATUSES = ['current', 'maintained', 'unmaintained', 'unreleased'] as const
export const VersionStatusSchema = z.enum(VERSION_STATUSES)
export type VersionStatus = z.infer<typeof VersionStatusSchema>

/** Names a request may give instead of a version's name; each resolves per request. */
export const VERSION_ALIASES = ['latest', 'next'] as const
export type VersionAlias = (typeof VERSION_ALIASES)[number]

/** A version name is a path segment and a query value: `3.x`, `v2`, `2024-06`. */
export const VERSION_NAME = /^[A-Za-z0-9._-]+$/

const byLocale = <T extends z.ZodType>(value: T) => z.record(z.string(), value)

/**
 * One version of the docs as the manifest lists it: what a reader choosing
 * versions needs, and the blob holding the version's own tables, which a
 * request reads only when it asks for that version.
 */
export const VersionEntrySchema = z.strictObject({
  /** Null for the one unnamed version of a site without `versions`. */
  name: z.string().regex(VERSION_NAME).nullable(),
  label: z.string().nullable(),
  status: VersionStatusSchema,
  aliases: z.array(z.enum(VERSION_ALIASES)),
  /** Per locale, the published documents written in it (fallbacks and drafts not counted). */
  documentCounts: byLocale(z.int().min(0)),
  /** The DocsVersion blob. */
  docs: BlobHashSchema,
})
export type VersionEntry = z.infer<typeof VersionEntrySchema>

/**
 * The tables of one version: its route shards, and per locale its sidebar,
 * search index and llms files. Kept out of the manifest so that a cold
 * isolate reads only the version it is asked for, whatever their number.
 */
export const DocsVersionSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  /** Route shard blobs: a slug's routes are in `routes[shardOf(slug, routes.length)]`. */
  routes: z.array(BlobHashSchema).min(1),
  /** One search index blob per locale. */
  search: byLocale(BlobHashSchema),
  /** The sidebar of each locale: as the public sees it, and with drafts for readers with the scope. */
  navigation: byLocale(z.strictObject({ public: BlobHashSchema, drafts: BlobHashSchema })),
  /**
   * llms.txt of each locale, llms-full.txt's validator, and the LlmsPartsBlob
   * naming the parts of llms-full.txt and of the section files: a 304 of
   * llms.txt or llms-full.txt needs nothing more, and a document answer never
   * reads the part lists.
   */
  llms: byLocale(
    z.strictObject({
      index: BlobHashSchema,
      /** llms-full.txt's validator: the hash of its parts' names, one per line (made at build time, not per request). */
      fullEtag: BlobHashSchema,
      /** The LlmsPartsBlob. */
      parts: BlobHashSchema,
    }),
  ),
})
export type DocsVersion = z.infer<typeof DocsVersionSchema>

/** The tables of a DocsVersion that every site locale must have an entry in. */
export const PER_LOCALE_TABLES = ['search', 'navigation', 'llms'] as const

/** The locales of `locales` that some per-locale table of `docs` lacks: a reader may ask for any of them. */
export function localesMissingFrom(docs: DocsVersion, locales: readonly string[]): string[] {
  return locales.filter((locale) => PER_LOCALE_TABLES.some((table) => !Object.hasOwn(docs[table], locale)))
}

/** The version a request naming none gets: the one aliased `latest`. */
export const isDefaultVersion = (version: Pick<VersionEntry, 'aliases'>): boolean => version.aliases.includes('latest')

/** Where a version's pages live on the site (see versionBaseUrl). */
export function baseUrlOf(siteBaseUrl: string, version: Pick<VersionEntry, 'name' | 'aliases'>): string {
  return versionBaseUrl(siteBaseUrl, version.name, isDefaultVersion(version))
}

/**
 * The version a request names: a version's name, or an alias (`latest` is the
 * default version, `next` the unreleased one). Undefined names none.
 */
export function versionNamed(versions: readonly VersionEntry[], requested: string): VersionEntry | undefined {
  return versions.find((version) => version.name === requested) ?? versions.find((version) => (version.aliases as readonly string[]).includes(requested))
}
