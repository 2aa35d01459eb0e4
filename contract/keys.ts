import { SCHEMA_VERSION } from './version.ts'

/** The binding wrangler.toml gives the KV namespace (the worker reads `env.DOCS_KV`; publishing finds the namespace by it). */
export const KV_BINDING = 'DOCS_KV'

/** Content-hash blobs share this prefix, so publishing can list them in one call. */
export const BLOB_KEY_PREFIX = 'blob:'

export const KV_KEYS = {
  /** The one key a publish switches, one per schema version: `{ buildId, publishedAt }` of the live build. */
  pointer: `pointer:v${SCHEMA_VERSION}`,
  /** Every published build of this schema version, newest first (for rollback and garbage collection). */
  builds: `builds:v${SCHEMA_VERSION}`,
  manifest: (buildId: string) => `manifest:${buildId}`,
  /** Every blob hash of a build, for publishing and garbage collection; the worker never reads it. */
  blobList: (buildId: string) => `blob-list:${buildId}`,
  blob: (hash: string) => `${BLOB_KEY_PREFIX}${hash}`,
} as const

/** Workers KV refuses larger values. */
export const KV_VALUE_LIMIT = 25 * 1024 * 1024

/** Whether KV takes a value of this many bytes, these bytes, or this text (stored as UTF-8). */
export function fitsKv(value: number | string | Uint8Array | ArrayBuffer): boolean {
  // A UTF-16 unit is at most 3 UTF-8 bytes: most texts are known to fit without counting their bytes.
  if (typeof value === 'string' && value.length * 3 <= KV_VALUE_LIMIT) return true
  return byteCount(value) <= KV_VALUE_LIMIT
}

function byteCount(value: number | string | Uint8Array | ArrayBuffer): number {
  if (typeof value === 'number') return value
  return typeof value === 'string' ? new TextEncoder().encode(value).byteLength : value.byteLength
}
