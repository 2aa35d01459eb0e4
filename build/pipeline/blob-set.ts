import { createHash } from 'node:crypto'

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32)
}

/** One hash over many parts, without joining them into one large string first. */
export function hashOfAll(parts: Iterable<string>): string {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part).update('\u0000')
  return hash.digest('hex').slice(0, 32)
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
