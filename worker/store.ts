import type { z } from 'zod'
import {
  AssetIndexSchema,
  DisplayChunkSchema,
  DocsVersionSchema,
  DocumentBlobSchema,
  KV_KEYS,
  LlmsPartsBlobSchema,
  ManifestSchema,
  NavigationBlobSchema,
  NavigationNamesSchema,
  NavigationPartSchema,
  PointerSchema,
  ReleasesBlobSchema,
  RouteShardSchema,
  SCHEMA_VERSION,
  SearchIndexBlobSchema,
  SearchRecordLengthsSchema,
  SearchShardSchema,
  SearchVocabularySchema,
  SearchDisplayDirectorySchema,
  TextBlobSchema,
  localesMissingFrom,
  shardOf,
  type AssetIndex,
  type DisplayChunk,
  type DocsVersion,
  type LlmsPartsBlob,
  type Manifest,
  type NavigationBlob,
  type NavigationNames,
  type NavigationPart,
  type Pointer,
  type ReleasesBlob,
  type RouteEntry,
  type RouteShard,
  type VersionEntry,
} from '../contract/index.ts'
import { SearchEngine, SearchValueCache, type SearchValueReader } from '../search/engine.ts'
import { CheckedKv, IMMUTABLE_CACHE_TTL } from './checked-kv.ts'
import { StoreUnavailable } from './errors.ts'
import { check, parse, parseJson } from './store-checks.ts'

/** Where a slug leads in a build: a page (in any locale), or a moved page's current slug. */
export type Route = { kind: 'page'; page: RouteEntry } | { kind: 'redirect'; to: string }

/** What one isolate keeps of the live build between requests. */
interface IsolateCache {
  pointerReadAt: number
  pointer: Pointer | null
  manifest: Manifest | null
  // Promises, not values: concurrent first requests of an isolate share one
  // read, check and parse of a multi-megabyte value instead of each doing it.
  parsed: Map<string, Promise<unknown>>
  /** Decoded search shards, typo buckets and display directories, by blob hash, across builds, bounded by bytes (least recently used go first). */
  searchValues: SearchValueCache
}

/**
 * Bytes of decoded search shards an isolate keeps: a few hundred shards of a
 * 100k-page site, far under the isolate's 128 MB with the heads and the rest.
 */
const SEARCH_CACHE_BYTES = 24 * 1024 * 1024

// Deliberate isolate cache, one per KV namespace: the live manifest and the
// parsed values of its build (route shards, search indexes, display chunks, releases).
const isolateCaches = new WeakMap<KVNamespace, IsolateCache>()

export interface StoreOptions {
  kv: KVNamespace
  /** Milliseconds between two reads of the pointer. */
  pointerTtlMs: number
}

/**
 * All KV access of the worker. Every value is checked before use: a blob's
 * bytes must hash to its key, JSON must parse and match its schema, and the
 * format must be this worker's. Any failure is StoreUnavailable.
 */
export class Store {
  private readonly kv: CheckedKv
  private readonly pointerTtlMs: number
  private readonly cache: IsolateCache

  constructor(options: StoreOptions) {
    this.kv = new CheckedKv(options.kv)
    this.pointerTtlMs = options.pointerTtlMs
    const cache = isolateCaches.get(options.kv) ?? {
      pointerReadAt: Number.NEGATIVE_INFINITY,
      pointer: null,
      manifest: null,
      parsed: new Map(),
      searchValues: new SearchValueCache(SEARCH_CACHE_BYTES),
    }
    isolateCaches.set(options.kv, cache)
    this.cache = cache
  }

  /** The live build's manifest, re-checking the pointer at most every `pointerTtlMs`. */
  async manifest(): Promise<Manifest> {
    return (await this.live()).manifest
  }

