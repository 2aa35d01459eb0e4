import { BLOB_KEY_PREFIX, KV_KEYS, fitsKv, type BuildSource } from '../contract/index.ts'
import { BULK_LIMITS, BatchPacker, pairBytes } from './batches.ts'
import type { BlobValue, PublishTarget } from './target.ts'

// Blobs read from the build at once while a batch fills.
const PARALLEL_READS = 256
const HEX_DIGITS = [...'0123456789abcdef']

/**
 * The hashes of the blobs KV holds, from a listing of their keys: the one
 * record that knows what a failed publish landed, whatever failed. It costs a
 * request per 1,000 keys (a list page), against one per key for reading each,
 * and it is listed as 16 listings side by side, one per first hex digit of the
 * hash, since each listing's pages follow one another.
 */
export async function listStoredBlobs(target: PublishTarget): Promise<Set<string>> {
  const stored = new Set<string>()
  const listings = await Promise.all(HEX_DIGITS.map((digit) => target.list(`${BLOB_KEY_PREFIX}${digit}`)))
  for (const keys of listings) for (const key of keys) stored.add(key.slice(BLOB_KEY_PREFIX.length))
  return stored
}

export interface UploadTally {
  bytes: number
  /** Blobs written, in `batches` bulk writes. */
  written: number
  batches: number
}

/**
 * Reads the missing blobs and writes them in batches packed as Cloudflare's
 * bulk API counts them (at most 5,000 pairs and 90 MiB of JSON), so that a
 * batch is one request there and one transaction or wave of puts locally.
 * A batch that fails stops the upload with a sentence saying how many blobs
 * landed: they are listed, and not sent again, by the next run.
 */
export async function uploadBlobs(
  target: PublishTarget,
  build: BuildSource,
  missing: string[],
  options: { batchSize?: number | undefined; dryRun?: boolean | undefined },
): Promise<UploadTally> {
  const tally: UploadTally = { bytes: 0, written: 0, batches: 0 }
  const packer = new BatchPacker<{ key: string; value: BlobValue }>({ ...BULK_LIMITS, pairs: Math.min(options.batchSize ?? BULK_LIMITS.pairs, BULK_LIMITS.pairs) }, pairBytes)
  const send = async (batch: Array<{ key: string; value: BlobValue }> | null) => {
    if (!batch) return
    try {
      await target.putMany(batch)
    } catch (error) {
      const left = missing.length - tally.written
      throw new Error(
        `${tally.written} of ${missing.length} blobs landed before a bulk write of ${batch.length} failed (${(error as Error).message}); ` +
          `the pointer has not moved; publishing again lists what landed and uploads only the rest (${left} blobs at most)`,
        { cause: error },
      )
    }
    tally.written += batch.length
    tally.batches++
  }
  for (let start = 0; start < missing.length; start += PARALLEL_READS) {
    const entries = await Promise.all(
      missing.slice(start, start + PARALLEL_READS).map(async (hash) => ({ key: KV_KEYS.blob(hash), value: (await build.readAsset?.(hash)) ?? (await build.readBlob(hash)) })),
    )
    const tooLarge = entries.filter((entry) => !fitsKv(entry.value)).map((entry) => entry.key)
    // Refused before it is sent; the pointer has not moved, so nothing is half published.
    if (tooLarge.length > 0) throw new Error(`KV takes values up to 25 MiB; larger: ${tooLarge.join(', ')}`)
    for (const entry of entries) {
      tally.bytes += byteLength(entry.value)
      if (!options.dryRun) await send(packer.add(entry))
    }
  }
  if (!options.dryRun) await send(packer.take())
  return tally
}

function byteLength(value: BlobValue): number {
  return typeof value === 'string' ? Buffer.byteLength(value) : value.byteLength
}
