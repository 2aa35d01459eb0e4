import { SCHEMA_VERSION } from '../../contract/index.ts'
import {
  createIndexBuilder,
  createTokenCache,
  type IndexBuilder,
  type IndexedDocument,
  type IndexSettings,
  type IndexValueSink,
  type WrittenSearchIndex,
} from '../../search/engine.ts'
import { contentHash, hashOfAll } from './blob-set.ts'

/**
 * Returns the cached value for `key`, or builds and caches it. Building a
 * 10k-document index takes seconds; an unchanged locale should not pay it.
 * Synchronous, so that each value of an index is stored as it is encoded
 * and then let go: a locale's values are never held at once.
 */
export type Memo = (key: string, build: () => string) => string

/** Where a locale's index values go, one at a time, as they are encoded or read back from the memo. */
export type IndexValueTaker = (json: string, hash: string) => void

/**
 * The search index builders of a build, one per locale, sharing one token
 * cache: a page the second locale shows as a fallback is tokenized once.
 * Kept by a long-lived process (npm start) from one build to the next, it
 * patches each index instead of building it again (about 0.1 s instead of
 * several at 10k documents), provided unchanged documents keep their
 * renderer's `sections` arrays.
 */
export class SearchIndexes {
  private readonly tokens = createTokenCache()
  private readonly builders = new Map<string, { settings: string; builder: IndexBuilder }>()
  private readonly keepBuilders: boolean

  /** `keepBuilders: false` (a one-shot build) lets each locale's builder go once its index is made: it holds about 100 MiB at 10k documents. */
  constructor(options: { keepBuilders?: boolean } = {}) {
    this.keepBuilders = options.keepBuilders ?? true
  }

  /** The locale's index with its values handed to `sink` as they are encoded: the head's JSON and the values' names. */
  write(locale: string, documents: IndexedDocument[], settings: IndexSettings, sink: IndexValueSink): WrittenSearchIndex {
    return this.withBuilder(locale, settings, (builder) => builder.write(documents, sink))
  }

  private withBuilder<T>(locale: string, settings: IndexSettings, use: (builder: IndexBuilder) => T): T {
    const key = JSON.stringify(settings)
    let entry = this.builders.get(locale)
    // Synonyms are part of the index; a builder serves the settings it was made with.
    if (!entry || entry.settings !== key) {
      entry = { settings: key, builder: createIndexBuilder(locale, settings, { hashOf: contentHash, tokens: this.tokens, once: !this.keepBuilders }) }
      this.builders.set(locale, entry)
    }
    const made = use(entry.builder)
    if (!this.keepBuilders) this.builders.delete(locale)
    return made
  }
}

/** How a locale's index is kept between builds: a memo of its head and its values' names, and a way to put the previous build's values in place. */
export interface KeptIndexes {
  memo: Memo
  /** Puts the previous build's blob `hash` in place again, as this build's; false when it has none. */
  place: (hash: string) => boolean
}

/**
 * The locale's index: each value (shards, typo buckets, record lengths,
 * directories, display chunks) handed to `take` as it is made, and the head's
 * JSON returned. With `kept` (the CLI's build, its cache on disk), from the
 * memo when its documents have not changed: the memo names the values, and
 * they are the previous build's blobs, put in place again, not copies in the
 * cache (at 100,000 pages about 70,000 files, written again by every build
 * whose pages changed). The key reads every document, so without `kept` none
 * is computed. `indexes` should be one object for every locale of a build
 * (and, in a long-lived process, for every build); by default each call
 * makes its own.
 */
export function cachedSearchIndex(
  locale: string,
  documents: KeyedDocument[],
  settings: IndexSettings,
  take: IndexValueTaker,
  kept?: KeptIndexes,
  indexes: SearchIndexes = new SearchIndexes(),
): string {
  const write = (): StoredIndexList => {
    const written = indexes.write(locale, documents, settings, { part: take, displayChunk: take })
    return { index: written.index, parts: written.partHashes, displayChunks: written.displayChunkHashes }
  }
  if (!kept) return write().index
  const key = hashOfAll(
    (function* () {
      yield `${locale}\u0000${SCHEMA_VERSION}\u0000${JSON.stringify(settings)}`
      for (const document of documents) {
        yield JSON.stringify(document)
        if (document.sectionsJson) yield document.sectionsJson()
      }
    })(),
  )
  let built: StoredIndexList | undefined
  const listed = JSON.parse(
    kept.memo(key, () => {
      built = write()
      return JSON.stringify(built)
    }),
  ) as StoredIndexList
  if (built) return built.index
  // A value the previous build no longer has (its output deleted, or made on another machine): the index is built again.
  return [...listed.parts, ...listed.displayChunks].every((hash) => kept.place(hash)) ? listed.index : write().index
}

/**
 * A document as the memo key reads it: as JSON, and then by `sectionsJson` when it has it, which gives its sections'
 * JSON as its rendering holds it (IndexedPage, whose JSON leaves its sections out): at 100,000 pages, parsing every
 * page's sections and writing them again was seconds of the key's time and most of its garbage.
 */
type KeyedDocument = IndexedDocument & { sectionsJson?: () => string }

/** What the memo keeps of a locale's index: the head's text and its values' names. */
interface StoredIndexList {
  index: string
  parts: string[]
  displayChunks: string[]
}
