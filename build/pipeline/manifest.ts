import { KV_VALUE_LIMIT, SCHEMA_VERSION, type Manifest } from '../../contract/index.ts'
import type { SiteConfig } from '../content/site-config.ts'
import { contentHash } from './blob-set.ts'

export interface ManifestInput {
  site: SiteConfig
  commit: string | null
  builtAt: string
  slugs: Manifest['slugs']
  localizedSlugs: Manifest['localizedSlugs']
  documents: Manifest['documents']
  search: Manifest['search']
  navigation: Manifest['navigation']
  llms: Manifest['llms']
  redirects: Manifest['redirects']
  releases: string
  releaseStreams: string[]
  blobs: Map<string, string>
}

/** The build's manifest. Its id hashes everything but the build time, so the same content is the same build. */
export function buildManifest(input: ManifestInput): Manifest {
  const { site, builtAt, blobs, ...rest } = input
  const body: Omit<Manifest, 'buildId' | 'builtAt' | 'blobs'> = {
    schemaVersion: SCHEMA_VERSION,
    ...rest,
    site: { title: site.title, description: site.description, defaultLocale: site.defaultLocale, locales: site.locales, baseUrl: site.baseUrl },
  }
  const blobList = [...blobs.keys()].sort()
  const buildId = contentHash(JSON.stringify({ ...body, blobList })).slice(0, 16)
  return { ...body, buildId, builtAt, blobs: blobList }
}

/** Blobs KV would refuse: the build says so now, publishing refuses them later. */
export function oversizedBlobWarnings(blobs: Map<string, string>): string[] {
  return [...blobs]
    .filter(([, text]) => Buffer.byteLength(text) > KV_VALUE_LIMIT)
    .map(([hash, text]) => `blob ${hash} is ${(Buffer.byteLength(text) / 2 ** 20).toFixed(1)} MiB, over the 25 MiB KV limit: publishing will refuse it`)
}
