import type { z } from 'zod'
import { blobHash, KV_KEYS } from '../contract/index.ts'
import { StoreUnavailable } from './errors.ts'
import { parse } from './store-checks.ts'

// Content-hash keys never change, so edge caches may keep them long.
export const IMMUTABLE_CACHE_TTL = 86_400
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

/**
 * The reads of one KV namespace, each checked where it is read: a failed
 * read, a missing blob, bytes that do not hash to their key, text that is
 * not UTF-8 or JSON that does not match its schema is StoreUnavailable.
 * What is cached, and for how long, is Store's business.
 */
export class CheckedKv {
  private readonly kv: KVNamespace

  constructor(kv: KVNamespace) {
    this.kv = kv
  }

  /** A key's text, or null when it is missing (the pointer, a manifest). */
  text(key: string, cacheTtl?: number): Promise<string | null> {
    return guard(key, () => this.kv.get(key, cacheTtl ? { type: 'text', cacheTtl } : { type: 'text' }))
  }

  /** A blob's bytes, after checking that they hash to the name they are stored under. */
  async blobBytes(hash: string): Promise<ArrayBuffer> {
    const key = KV_KEYS.blob(hash)
    const bytes = await guard(key, () => this.kv.get(key, { type: 'arrayBuffer', cacheTtl: IMMUTABLE_CACHE_TTL }))
    if (bytes === null) throw new StoreUnavailable(`${key} is missing`)
    if ((await blobHash(bytes)) !== hash) throw new StoreUnavailable(`${key} does not match its hash`)
    return bytes
  }

  /** A blob's text, checked as blobBytes does, and as UTF-8. */
  async blobText(hash: string): Promise<string> {
    const bytes = await this.blobBytes(hash)
    try {
      return decoder.decode(bytes)
    } catch {
      throw new StoreUnavailable(`${KV_KEYS.blob(hash)} is not UTF-8`)
    }
  }

  /** A blob's JSON, checked as blobText does, and against `schema`. */
  async blobJson<T>(hash: string, schema: z.ZodType<T>): Promise<T> {
    return parse(KV_KEYS.blob(hash), await this.blobText(hash), schema)
  }
}

async function guard<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    throw new StoreUnavailable(`KV read of ${key} failed: ${(error as Error).message}`)
  }
}
