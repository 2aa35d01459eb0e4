import { KV_KEYS, defaultVersionOf, type BlobList, type BuildRecord, type BuildSource, type Manifest } from '../contract/index.ts'
import { collectGarbage, readHistory, readPointer, switchPointer, writeHistory, type GcOptions, type GcReport } from './history.ts'
import type { PublishTarget } from './target.ts'
import { listStoredBlobs, uploadBlobs } from './upload.ts'

export interface PublishOptions extends GcOptions {
  dryRun?: boolean
  now?: Date
  /** Blobs per bulk write, at most (default and ceiling: Cloudflare's 10,000; a batch also stays within 90 MiB). */
  batchSize?: number
  /**
   * Blob hashes the caller knows KV already holds (a long-lived author loop
   * remembers what it published): KV is not listed, and only the other blobs
   * are read and uploaded. A wrong set uploads too much, or serves a build
   * with a missing blob (a 503 on that page), until the next full publish.
   */
  known?: ReadonlySet<string>
  /** Retire builds beyond `keep` and delete what expired ones alone used (default true). */
  collectGarbage?: boolean
}

export interface PublishReport {
  buildId: string
  blobsToUpload: number
  bytesToUpload: number
  blobWrites: number
  /** Bulk writes the blobs took: requests to the Cloudflare API, transactions or waves of puts locally. */
  blobBatches: number
  switched: boolean
  gc: GcReport | null
}

/**
 * Uploads the blobs KV lacks, then the manifest, and only then switches the
 * pointer: a reader sees the old build or the new one, never a mix. Running it
 * again after a failure finishes the job; an unchanged build writes nothing.
 */
export async function publishBuild(target: PublishTarget, build: BuildSource, options: PublishOptions = {}): Promise<PublishReport> {
  const { manifest, blobList } = build
  if (blobList.buildId !== manifest.buildId) throw new Error(`the blob list is of build ${blobList.buildId}, the manifest of ${manifest.buildId}`)
  const now = options.now ?? new Date()
  const stored = options.known ?? (await listStoredBlobs(target))
  const missing = blobList.blobs.filter((hash) => !stored.has(hash))
  const upload = await uploadBlobs(target, build, missing, options)
  const report: PublishReport = {
    buildId: manifest.buildId,
    blobsToUpload: missing.length,
    bytesToUpload: upload.bytes,
    blobWrites: upload.written,
    blobBatches: upload.batches,
    switched: false,
    gc: null,
  }
  if (options.dryRun) return report

  // The blob list before the manifest: garbage collection must know a build's blobs as soon as it can be live.
  await putOnce(target, KV_KEYS.blobList(manifest.buildId), blobList)
  await putOnce(target, KV_KEYS.manifest(manifest.buildId), manifest)
  const pointer = await readPointer(target)
  const history = await readHistory(target)
  if (pointer?.buildId !== manifest.buildId) {
    await switchPointer(target, manifest.buildId, now)
    report.switched = true
  }
  // A build published again (an edit undone) moves to its new publish time, so rollback steps back from it.
  if (report.switched || !history.some((record) => record.buildId === manifest.buildId && !record.retiredAt)) {
    const record: BuildRecord = {
      buildId: manifest.buildId,
      publishedAt: now.toISOString(),
      builtAt: manifest.builtAt,
      commit: manifest.commit,
      documents: defaultVersionOf(manifest).documentCounts[manifest.site.defaultLocale] ?? 0,
      retiredAt: null,
    }
    await writeHistory(target, [record, ...history.filter((entry) => entry.buildId !== manifest.buildId)])
  }
  if (options.collectGarbage ?? true) report.gc = await collectGarbage(target, manifest.buildId, { ...options, now })
  return report
}

/** A build's own key, written unless an earlier publish of the same build already did. */
async function putOnce(target: PublishTarget, key: string, value: unknown): Promise<void> {
  if ((await target.get(key)) === null) await target.putMany([{ key, value: JSON.stringify(value) }])
}

/** A build held in memory (built with `keepBlobs`, or made by a test), as publishing reads it. */
export function inMemorySource(build: { manifest: Manifest; blobList: BlobList; blobs: Map<string, string>; assets?: ReadonlyMap<string, { bytes: Uint8Array }> }): BuildSource {
  return {
    manifest: build.manifest,
    blobList: build.blobList,
    readAsset: async (hash) => build.assets?.get(hash)?.bytes ?? null,
    readBlob: async (hash) => {
      const blob = build.blobs.get(hash)
      if (blob === undefined) throw new Error(`build ${build.manifest.buildId} has no blob ${hash}`)
      return blob
    },
  }
}
