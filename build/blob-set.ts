import { createHash } from 'node:crypto'

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32)
}

/** Content-addressed blobs: equal bodies share one hash and are stored once. */
export class BlobSet {
  readonly blobs = new Map<string, string>()

  add(value: unknown): string {
    const text = JSON.stringify(value)
    const hash = contentHash(text)
    this.blobs.set(hash, text)
    return hash
  }

  addText(text: string): string {
    const hash = contentHash(text)
    this.blobs.set(hash, text)
    return hash
  }
}