  /** The live pointer and its build's manifest. */
  async live(): Promise<{ pointer: Pointer; manifest: Manifest }> {
    const now = Date.now()
    const cached = this.cache.manifest
    if (cached && this.cache.pointer && now - this.cache.pointerReadAt < this.pointerTtlMs) return { pointer: this.cache.pointer, manifest: cached }
    const pointerText = await this.kv.text(KV_KEYS.pointer)
    if (pointerText === null) throw new StoreUnavailable(`nothing is published under ${KV_KEYS.pointer}`)
    const pointer = parse(KV_KEYS.pointer, pointerText, PointerSchema)
    let manifest = cached
    if (cached?.buildId !== pointer.buildId) {
      const key = KV_KEYS.manifest(pointer.buildId)
      const text = await this.kv.text(key, IMMUTABLE_CACHE_TTL)
      if (text === null) throw new StoreUnavailable(`${key} is missing`)
      const value = parseJson(key, text)
      const version = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).schemaVersion : undefined
      if (version !== SCHEMA_VERSION) throw new StoreUnavailable(`${key} has schema version ${String(version)}; this worker reads ${SCHEMA_VERSION}`)
      manifest = check(key, value, ManifestSchema)
      this.cache.manifest = manifest
      this.cache.parsed = new Map()
    }
    this.cache.pointerReadAt = now
    this.cache.pointer = pointer
    return { pointer, manifest: manifest as Manifest }
  }

  /** A document blob's JSON text, checked, exactly as the build wrote it (it is the response body). */
  async document(hash: string): Promise<string> {
    const text = await this.kv.blobText(hash)
    parse(KV_KEYS.blob(hash), text, DocumentBlobSchema)
    return text
  }

  /** A text blob (a document's Markdown, llms.txt or a part of llms-full.txt), checked, read on every call. */
  text(hash: string): Promise<string> {
    return this.kv.blobJson(hash, TextBlobSchema)
  }

  /**
   * The tables of one version of a build, read and checked once per build
   * per isolate: every site locale must have its sidebar, index and llms files.
   */
  docsVersion(manifest: Manifest, version: VersionEntry): Promise<DocsVersion> {
    return this.once(manifest, version.docs, async () => {
      const key = KV_KEYS.blob(version.docs)
      const docs = await this.kv.blobJson(version.docs, DocsVersionSchema)
      const missing = localesMissingFrom(docs, manifest.site.locales)
      if (missing.length > 0) throw new StoreUnavailable(`${key} has no tables for ${missing.join(', ')}`)
      return docs
    })
  }

  /**
   * Where `slug` leads in a version, from the one route shard that holds it
   * (read and checked once per build per isolate), or null when no page or
   * redirect has it. A page wins over a redirect of the same slug.
   */
  async route(manifest: Manifest, docs: DocsVersion, slug: string): Promise<Route | null> {
    const shard = await this.routeShard(manifest, docs, shardOf(slug, docs.routes.length))
    const page = Object.hasOwn(shard.slugs, slug) ? shard.slugs[slug] : undefined
    if (page) return { kind: 'page', page }
    const to = Object.hasOwn(shard.redirects, slug) ? shard.redirects[slug] : undefined
    return to === undefined ? null : { kind: 'redirect', to }
  }

  /** The default-locale slug of the page whose Docusaurus id is `id`, where its slug is another; read from the shard that holds `id`. */
  async slugOfId(manifest: Manifest, docs: DocsVersion, id: string): Promise<string | undefined> {
    const shard = await this.routeShard(manifest, docs, shardOf(id, docs.routes.length))
    return Object.hasOwn(shard.ids, id) ? shard.ids[id] : undefined
  }

  /** Route shard `index` of a version, read and checked once per build per isolate. */
  routeShard(manifest: Manifest, docs: DocsVersion, index: number): Promise<RouteShard> {
    const hash = docs.routes[index]
    if (hash === undefined) throw new StoreUnavailable(`build ${manifest.buildId} has no route shard ${index}`)
    return this.parsedBlob(manifest, hash, RouteShardSchema)
  }

  /** A sidebar as stored: the whole tree, or a split tree's head (small either way), read and checked once per build per isolate. */
  navigation(manifest: Manifest, hash: string): Promise<NavigationBlob> {
    return this.parsedBlob(manifest, hash, NavigationBlobSchema)
  }

  // The parts and names of a split sidebar are read on every call, not kept: together they are
  // the whole tree of a large locale, more than an isolate should hold for one kind of answer.

  /** A run of items of a split sidebar, checked. */
  navigationPart(hash: string): Promise<NavigationPart> {
    return this.kv.blobJson(hash, NavigationPartSchema)
  }

  /** A shard of where a split sidebar's items are stored, checked. */
  navigationNames(hash: string): Promise<NavigationNames> {
    return this.kv.blobJson(hash, NavigationNamesSchema)
  }

  /** The part lists of a locale's llms files (LlmsPartsBlob), read and checked once per build per isolate, by the llms routes only. */
  llmsParts(manifest: Manifest, hash: string): Promise<LlmsPartsBlob> {
    return this.parsedBlob(manifest, hash, LlmsPartsBlobSchema)
  }

  releases(manifest: Manifest): Promise<ReleasesBlob> {
    return this.parsedBlob(manifest, manifest.releases, ReleasesBlobSchema)
  }

  /**
   * The search engine over a locale's index of a version: its head loaded
   * once per build per isolate, its record lengths read beside the first
   * query's shards; the shards of each query's terms read as queries need
   * them, kept in the isolate's bounded search cache. Every value is checked as any blob is (hash, schema).
   */
  async searchIndex(manifest: Manifest, docs: DocsVersion, locale: string): Promise<SearchEngine> {
    const hash = Object.hasOwn(docs.search, locale) ? docs.search[locale] : undefined
    if (hash === undefined) throw new StoreUnavailable(`build ${manifest.buildId} has no search index for ${locale}`)
    return this.once(manifest, `index:${hash}`, async () => {
      const blob = await this.kv.blobJson(hash, SearchIndexBlobSchema)
      try {
        return await SearchEngine.load(blob, this.searchValueReader, { cache: this.cache.searchValues })
      } catch (error) {
        if (error instanceof StoreUnavailable) throw error
        throw new StoreUnavailable(`${KV_KEYS.blob(hash)}: ${(error as Error).message}`)
      }
    })
  }

  /** Reads a search index's shards and chunks, uncached here: the engine keeps them decoded in the isolate's search cache. */
  private readonly searchValueReader: SearchValueReader = {
    shard: (hash) => this.kv.blobJson(hash, SearchShardSchema),
    vocabulary: (hash) => this.kv.blobJson(hash, SearchVocabularySchema),
    recordLengths: (hash) => this.kv.blobJson(hash, SearchRecordLengthsSchema),
    displayDirectory: (hash) => this.kv.blobJson(hash, SearchDisplayDirectorySchema),
  }

  /** Display chunk `chunk` of an index, which must hold the documents the index says it does. */
  async displayChunk(manifest: Manifest, engine: SearchEngine, chunk: number): Promise<DisplayChunk> {
    const hash = await engine.displayChunkHash(chunk)
    const value = await this.parsedBlob(manifest, hash, DisplayChunkSchema)
    const expected = engine.displayChunkLength(chunk)
    if (value.documents.length !== expected) {
      throw new StoreUnavailable(`${KV_KEYS.blob(hash)} holds ${value.documents.length} documents; its index expects ${expected}`)
    }
    return value
  }

  /** The build's asset names and types, read and checked once per build per isolate. */
  assetIndex(manifest: Manifest): Promise<AssetIndex> {
    return this.parsedBlob(manifest, manifest.assets, AssetIndexSchema)
  }

  /** An asset's bytes (an image, a download), checked against the hash it is named by. */
  asset(hash: string): Promise<ArrayBuffer> {
    return this.kv.blobBytes(hash)
  }

  /** A content-hash blob, parsed and checked once per build per isolate. */
  private parsedBlob<T>(manifest: Manifest, hash: string, schema: z.ZodType<T>): Promise<T> {
    return this.once(manifest, hash, () => this.kv.blobJson(hash, schema))
  }

  private once<T>(manifest: Manifest, key: string, load: () => Promise<T>): Promise<T> {
    // A request still holding the previous build's manifest parses without caching.
    if (this.cache.manifest !== manifest) return load()
    const cached = this.cache.parsed.get(key)
    if (cached) return cached as Promise<T>
    const loading = load()
    this.cache.parsed.set(key, loading)
    // A failed load is forgotten, so the next request tries again.
    loading.catch(() => this.cache.parsed.delete(key))
    return loading
  }
}
