import type { DisplayChunk, Manifest, SearchIndexBlob } from '../contract/index.ts'
import { SCHEMA_VERSION } from '../contract/version.ts'
import { decodeSearchIndex, type LoadedIndex } from './codec.ts'
import { SearchIndexError } from './errors.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { runSearch, type SearchQuery, type SearchResults } from './results.ts'

// The engine's writing side, for the build and the bench. Named exports, so a
// bundle that only reads (the worker) leaves the encoder out.
export { encodeSearchIndex, type EncodedSearchIndex } from './codec.ts'
export { withinOneEdit } from './expand.ts'
export { createIndexBuilder, type BuiltSearchIndex, type IndexBuilder } from './index-builder.ts'
export type { IndexedDocument, IndexedSection, IndexSettings } from './index-data.ts'
export { indexDocuments } from './indexer.ts'
export { cachedSectionsTerms, createTokenCache } from './records.ts'
export { tokenize } from './tokenize.ts'
export { SEARCH_OPTIONS, SearchIndexError, type SearchOptions, type SearchQuery, type SearchResults }

/**
 * The stored index's format, as the engine reads and writes it. The stored
 * blob carries it as `schemaVersion` (the contract versions every stored shape
 * with one number, and the index's bytes are among them), so the engine's
 * version is that number: the bytes stay what they were.
 */
export const SEARCH_FORMAT_VERSION = SCHEMA_VERSION

/** A stored index whose format version is not yet known to be this engine's. */
export type StoredSearchIndex = Omit<SearchIndexBlob, 'schemaVersion'> & { schemaVersion: number }

/**
 * The search engine of one locale's index: it loads the stored form (decoding
 * it once, with the caches queries fill as the loaded index's own fields) and
 * answers queries. Its module is the engine's one door: the build encodes
 * through the functions exported above, and nothing outside `search/` imports
 * another of its files (a dependency rule).
 */
export class SearchEngine {
  private readonly index: LoadedIndex
  private readonly options: SearchOptions

  private constructor(index: LoadedIndex, options: SearchOptions) {
    this.index = index
    this.options = options
  }

  /** Reads a stored index; throws SearchIndexError when its format is not this engine's or its parts disagree. */
  static load(stored: StoredSearchIndex, options: SearchOptions = SEARCH_OPTIONS): SearchEngine {
    if (stored.schemaVersion !== SEARCH_FORMAT_VERSION) {
      throw new SearchIndexError(`search index of ${stored.locale}: format version ${stored.schemaVersion}, this engine reads ${SEARCH_FORMAT_VERSION}`)
    }
    return new SearchEngine(decodeSearchIndex({ ...stored, schemaVersion: SEARCH_FORMAT_VERSION }, options), options)
  }

  get locale(): string {
    return this.index.locale
  }

  /** Blob hashes of the display chunks, in order. */
  get displayChunks(): readonly string[] {
    return this.index.displayChunks
  }

  /** How many documents display chunk `chunk` must hold. */
  displayChunkLength(chunk: number): number {
    const { displayChunkSize, docFirstRecord } = this.index
    return Math.min(displayChunkSize, docFirstRecord.length - chunk * displayChunkSize)
  }

  /**
   * Ranks documents for a query and dresses the best ones up as results;
   * `readChunk` fetches display chunks. `options` overrides the engine's for
   * this query (the bench tunes weights so); lengths stay normalised as loaded.
   */
  search(site: Manifest['site'], query: SearchQuery, readChunk: (chunk: number) => Promise<DisplayChunk>, options: SearchOptions = this.options): Promise<SearchResults> {
    return runSearch(this.index, site, query, readChunk, options)
  }
}
