import { createHash } from 'node:crypto'
import { BLOB_HASH } from '../../contract/index.ts'
import type { KeyPart, Reuse } from './reuse.ts'

/** A blob's name, as contract/hash.ts defines it, computed synchronously. */
export function contentHash(text: string): string {
  return createHash(BLOB_HASH.nodeAlgorithm).update(text).digest('hex').slice(0, BLOB_HASH.hexLength)
}

/** One hash over many parts, without joining them into one large string first. */
export function hashOfAll(parts: Iterable<string>): string {
  const hash = createHash(BLOB_HASH.nodeAlgorithm)
  for (const part of parts) hash.update(part).update('\u0000')
  return hash.digest('hex').slice(0, BLOB_HASH.hexLength)
}

/**
 * Content-addressed blobs: equal bodies share one hash and are stored once.
 * With a Reuse (the long-lived build), a blob made from unchanged parts is
 * neither made nor hashed again: it is in `hashes` but not in `blobs`, as the
 * previous run already handed its text over.
 */
export class BlobSet {
  /** Text of every blob made in this run, by hash. */
  readonly blobs = new Map<string, string>()
  /** Every blob of the build. */
  readonly hashes = new Set<string>()
  private readonly reuse: Reuse | undefined

  constructor(reuse?: Reuse) {
    this.reuse = reuse
  }

  add(value: unknown): string {
    return this.addText(JSON.stringify(value))
  }

  addText(text: string): string {
    const hash = contentHash(text)
    this.blobs.set(hash, text)
    this.hashes.add(hash)
    return hash
  }

  /** The blob of `make()`, which depends on `parts` alone (see Reuse). */
  addFrom(parts: readonly KeyPart[], make: () => unknown): string {
    if (!this.reuse) return this.add(make())
    const hash = this.reuse.memo(['blob', ...parts], () => this.add(make()))
    this.hashes.add(hash)
    return hash
  }
}
