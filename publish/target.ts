/**
 * What publishing needs of a key-value store. The same publishing code writes
 * into a Workers KV binding (wrangler's local state, or workerd in tests) and
 * into a production namespace through the Cloudflare API. Each target owns
 * its retry policy (the Cloudflare SDK retries 429s and 5xx itself).
 */
export interface PublishTarget {
  get(key: string): Promise<string | null>
  /** Every key with this prefix. */
  list(prefix: string): Promise<string[]>
  putMany(entries: Array<{ key: string; value: BlobValue }>): Promise<void>
  /** Writes at once, before returning: a store on this machine's disk can (npm start's local KV before its worker starts). */
  readonly putManyNow?: ((entries: Array<{ key: string; value: BlobValue }>) => void) | undefined
  deleteMany(keys: string[]): Promise<void>
}

/** What a key holds: JSON text, or an asset's bytes, stored as they are. */
export type BlobValue = string | Uint8Array
