import { SCHEMA_VERSION, blobListOf, type BlobList, type Manifest } from '../../contract/index.ts'
import type { SiteConfig } from '../content/site-config.ts'
import { hashOfAll } from './blob-set.ts'
import type { Reuse } from './reuse.ts'

export interface ManifestInput {
  site: SiteConfig
  sections: Manifest['site']['sections']
  commit: string | null
  builtAt: string
  versions: Manifest['versions']
  releases: string
  releaseStreams: string[]
  /** The asset index blob. */
  assets: string
  /** The hash of every blob of the build, route shards included (and any reused from an earlier run), sorted (see sortedHashes). */
  blobs: readonly string[]
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
  const buildId = hashOfAll([JSON.stringify(body), ...blobs]).slice(0, 16)
  return { manifest: { ...body, buildId, builtAt }, blobList: blobListOf(buildId, blobs) }
}

/** Every blob hash in order: Reuse remembers the order of the last build's hashes, not a value made from it, so it is made again each time. */
export function blobOrder(hashes: ReadonlySet<string>, reuse: Reuse | undefined): string[] {
  return (
    reuse
      ? reuse.memoIf(
          ['blob-list'],
          null,
          () => false,
          (kept: SortedHashes | undefined) => sortedHashes(hashes, kept),
        )
      : sortedHashes(hashes)
  ).sorted
}

/** Blob hashes in order, and the set they were sorted from. */
interface SortedHashes {
  sorted: string[]
  from: ReadonlySet<string>
}

/**
 * `hashes` in order. Given what an earlier build sorted (a long-lived build,
 * where an edit changes a few of some 50,000 hashes), only the hashes new
 * since then are sorted, and merged into the earlier order.
 */
function sortedHashes(hashes: ReadonlySet<string>, kept?: SortedHashes): SortedHashes {
  if (!kept) return { sorted: [...hashes].sort(), from: hashes }
  const added = [...hashes].filter((hash) => !kept.from.has(hash)).sort()
  const sorted: string[] = []
  let next = 0
  for (const hash of kept.sorted) {
    if (!hashes.has(hash)) continue
    while (next < added.length && (added[next] as string) < hash) sorted.push(added[next++] as string)
    sorted.push(hash)
  }
  while (next < added.length) sorted.push(added[next++] as string)
  return { sorted, from: hashes }
}

/** Blobs KV would refuse: the build says so now, publishing refuses them later. */
export function oversizedBlobWarnings(oversized: Array<{ hash: string; bytes: number }>): string[] {
  return oversized.map(({ hash, bytes }) => `blob ${hash} is ${(bytes / 2 ** 20).toFixed(1)} MiB, over the 25 MiB KV limit: publishing will refuse it`)
}
