import { z } from 'zod'

/**
 * How a blob is named: the first 32 hex digits of the SHA-256 of its UTF-8
 * bytes. The name is then both a strong ETag and an integrity check: a reader
 * hashes what it got and compares. The build hashes synchronously with
 * node:crypto; `blobHash` is the runtime-neutral form the worker uses, and a
 * test keeps the two equal.
 */
export const BLOB_HASH = { algorithm: 'SHA-256', nodeAlgorithm: 'sha256', hexLength: 32 } as const

/** The name of a blob with this text (UTF-8) or these bytes. */
export async function blobHash(value: string | ArrayBuffer): Promise<string> {
  const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : new Uint8Array(value)
  return blobName(new Uint8Array(await crypto.subtle.digest(BLOB_HASH.algorithm, bytes)))
}

/**
 * A blob's name from the BLOB_HASH digest of its bytes, synchronously: the build digests with node:crypto
 * (contract/ stays runtime-neutral) and names with this, so the worker's check of a read blob agrees with it.
 */
export function blobName(digest: Uint8Array): string {
  let hex = ''
  for (const byte of digest.subarray(0, BLOB_HASH.hexLength / 2)) hex += byte.toString(16).padStart(2, '0')
  return hex
}

/** A blob's name, as the stored values that point at blobs write it. */
export const BlobHashSchema = z.string().regex(new RegExp(`^[0-9a-f]{${BLOB_HASH.hexLength}}$`), 'must be a blob hash')
