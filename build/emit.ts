import { besideOutput } from './beside-output.ts'
import { existsSync, linkSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { link, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
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
 * A blob the previous build wrote is not written again: at the end, the new
 * build takes the old blob folder, or links each shared blob from it (see
 * stageBlobFolder).
 */
export class BuildWriter {
  readonly outDir: string
  /** Where the build is written until it is swapped in. */
  readonly staging: string
  private readonly writes = new TaskQueue(PARALLEL_WRITES)
  private queued = 0
  private failure: unknown = null
  /** The blobs of the build in `outDir`, by hash. */
  private readonly previous: ReadonlySet<string>
  /** This build's blobs that the previous one has: taken from it at commit. */
  private readonly reused = new Set<string>()

  private constructor(outDir: string, staging: string, previous: ReadonlySet<string>) {
    this.outDir = outDir
    this.staging = staging
    this.previous = previous
  }

  static async open(outDir: string): Promise<BuildWriter> {
    const staging = besideOutput(outDir, 'tmp')
    await rm(staging, { recursive: true, force: true })
    await mkdir(join(staging, DIST_FILES.blobDir), { recursive: true })
    await mkdir(join(staging, DIST_FILES.assetDir), { recursive: true })
    const names = await readdir(join(outDir, DIST_FILES.blobDir)).catch(() => [])
    const suffix = DIST_FILES.blob('').slice(`${DIST_FILES.blobDir}/`.length)
    return new BuildWriter(outDir, staging, new Set(names.filter((name) => name.endsWith(suffix)).map((name) => name.slice(0, -suffix.length))))
  }

  /** Queues one blob; the pipeline calls it synchronously as it makes each new blob. */
  readonly write = (hash: string, text: string): void => {
    if (this.previous.has(hash)) {
      this.reused.add(hash)
      return
    }
    if (this.queued + text.length > QUEUED_CHARACTERS) {
      this.writeNow(hash, text)
      return
    }
    this.queued += text.length
    this.writes.add(async () => {
      this.queued -= text.length
      await writeFile(join(this.staging, DIST_FILES.blob(hash)), text).catch((error: unknown) => {
        this.failure ??= error
      })
    })
  }

  /** Queues one asset; its bytes are already in memory (read-assets.ts read them), so they are not counted against the queue. */
  readonly writeAsset = (asset: AssetBlob): void => {
    this.writes.add(() => this.stage(DIST_FILES.asset(assetName(asset.hash, asset.extension)), asset.bytes))
  }

  /** Stages one asset of dist/: content-addressed, so one the previous build wrote is the same file, and is linked. */
  private async stage(file: string, data: Uint8Array): Promise<void> {
    await link(join(this.outDir, file), join(this.staging, file))
      .catch(() => writeFile(join(this.staging, file), data))
      .catch((error: unknown) => {
        this.failure ??= error
      })
  }

  /** Stages a blob the previous build wrote (linked at commit); false when it has none. A blob this build staged already is in place. */
  readonly place = (hash: string): boolean => {
    if (this.previous.has(hash)) {
      this.reused.add(hash)
      return true
    }
    return existsSync(join(this.staging, DIST_FILES.blob(hash)))
  }

  /** Waits for every blob, then writes the manifest and blob list and swaps the build in. */
  async commit(manifest: Manifest, blobList: BlobList): Promise<void> {
    let moved: string[] | null = null
    try {
      await this.writes.idle()
      if (this.failure) throw this.failure
      await writeFile(join(this.staging, DIST_FILES.manifest), JSON.stringify(manifest, null, 2))
      await writeFile(join(this.staging, DIST_FILES.blobList), JSON.stringify(blobList))
      moved = this.stageBlobFolder()
      await mkdir(dirname(this.outDir), { recursive: true })
      const retired = besideOutput(this.outDir, 'old')
      await rename(this.outDir, retired).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
      })
      await rename(this.staging, this.outDir)
      await rm(retired, { recursive: true, force: true })
    } catch (error) {
      if (moved) this.giveBlobFolderBack(moved)
      await this.abort()
      throw error
    }
    // The old build's blobs this one does not use go only once it is in place: until then they were the old build's.
    if (moved) for (const hash of this.previous) if (!this.reused.has(hash)) rmSync(join(this.outDir, DIST_FILES.blob(hash)), { force: true })
  }

  /**
   * The blob folder of the new build. When it shares most of the old one's
   * blobs (a rebuild after an edit), the old folder is taken and the new
   * blobs moved into it, so the cost follows the change, not the site; the
   * names moved are returned. Else each shared blob is linked, and null.
   */
  private stageBlobFolder(): string[] | null {
    const blobDir = join(this.staging, DIST_FILES.blobDir)
    if (this.previous.size === 0 || this.reused.size * 2 < this.previous.size) {
      for (const hash of this.reused) linkSync(...this.pathsOf(hash))
      return null
    }
    const made = `${blobDir}-made`
    renameSync(blobDir, made)
    renameSync(join(this.outDir, DIST_FILES.blobDir), blobDir)
    const moved: string[] = []
    try {
      for (const name of readdirSync(made)) {
        renameSync(join(made, name), join(blobDir, name))
        moved.push(name)
      }
      rmSync(made, { recursive: true })
    } catch (error) {
      this.giveBlobFolderBack(moved)
      throw error
    }
    return moved
  }

  /** A build that fails after taking the old blob folder gives it back as it was: its own blobs were not touched. */
  private giveBlobFolderBack(moved: string[]): void {
    const blobDir = join(this.staging, DIST_FILES.blobDir)
    try {
      for (const name of moved) rmSync(join(blobDir, name), { force: true })
      renameSync(blobDir, join(this.outDir, DIST_FILES.blobDir))
    } catch {
      // The old build is left as the failure left it; the error that failed this one is the one reported.
    }
  }

  /** Drops what was written: a failed build leaves `outDir` as it was. */
  async abort(): Promise<void> {
    this.writes.clear()
    await this.writes.idle()
    await rm(this.staging, { recursive: true, force: true })
  }

  private writeNow(hash: string, text: string): void {
    try {
      writeFileSync(join(this.staging, DIST_FILES.blob(hash)), text)
    } catch (error) {
      this.failure ??= error
    }
  }

  /** Where the previous build has the blob, and where this one stages it. */
  private pathsOf(hash: string): [string, string] {
    return [join(this.outDir, DIST_FILES.blob(hash)), join(this.staging, DIST_FILES.blob(hash))]
  }
}
