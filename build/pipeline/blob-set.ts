import { createHash } from 'node:crypto'
import { BLOB_HASH } from '../../contract/index.ts'

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

/** Content-addressed blobs: equal bodies share one hash and are stored once. */
export class BlobSet {
  readonly blobs = new Map<string, string>()

  add(value: unknown): string {
    return this.addText(JSON.stringify(value))
  }

  addText(text: string): string {
    const hash = contentHash(text)
    this.blobs.set(hash, text)
    return hash
  }
}
