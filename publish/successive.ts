import { KV_KEYS, fitsKv, type BlobList, type Manifest } from '../contract/index.ts'
import { TaskQueue } from '../lib/task-queue.ts'
import { publishBuild, type PublishReport } from './publish.ts'
import type { BlobValue, PublishTarget } from './target.ts'
import { listStoredBlobs } from './upload.ts'

/** A build as the long-lived build hands it over: only the texts of blobs it made in this run (none if they were staged). */
export interface SuccessiveBuild {
  manifest: Manifest
  blobList: BlobList
  blobs: Map<string, string>
  /** The files it publishes (images, downloads), by hash; they are handed over in every build. */
  assets?: ReadonlyMap<string, { bytes: Uint8Array }>
}

// Batches of staged blobs in flight at once while a build is still running, and blobs per batch.
const PARALLEL_UPLOADS = 4
const UPLOAD_BATCH = 64
// Text staged and not yet written, in UTF-16 units, past which a store that can write at once
// does: a build makes blobs faster than queued writes drain, and at 10k the queue held hundreds of MB.
const WAITING_LIMIT = 32 * 2 ** 20

/**
 * Publishes the successive builds of one long-lived process (`npm start`).
 * It lists KV once, then remembers what it has published, so a one-page edit
 * uploads that page's few blobs without listing KV again. Blobs can be staged
 * as the build makes them: their upload then runs while the build goes on,
 * and `publish` only waits for it before switching the pointer. It keeps the
 * text of every blob not yet uploaded, which a later build may name without
 * handing it over again. The first publish collects garbage as
 * `npm run publish` does; later ones do not (KV keeps the session's builds
 * until the next start).
 */
const sizeOf = (value: BlobValue) => (typeof value === 'string' ? value.length : value.byteLength)

export class SuccessivePublisher {
  private readonly target: PublishTarget
  private readonly published: Set<string>
  private readonly unpublished = new Map<string, BlobValue>()
  private readonly uploads = new TaskQueue(PARALLEL_UPLOADS)
  private batch: string[] = []
  private waiting = 0
  private readonly waitingLimit: number
  private uploaded = 0
  private first = true

  private constructor(target: PublishTarget, published: Set<string>, waitingLimit: number) {
    this.target = target
    this.published = published
    this.waitingLimit = waitingLimit
  }

  /** `waitingLimit`: staged text, in UTF-16 units, past which a target with `putManyNow` is written at once (tests make it 0). */
  static async open(target: PublishTarget, { waitingLimit = WAITING_LIMIT } = {}): Promise<SuccessivePublisher> {
    return new SuccessivePublisher(target, await listStoredBlobs(target), waitingLimit)
  }

  /** Whether KV holds this blob, as far as this process knows (it listed KV at open and remembers its uploads). */
  readonly has = (hash: string): boolean => this.published.has(hash)

  /** Takes a blob as the build makes it, and starts uploading it unless KV has it. */
  readonly stage = (hash: string, value: BlobValue): void => {
    if (this.published.has(hash) || this.unpublished.has(hash)) return
    this.unpublished.set(hash, value)
    // One KV refuses is left to publishBuild, which refuses it with a sentence before the pointer moves.
    if (!fitsKv(value)) return
    this.batch.push(hash)
    this.waiting += sizeOf(value)
    if (this.batch.length >= UPLOAD_BATCH || (this.waiting > this.waitingLimit && this.target.putManyNow)) this.sendBatch()
    // A blob made last in its burst goes out once the build yields.
    else if (this.batch.length === 1) setImmediate(() => this.sendBatch())
  }

  /** Uploads the blobs staged since the last batch, in one write: one transaction for KV's files, a wave of puts for a binding. */
  private sendBatch(): void {
    const hashes = this.batch.splice(0)
    if (hashes.length === 0) return
    const entriesOf = () =>
      hashes.flatMap((hash) => {
        const value = this.unpublished.get(hash)
        return value === undefined ? [] : [{ key: KV_KEYS.blob(hash), value }]
      })
    const written = (entries: Array<{ key: string; value: BlobValue }>) => {
      this.uploaded += entries.length
      for (const { value } of entries) this.waiting -= sizeOf(value)
      for (const hash of hashes) {
        this.published.add(hash)
        this.unpublished.delete(hash)
      }
    }
    const writeNow = this.waiting > this.waitingLimit ? this.target.putManyNow : undefined
    // A failed upload keeps its text: publish() uploads it again, or fails saying why.
    if (writeNow) {
      const entries = entriesOf()
      try {
        writeNow(entries)
      } catch {
        return
      }
      written(entries)
      return
    }
    this.uploads.add(async () => {
      const entries = entriesOf()
      await this.target.putMany(entries)
      written(entries)
    })
  }

  async publish(build: SuccessiveBuild): Promise<PublishReport> {
    for (const [hash, text] of build.blobs) this.stage(hash, text)
    for (const [hash, asset] of build.assets ?? []) this.stage(hash, asset.bytes)
    this.sendBatch()
    await this.uploads.idle()
    const unpublished = (hash: string) => {
      const value = this.unpublished.get(hash)
      if (value === undefined) throw new Error(`build ${build.manifest.buildId} reuses blob ${hash}, which this process never had`)
      return value
    }
    const source = {
      manifest: build.manifest,
      blobList: build.blobList,
      readAsset: async (hash: string) => {
        const value = unpublished(hash)
        return typeof value === 'string' ? null : value
      },
      readBlob: async (hash: string) => {
        const value = unpublished(hash)
        if (typeof value !== 'string') throw new Error(`blob ${hash} is an asset, not text`)
        return value
      },
    }
    // What failed to upload while staged is uploaded here, or publishing fails and the pointer stays.
    const report = await publishBuild(this.target, source, { known: this.published, collectGarbage: this.first })
    report.blobWrites += this.uploaded
    this.uploaded = 0
    this.first = false
    for (const hash of build.blobList.blobs) {
      this.published.add(hash)
      this.unpublished.delete(hash)
    }
    return report
  }
}
