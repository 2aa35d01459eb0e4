import { KV_KEYS, SCHEMA_VERSION, type DisplayDocument, type Manifest, type PointerValue } from '../contract/index.ts'
import { StoreUnavailable } from './http/problem.ts'
import { loadSearchIndex, type LoadedIndex } from '../search/codec.ts'

/** What one isolate keeps of the live build between requests. */
interface IsolateCache {
  pointerReadAt: number
  manifest: Manifest | null
  // Promises, not values: concurrent first searches of an isolate share one
  // read and parse of a multi-megabyte index instead of each doing it.
  searchIndexes: Map<string, Promise<LoadedIndex>>
  /** Display chunks by blob hash: what search hits show. */
  displayChunks: Map<string, Promise<DisplayDocument[]>>
}

// Deliberate isolate cache, one per KV namespace: the manifest and the
// deserialized search indexes of the live build.
const isolateCaches = new WeakMap<KVNamespace, IsolateCache>()

// Content-hash keys never change, so edge caches may keep them long.
const IMMUTABLE_CACHE_TTL = 86_400

/** A structural check: a half-written or foreign manifest is a storage fault (503), not a crash. */
function isManifest(value: Manifest): boolean {
  const record = (candidate: unknown) => typeof candidate === 'object' && candidate !== null
  return (
    record(value) &&
    record(value.site) &&
    Array.isArray(value.site.locales) &&
    record(value.slugs) &&
    record(value.localizedSlugs) &&
    record(value.documents) &&
    record(value.search) &&
    typeof value.releases === 'string' &&
    Array.isArray(value.releaseStreams)
  )
}

/** The cached promise for `key`, or a new one; a failed load is forgotten so the next request retries. */
function once<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  const cached = cache.get(key)
  if (cached) return cached
  const loading = load()
  cache.set(key, loading)
  loading.catch(() => cache.delete(key))
  return loading
}

export interface StoreOptions {
  kv: KVNamespace
  /** Milliseconds between two reads of the pointer. */
  pointerTtlMs: number
}

/** All KV access of the worker: the pointer, the manifest and content-hash blobs. */
export class Store {
  private readonly kv: KVNamespace
  private readonly pointerTtlMs: number
  private readonly cache: IsolateCache

  constructor(options: StoreOptions) {
    this.kv = options.kv
    this.pointerTtlMs = options.pointerTtlMs
    const cache = isolateCaches.get(options.kv) ?? { pointerReadAt: Number.NEGATIVE_INFINITY, manifest: null, searchIndexes: new Map(), displayChunks: new Map() }
    isolateCaches.set(options.kv, cache)
    this.cache = cache
  }

  /** The live build's manifest, re-checking the pointer at most every `pointerTtlMs`. */
  async manifest(): Promise<Manifest> {
    const now = Date.now()
    const cached = this.cache.manifest
    if (cached && now - this.cache.pointerReadAt < this.pointerTtlMs) return cached
    const pointer = await this.read<PointerValue>(KV_KEYS.pointer)
    if (!pointer) throw new StoreUnavailable('nothing has been published yet')
    if (cached?.buildId !== pointer.buildId) {
      const manifest = await this.read<Manifest>(KV_KEYS.manifest(pointer.buildId), IMMUTABLE_CACHE_TTL)
      if (!manifest) throw new StoreUnavailable(`manifest of build ${pointer.buildId} is missing`)
      if (!isManifest(manifest)) throw new StoreUnavailable(`manifest of build ${pointer.buildId} is incomplete`)
      if (manifest.schemaVersion !== SCHEMA_VERSION) {
        throw new StoreUnavailable(`build ${pointer.buildId} has schema ${manifest.schemaVersion}, this worker reads ${SCHEMA_VERSION}`)
      }
      this.cache.manifest = manifest
      this.cache.searchIndexes = new Map()
      this.cache.displayChunks = new Map()
    }
    this.cache.pointerReadAt = now
    return this.cache.manifest as Manifest
  }

  /** A content-hash blob as text, exactly as the build wrote it. */
  async blob(hash: string): Promise<string> {
    const text = await this.guard(() => this.kv.get(KV_KEYS.blob(hash), { type: 'text', cacheTtl: IMMUTABLE_CACHE_TTL }))
    if (text === null) throw new StoreUnavailable(`blob ${hash} is missing`)
    return text
  }

  /** The deserialized search index of a locale, loaded once per build per isolate. */
  async searchIndex(manifest: Manifest, locale: string): Promise<LoadedIndex> {
    const hash = manifest.search[locale]
    if (!hash) throw new StoreUnavailable(`no search index for locale ${locale}`)
    const load = async () => loadSearchIndex(await this.blob(hash))
    return this.cache.manifest === manifest ? once(this.cache.searchIndexes, locale, load) : load()
  }

  /** One display chunk of a search index, read once per isolate. */
  displayChunk(hash: string): Promise<DisplayDocument[]> {
    return once(this.cache.displayChunks, hash, async () => JSON.parse(await this.blob(hash)) as DisplayDocument[])
  }

  private async read<T>(key: string, cacheTtl?: number): Promise<T | null> {
    return this.guard(() => this.kv.get<T>(key, cacheTtl ? { type: 'json', cacheTtl } : { type: 'json' }))
  }

  private async guard<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read()
    } catch (error) {
      throw new StoreUnavailable(`KV read failed: ${(error as Error).message}`)
    }
  }
}
