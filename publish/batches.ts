import type { BlobValue } from './target.ts'

/**
 * Cloudflare's bulk write (`PUT …/storage/kv/namespaces/{id}/bulk`) takes at
 * most 10,000 pairs and a body of at most 100 MB per request, each value up
 * to 25 MiB (contract's KV_VALUE_LIMIT). Bulk delete takes 10,000 keys. Batches
 * are packed to half the pairs, as wrangler's `kv bulk` does: full-size writes
 * of small values have timed out at the gateway (workers-sdk #7021). These are
 * the limits every batch is packed to, remote or local.
 */
export const BULK_LIMITS = {
  pairs: 5_000,
  // 90 MiB (94.4 MB) stays under 100 MB however the gateway counts a megabyte, with the brackets and commas on top.
  bodyBytes: 90 * 1024 * 1024,
} as const

export interface BatchLimits {
  pairs: number
  bodyBytes: number
}

/** One pair of a bulk write body: text as it is, bytes as base64 for the API to decode before storing. */
export interface BulkPair {
  key: string
  value: string
  base64?: true
}

export function bulkPair({ key, value }: { key: string; value: BlobValue }): BulkPair {
  return typeof value === 'string' ? { key, value } : { key, value: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'), base64: true }
}

/** What an item adds to a JSON array body: its JSON (escapes and multi-byte text counted) and a comma. */
export function jsonBytes(item: unknown): number {
  return Buffer.byteLength(JSON.stringify(item)) + 1
}

// Publishing packs its batches by these sizes and the Cloudflare target checks them again: an entry is measured once.
const measured = new WeakMap<object, number>()

/** What an entry adds to a bulk write body, as `bulkPair` sends it, without encoding bytes to measure them. */
export function pairBytes(entry: { key: string; value: BlobValue }): number {
  let size = measured.get(entry)
  if (size === undefined) {
    const { key, value } = entry
    // Base64 needs no escaping: its length is known from the byte count.
    size = typeof value === 'string' ? jsonBytes({ key, value }) : jsonBytes({ key, value: '', base64: true }) + 4 * Math.ceil(value.byteLength / 3)
    measured.set(entry, size)
  }
  return size
}

/**
 * Packs items in order into batches within the limits: a batch closes when
 * the next item would pass the pair count or the byte total. An item over the
 * byte limit on its own still goes, alone, for the store to answer for.
 */
export class BatchPacker<T> {
  private batch: T[] = []
  private bytes = 0
  private readonly limits: BatchLimits
  private readonly sizeOf: (item: T) => number

  constructor(limits: BatchLimits, sizeOf: (item: T) => number) {
    this.limits = limits
    this.sizeOf = sizeOf
  }

  /** Adds an item; answers the batch it closed when the item did not fit in it. */
  add(item: T): T[] | null {
    const size = this.sizeOf(item)
    const full = this.batch.length === this.limits.pairs || (this.batch.length > 0 && this.bytes + size > this.limits.bodyBytes)
    const closed = full ? this.take() : null
    this.batch.push(item)
    this.bytes += size
    return closed
  }

  /** The batch still open, if it holds anything. */
  take(): T[] | null {
    if (this.batch.length === 0) return null
    const batch = this.batch
    this.batch = []
    this.bytes = 0
    return batch
  }
}

/** Every item, in batches within the limits. */
export function* inBatches<T>(items: Iterable<T>, limits: BatchLimits, sizeOf: (item: T) => number): Generator<T[]> {
  const packer = new BatchPacker(limits, sizeOf)
  for (const item of items) {
    const closed = packer.add(item)
    if (closed) yield closed
  }
  const last = packer.take()
  if (last) yield last
}
