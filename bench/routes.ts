import { DocsVersionSchema, RouteShardSchema, defaultVersionOf, type DocsVersion, type Manifest, type RouteVariant } from '../contract/index.ts'

export interface BenchRoutes {
  /** Every published slug, in any locale, to its document id. */
  slugs: Record<string, string>
  /** documents[requestedLocale][docId]: what a reader asking for that locale is served. */
  documents: Record<string, Record<string, RouteVariant>>
}

/** The tables of a build's default version: its route shards, search indexes, sidebars and llms files. */
export async function defaultDocsOf(manifest: Manifest, readBlob: (hash: string) => Promise<string>): Promise<DocsVersion> {
  return DocsVersionSchema.parse(JSON.parse(await readBlob(defaultVersionOf(manifest).docs)))
}

/** A build's slugs and variants, read back from its route shards (the manifest only names the shards). */
export async function routesOf(manifest: Manifest, readBlob: (hash: string) => Promise<string>): Promise<BenchRoutes> {
  const routes: BenchRoutes = { slugs: {}, documents: {} }
  for (const hash of (await defaultDocsOf(manifest, readBlob)).routes) {
    const shard = RouteShardSchema.parse(JSON.parse(await readBlob(hash)))
    for (const [slug, page] of Object.entries(shard.slugs)) {
      routes.slugs[slug] = page.docId
      for (const [locale, variant] of Object.entries(page.variants)) {
        routes.documents[locale] ??= {}
        routes.documents[locale][page.docId] = variant
      }
    }
  }
  return routes
}
