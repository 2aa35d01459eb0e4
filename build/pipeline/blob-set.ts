import { createHash } from 'node:crypto'
import { BLOB_HASH, blobName, fitsKv } from '../../contract/index.ts'
import type { KeyPart, Reuse } from './reuse.ts'

/** A file as it would be published: named by the hash of its bytes. */
export interface AssetBlob {
  hash: string
  extension: string
  bytes: Uint8Array
}

/** A blob's name (text as UTF-8, or bytes), as contract/hash.ts defines it, computed synchronously. */
export function contentHash(value: string | Uint8Array): string {
  return blobName(createHash(BLOB_HASH.nodeAlgorithm).update(value).digest())
}

/** One hash over many parts, without joining them into one large string first. */
export function hashOfAll(parts: Iterable<string>): string {
  const hash = createHash(BLOB_HASH.nodeAlgorithm)
  for (const part of parts) hash.update(part).update('\u0000')
  return blobName(hash.digest())
}

export interface BlobSetOptions {
  /** What the previous run of a long-lived build made. */
  reuse?: Reuse | undefined
  /** Takes each new blob's text as it is made (the one-shot build writes it to disk at once); `blobs` then stays empty. */
  onBlob?: ((hash: string, text: string) => void) | undefined
  /** Takes each new asset as it is added; `assets` then stays empty. */
  onAsset?: ((asset: AssetBlob) => void) | undefined
}

/**
 * Content-addressed blobs: equal bodies share one hash and are stored once.
 * With a Reuse (the long-lived build), a blob made from unchanged parts is
 * neither made nor hashed again: it is in `hashes` but not in `blobs`, as the
 * previous run already handed its text over.
 */
export class BlobSet {
  /** Text of every blob made in this run, by hash, unless `onBlob` took it. */
  readonly blobs = new Map<string, string>()
  /** Every asset added in this run, by hash, unless `onAsset` took it. */
  readonly assets = new Map<string, AssetBlob>()
  /** Every blob of the build. */
  readonly hashes = new Set<string>()
  /** Blobs larger than KV takes, with their size in bytes. */
  readonly oversized: Array<{ hash: string; bytes: number }> = []
  private readonly reuse: Reuse | undefined
  private readonly onBlob: ((hash: string, text: string) => void) | undefined
  private readonly onAsset: ((asset: AssetBlob) => void) | undefined
  // The hashes one docs version uses, new or not, while `track` collects them.
  private tracked: Set<string> | null = null

  constructor(options: BlobSetOptions = {}) {
    this.reuse = options.reuse
    this.onBlob = options.onBlob
    this.onAsset = options.onAsset
  }

  /** Collects, until the next call, every blob hash added or named again: what one docs version uses. */
  track(): Set<string> {
    this.tracked = new Set()
    return this.tracked
  }

  endTracking(): void {
    this.tracked = null
  }

  /** A blob an earlier build made, which the caller has put in place (a kept docs version's). */
  adopt(hash: string): void {
    this.hashes.add(hash)
  }

  /** A blob an earlier run of this long-lived build made from the very same inputs: named again, not made. */
  addMade(hash: string): string {
    this.hashes.add(hash)
    this.tracked?.add(hash)
    return hash
  }

  /** A file's bytes, stored as they are under the hash of those bytes. */
  addAsset(asset: AssetBlob): string {
    if (this.hashes.has(asset.hash)) return asset.hash
    this.hashes.add(asset.hash)
    if (this.onAsset) this.onAsset(asset)
    else this.assets.set(asset.hash, asset)
    return asset.hash
  }

  add(value: unknown): string {
    return this.addText(JSON.stringify(value))
  }

  /** `hash`, when given, must be `contentHash(text)`: the search index builder has it already. */
  addText(text: string, hash = contentHash(text)): string {
    this.tracked?.add(hash)
    if (this.hashes.has(hash)) return hash
    this.hashes.add(hash)
    if (!fitsKv(text)) this.oversized.push({ hash, bytes: Buffer.byteLength(text) })
    if (this.onBlob) this.onBlob(hash, text)
    else this.blobs.set(hash, text)
    return hash
  }

  /** The blob of `make()`, which depends on `parts` alone (see Reuse). */
  addFrom(parts: readonly KeyPart[], make: () => unknown): string {
    if (!this.reuse) return this.add(make())
    const hash = this.reuse.memo(['blob', ...parts], () => this.add(make()))
    this.hashes.add(hash)
    this.tracked?.add(hash)
    return hash
  }
}
