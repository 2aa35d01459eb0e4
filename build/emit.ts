import { linkSync, writeFileSync } from 'node:fs'
import { link, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { assetName, DIST_FILES, type BlobList, type Manifest } from '../contract/index.ts'
import { TaskQueue } from '../lib/task-queue.ts'
import type { AssetBlob } from './pipeline/blob-set.ts'

// Blob writes in flight at once: enough to keep the disk busy, few enough to stay far from the open-file limit.
const PARALLEL_WRITES = 32
// Text waiting to be written, at most: past it a blob is written at once, so a build that makes
// blobs faster than the disk takes them holds them back instead of its memory growing.
const QUEUED_CHARACTERS = 16 * 1024 * 1024

/**
 * Writes a build into a sibling temporary folder as the pipeline makes its
 * blobs, so no blob's text outlives its write, then swaps the folder in with
 * renames: `outDir` always holds a whole build, the old one or the new one.
 */
export class BuildWriter {
  private readonly outDir: string
  private readonly staging: string
  private readonly writes = new TaskQueue(PARALLEL_WRITES)
  private queued = 0
  private failure: unknown = null

  private constructor(outDir: string, staging: string) {
    this.outDir = outDir
    this.staging = staging
  }

  static async open(outDir: string): Promise<BuildWriter> {
    const staging = `${outDir}.tmp-${process.pid}`
    await rm(staging, { recursive: true, force: true })
    await mkdir(join(staging, DIST_FILES.blobDir), { recursive: true })
    await mkdir(join(staging, DIST_FILES.assetDir), { recursive: true })
    return new BuildWriter(outDir, staging)
  }

  /** Queues one blob; the pipeline calls it synchronously as it makes each new blob. */
  readonly write = (hash: string, text: string): void => {
    if (this.queued + text.length > QUEUED_CHARACTERS) {
      this.writeNow(hash, text)
      return
    }
    this.queued += text.length
    this.writes.add(async () => {
      this.queued -= text.length
      await this.stage(DIST_FILES.blob(hash), text)
    })
  }

  /** Queues one asset; its bytes are already in memory (read-assets.ts read them), so they are not counted against the queue. */
  readonly writeAsset = (asset: AssetBlob): void => {
    this.writes.add(() => this.stage(DIST_FILES.asset(assetName(asset.hash, asset.extension)), asset.bytes))
  }

  /** Stages one file of dist/: content-addressed, so one the previous build wrote is the same file, and is linked. */
  private async stage(file: string, data: string | Uint8Array): Promise<void> {
    await link(join(this.outDir, file), join(this.staging, file))
      .catch(() => writeFile(join(this.staging, file), data))
      .catch((error: unknown) => {
        this.failure ??= error
      })
  }

  /** Stages a blob the previous build wrote, by a link; false when it has none. A blob this build staged already is in place. */
  readonly place = (hash: string): boolean => {
    const [previous, staged] = this.pathsOf(hash)
    try {
      linkSync(previous, staged)
      return true
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EEXIST'
    }
  }

  /** Waits for every blob, then writes the manifest and blob list and swaps the build in. */
  async commit(manifest: Manifest, blobList: BlobList): Promise<void> {
    try {
      await this.writes.idle()
      if (this.failure) throw this.failure
      await writeFile(join(this.staging, DIST_FILES.manifest), JSON.stringify(manifest, null, 2))
      await writeFile(join(this.staging, DIST_FILES.blobList), JSON.stringify(blobList))
      await mkdir(dirname(this.outDir), { recursive: true })
      const retired = `${this.outDir}.old-${process.pid}`
      await rename(this.outDir, retired).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
      })
      await rename(this.staging, this.outDir)
      await rm(retired, { recursive: true, force: true })
    } catch (error) {
      await this.abort()
      throw error
    }
  }

  /** Drops what was written: a failed build leaves `outDir` as it was. */
  async abort(): Promise<void> {
    this.writes.clear()
    await this.writes.idle()
    await rm(this.staging, { recursive: true, force: true })
  }

  private writeNow(hash: string, text: string): void {
    const [previous, staged] = this.pathsOf(hash)
    try {
      linkSync(previous, staged)
    } catch {
      try {
        writeFileSync(staged, text)
      } catch (error) {
        this.failure ??= error
      }
    }
  }

  /** Where the previous build has the blob, and where this one stages it. */
  private pathsOf(hash: string): [string, string] {
    return [join(this.outDir, DIST_FILES.blob(hash)), join(this.staging, DIST_FILES.blob(hash))]
  }
}
