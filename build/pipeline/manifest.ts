import { SCHEMA_VERSION, blobListOf, type BlobList, type Manifest } from '../../contract/index.ts'
import type { SiteConfig } from '../content/site-config.ts'
import { hashOfAll } from './blob-set.ts'

export interface ManifestInput {
  site: SiteConfig
  sections: Manifest['site']['sections']
  commit: string | null
  builtAt: string
  /** Route shard blobs, in shard order. */
  routes: Manifest['routes']
  documentCounts: Manifest['documentCounts']
  search: Manifest['search']
  navigation: Manifest['navigation']
  llms: Manifest['llms']
  releases: string
  releaseStreams: string[]
  /** The asset index blob. */
  assets: string
  /** The hash of every blob of the build, route shards included (and any reused from an earlier run). */
  blobs: Iterable<string>
}

/**
 * The build's manifest, and the list of its blobs that publishing stores
 * beside it. The id hashes everything but the build time, the blob list
 * included, so the same content is the same build.
 */
export function buildManifest(input: ManifestInput): { manifest: Manifest; blobList: BlobList } {
  const { site, sections, builtAt, blobs, ...rest } = input
  const body: Omit<Manifest, 'buildId' | 'builtAt'> = {
    schemaVersion: SCHEMA_VERSION,
    ...rest,
    site: { title: site.title, description: site.description, defaultLocale: site.defaultLocale, locales: site.locales, baseUrl: site.baseUrl, sections },
  }
  const blobList = [...new Set(blobs)].sort()
  const buildId = hashOfAll([JSON.stringify(body), ...blobList]).slice(0, 16)
  return { manifest: { ...body, buildId, builtAt }, blobList: blobListOf(buildId, blobList) }
}

/** Blobs KV would refuse: the build says so now, publishing refuses them later. */
export function oversizedBlobWarnings(oversized: Array<{ hash: string; bytes: number }>): string[] {
  return oversized.map(({ hash, bytes }) => `blob ${hash} is ${(bytes / 2 ** 20).toFixed(1)} MiB, over the 25 MiB KV limit: publishing will refuse it`)
}
