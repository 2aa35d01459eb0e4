import { z } from 'zod'
import { BlobHashSchema } from './hash.ts'
import { SCHEMA_VERSION } from './version.ts'
import { MARKDOWN_SUFFIX } from './urls.ts'

/** What a build serves for one document id in one requested locale (the build's view, before it is routed). */
export interface VariantEntry {
  /** The JSON blob's hash: also the JSON response's strong ETag. */
  blob: string
  /** The Markdown blob's hash: the Markdown response's strong ETag. */
  markdown: string
  /** The locale whose text is served (differs from the requested one on fallback). */
  locale: string
  /** The page's title in that locale, so a listing of pages (MCP resources) needs no document read. */
  title: string
  draft: boolean
  /** A draft translation of a published page, served instead to readers with the drafts scope. */
  preview?: VariantEntry | undefined
}

/** A variant as a route shard stores it: with the slug its text has in the locale served. */
export interface RouteVariant extends VariantEntry {
  /** The document's slug in `locale`: its localized slug there, else its id. */
  slug: string
  preview?: RouteVariant | undefined
}

export const RouteVariantSchema: z.ZodType<RouteVariant> = z.strictObject({
  blob: BlobHashSchema,
  markdown: BlobHashSchema,
  locale: z.string(),
  slug: z.string(),
  title: z.string(),
  draft: z.boolean(),
  get preview() {
    return RouteVariantSchema.optional()
  },
})

/** Where one published slug (in any locale) leads. */
export const RouteEntrySchema = z.strictObject({
  /** The document id: its default-locale slug. */
  docId: z.string(),
  /** Set for a localized slug: the one locale that uses it, which it selects unless the request names another. */
  locale: z.string().optional(),
  /** variants[requestedLocale]: what a reader asking for that locale is served. */
  variants: z.record(z.string(), RouteVariantSchema),
  /** Old slugs that redirect here: another version may still publish the page under one. */
  formerly: z.array(z.string()).optional(),
  /** Docusaurus's id of the document (its folder, then front matter `id`), set where it is not its default-locale slug: another version finds the page by it. */
  frameworkId: z.string().optional(),
})
export type RouteEntry = z.infer<typeof RouteEntrySchema>

/**
 * The routes of the slugs that `shardOf` puts in one shard: a content-hash
 * blob, so a cold isolate reads the small manifest and then only the shard
 * of the slug it was asked for.
 */
export const RouteShardSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  slugs: z.record(z.string(), RouteEntrySchema),
  /** Old slugs to the default-locale slug of the page they now lead to (chains already collapsed). */
  redirects: z.record(z.string(), z.string()),
  /**
   * Docusaurus ids to the default-locale slug of their page, where the two
   * differ: how a page of another version whose slug is not this one's (a
   * versioned doc that keeps its `id:`) is found. Never a URL of its own.
   */
  ids: z.record(z.string(), z.string()),
})
export type RouteShard = z.infer<typeof RouteShardSchema>

/** About this many slugs and redirects per shard: a few tens of KiB to read and check. */
export const ROUTES_PER_SHARD = 64

/** The number of shards for this many slugs and redirects: the smallest power of two that keeps shards at ROUTES_PER_SHARD or under on average. */
export function shardCount(routes: number): number {
  let count = 1
  while (count * ROUTES_PER_SHARD < routes) count *= 2
  return count
}

const encoder = new TextEncoder()

/**
 * The shard that holds `slug`: FNV-1a (32 bits) over its UTF-8 bytes, modulo
 * `count`. A trailing `.md` is left out of the hash, so `guides/install.md`
 * shares the shard of `guides/install`: a Markdown URL reads one shard
 * whether it names a page ending in `.md` or the Markdown of `guides/install`.
 */
export function shardOf(slug: string, count: number): number {
  const key = slug.endsWith(MARKDOWN_SUFFIX) ? slug.slice(0, -MARKDOWN_SUFFIX.length) : slug
  let hash = 0x811c9dc5
  for (const byte of encoder.encode(key)) hash = Math.imul(hash ^ byte, 0x01000193)
  return (hash >>> 0) % count
}
