import type { DisplayChunk, Manifest, SearchIndexBlob } from '../contract/index.ts'
import { SCHEMA_VERSION } from '../contract/version.ts'
import { decodeHead, type LoadedHead, type LoadedIndex } from './codec.ts'
import { SearchIndexError } from './errors.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { displayChunkHash, queryView, wholeIndex, type SearchValueReader } from './query-view.ts'
import { decodeRecordLengths, type RecordLengths } from './record-lengths.ts'
import { runSearch, type SearchQuery, type SearchResults } from './results.ts'
import { SearchValueCache } from './value-cache.ts'

// The engine's writing side, for the build and the bench. Named exports, so a
// bundle that only reads (the worker) leaves the encoder out.
export { encodeSearchIndex, type EncodedSearchIndex } from './codec.ts'
export { withinOneEdit } from './expand.ts'
export { createIndexBuilder, type IndexBuilder, type IndexValueSink, type WrittenSearchIndex } from './index-builder.ts'
export type { IndexedDocument, IndexedSection, IndexSettings } from './index-data.ts'
export { SECTIONS_SOURCE, WRITTEN_TERMS, type RecordTermsText } from './index-data.ts'
export { indexDocuments } from './indexer.ts'
export { cachedSectionsTerms, createTokenCache, readTermsAhead, recordTermsText, type TokenCache } from './page-terms.ts'
export { tokenize } from './tokenize.ts'
export { typoBucketsOf } from './typo-buckets.ts'
export { jsonValueReader } from './value-reader.ts'
export { SEARCH_OPTIONS, SearchIndexError, SearchValueCache, type SearchOptions, type SearchQuery, type SearchResults, type SearchValueReader }

/**
 * The stored index's format, as the engine reads and writes it. The stored
 * blob carries it as `schemaVersion` (the contract versions every stored shape
 * with one number, and the index's bytes are among them), so the engine's
 * version is that number: the bytes stay what they were.
 */
export const SEARCH_FORMAT_VERSION = SCHEMA_VERSION

/** A stored head whose format version is not yet known to be this engine's. */
export type StoredSearchIndex = Omit<SearchIndexBlob, 'schemaVersion'> & { schemaVersion: number }

/** Decoded shards an engine keeps when its caller gives it no cache of its own. */
const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024

export interface SearchEngineOptions {
  search?: SearchOptions
  /** Where decoded shards are kept between queries: the worker gives one per isolate, shared by its engines. */
  cache?: SearchValueCache
}

/**
 * The search engine of one locale's index: it loads the stored head (its
 * per-document arrays) and answers queries, reading through `reader` the
 * shards of each query's terms and, once, the record lengths. Its module is the
 * engine's one door: the build encodes through the functions exported above,
 * and nothing outside `search/` imports another of its files (a dependency rule).
 */
export class SearchEngine {
  private readonly head: LoadedHead
  private readonly reader: SearchValueReader
  private readonly cache: SearchValueCache
  private readonly options: SearchOptions
  private readonly lengthHashes: string[]
  /** The record lengths once read, or being read; forgotten if the read fails, so the next query tries again. */
  private lengthsRead: Promise<RecordLengths> | undefined

  private constructor(head: LoadedHead, lengthHashes: string[], reader: SearchValueReader, cache: SearchValueCache, options: SearchOptions) {
    this.head = head
    this.lengthHashes = lengthHashes
    this.reader = reader
    this.cache = cache
    this.options = options
  }

  /**
   * Reads a stored head; throws SearchIndexError when its format is not this
   * engine's or its parts disagree. Its record lengths start loading now and
   * are awaited by the first query, beside that query's shards.
   */
  static async load(stored: StoredSearchIndex, reader: SearchValueReader, options: SearchEngineOptions = {}): Promise<SearchEngine> {
    if (stored.schemaVersion !== SEARCH_FORMAT_VERSION) {
      throw new SearchIndexError(`search index of ${stored.locale}: format version ${stored.schemaVersion}, this engine reads ${SEARCH_FORMAT_VERSION}`)
    }
    const search = options.search ?? SEARCH_OPTIONS
    const head = decodeHead({ ...stored, schemaVersion: SEARCH_FORMAT_VERSION })
    const engine = new SearchEngine(head, stored.recordLengths, reader, options.cache ?? new SearchValueCache(DEFAULT_CACHE_BYTES), search)
    void engine.recordLengths().catch(() => undefined)
    return engine
  }

  /** The record lengths, read once; throws SearchIndexError (or the reader's error) when they cannot be read or disagree with the head. */
  recordLengths(): Promise<RecordLengths> {
    if (!this.lengthsRead) {
      const reading = Promise.all(this.lengthHashes.map((hash) => this.reader.recordLengths(hash))).then((chunks) => decodeRecordLengths(this.head, chunks, this.options))
      this.lengthsRead = reading
      reading.catch(() => {
        if (this.lengthsRead === reading) this.lengthsRead = undefined
      })
    }
    return this.lengthsRead
  }

  get locale(): string {
    return this.head.locale
  }

  /** How many display chunks the index has. */
  get displayChunkCount(): number {
    return this.head.displayChunkCount
  }

  /** The blob hash of display chunk `chunk`, from its display directory; throws SearchIndexError when there is no such chunk or its directory disagrees with the head. */
  displayChunkHash(chunk: number): Promise<string> {
    return displayChunkHash(this.head, this.reader, this.cache, chunk)
  }

  /** Every display chunk's blob hash, in order: what the bench and tests read all of. */
  allDisplayChunkHashes(): Promise<string[]> {
    return Promise.all(Array.from({ length: this.head.displayChunkCount }, (_, chunk) => this.displayChunkHash(chunk)))
  }

  /** How many documents display chunk `chunk` must hold. */
  displayChunkLength(chunk: number): number {
    const { displayChunkSize, docFirstRecord } = this.head
    return Math.min(displayChunkSize, docFirstRecord.length - chunk * displayChunkSize)
  }

  /**
   * Ranks documents for a query and dresses the best ones up as results;
   * `readChunk` fetches display chunks. `options` overrides the engine's for
   * this query (the bench tunes weights so); lengths stay normalised as loaded.
   */
  async search(site: Manifest['site'], query: SearchQuery, readChunk: (chunk: number) => Promise<DisplayChunk>, options: SearchOptions = this.options): Promise<SearchResults> {
    const view = await queryView(this.head, this.recordLengths(), this.reader, this.cache, query.query, options)
    return runSearch(view, site, query, readChunk, options)
  }

  /** The whole index, every shard read: what the tests compare a query's view against. */
  whole(): Promise<LoadedIndex> {
    return wholeIndex(this.head, this.recordLengths(), this.reader, this.cache)
  }
}
