import {
  DocsVersionSchema,
  LlmsPartsBlobSchema,
  RouteShardSchema,
  defaultVersionOf,
  type DocsVersion,
  type LlmsPartsBlob,
  type Manifest,
  type RouteShard,
  type RouteVariant,
} from '../../contract/index.ts'

/** A build's routes read back from its shards into one flat table, as the manifest held them before schema version 3. */
export interface RouteTable {
  /** Every published slug, in any locale, to its document id. */
  slugs: Record<string, string>
  /** Localized slugs to their one locale. */
  localizedSlugs: Record<string, string>
  /** documents[requestedLocale][docId] */
  documents: Record<string, Record<string, RouteVariant>>
  redirects: Record<string, string>
  /** Docusaurus ids to the slug of their page, where the two differ. */
  ids: Record<string, string>
}

/** The tables of a version of a build (the default one unless named), checked against their schema. */
export function docsOf(manifest: Manifest, blobText: (hash: string) => string | undefined, version: string | null = defaultVersionOf(manifest).name): DocsVersion {
  const entry = manifest.versions.find((candidate) => candidate.name === version)
  const text = entry && blobText(entry.docs)
  if (text === undefined) throw new Error(`build ${manifest.buildId} has no version ${String(version)}`)
  return DocsVersionSchema.parse(JSON.parse(text))
}

/** A locale's llms files in a version's tables, with the part lists of the LlmsPartsBlob they name (checked against its schema). */
export function llmsOf(docs: DocsVersion, locale: string, blobText: (hash: string) => string | undefined): DocsVersion['llms'][string] & LlmsPartsBlob {
  const files = docs.llms[locale]
  const text = files && blobText(files.parts)
  if (files === undefined || text === undefined) throw new Error(`the version has no llms part lists for ${locale}`)
  return { ...files, ...LlmsPartsBlobSchema.parse(JSON.parse(text)) }
}

/** Reads every route shard of a version of `manifest` (each checked against its schema) and flattens them. */
export function routeTable(manifest: Manifest, blobText: (hash: string) => string | undefined, version?: string | null): RouteTable {
  const table: RouteTable = { slugs: {}, localizedSlugs: {}, documents: {}, redirects: {}, ids: {} }
  for (const hash of docsOf(manifest, blobText, version).routes) {
    const text = blobText(hash)
    if (text === undefined) throw new Error(`build ${manifest.buildId} has no route shard ${hash}`)
    const shard: RouteShard = RouteShardSchema.parse(JSON.parse(text))
    for (const [slug, page] of Object.entries(shard.slugs)) {
      table.slugs[slug] = page.docId
      if (page.locale !== undefined) table.localizedSlugs[slug] = page.locale
      for (const [locale, variant] of Object.entries(page.variants)) {
        table.documents[locale] ??= {}
        table.documents[locale][page.docId] = variant
      }
    }
    Object.assign(table.redirects, shard.redirects)
    Object.assign(table.ids, shard.ids)
  }
  return table
}
