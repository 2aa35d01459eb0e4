import { SCHEMA_VERSION } from '../../contract/index.ts'
import {
  createIndexBuilder,
  createTokenCache,
  type IndexBuilder,
  type IndexedDocument,
  type IndexSettings,
  type IndexValueSink,
  type TokenCache,
  type WrittenSearchIndex,
} from '../../search/engine.ts'
import { contentHash, hashOfAll } from './blob-set.ts'
import type { BuildMemo } from './build-memo.ts'

/** Where a locale's index values go, one at a time, as they are encoded. */
export interface IndexValueTaker {
  /** A value made here: its text, to store as a blob. */
  text(json: string, hash: string): void
  /** A value stored already (the search thread writes its values itself): named as this build's blob. */
  stored(hash: string): void
}

/**
 * The search index builders of a build, one per locale, sharing one token
 * cache: a page the second locale shows as a fallback is tokenized once.
 * Kept by a long-lived process (npm start) from one build to the next, it
 * patches each index instead of building it again (about 0.1 s instead of
 * several at 10k documents), provided unchanged documents keep their
 * renderer's `sections` arrays.
 */
export class SearchIndexes {
  private readonly tokens: TokenCache
  private readonly builders = new Map<string, { settings: string; builder: IndexBuilder }>()
  private readonly keepBuilders: boolean

  /**
   * `keepBuilders: false` (a one-shot build) lets each locale's builder go once its index is made: it holds about 100 MiB
   * at 10k documents. `tokens`: the token cache, when terms were read into it ahead (see readTermsAhead).
   */
  constructor(options: { keepBuilders?: boolean; tokens?: TokenCache } = {}) {
    this.keepBuilders = options.keepBuilders ?? true
    this.tokens = options.tokens ?? createTokenCache()
  }

  /** The locale's index with its values handed to `sink` as they are encoded: the head's JSON and the values' names. */
  write(locale: string, documents: IndexedDocument[], settings: IndexSettings, sink: IndexValueSink): WrittenSearchIndex {
    return this.withBuilder(locale, settings, (builder) => builder.write(documents, sink))
  }

  /** The same, every value handed to `take`: the head's JSON and the values' names, as the memo keeps them. */
  writeList(locale: string, documents: IndexedDocument[], settings: IndexSettings, take: (json: string, hash: string) => void): StoredIndexList {
    const written = this.write(locale, documents, settings, { part: take, displayChunk: take })
    return { index: written.index, parts: written.partHashes, displayChunks: written.displayChunkHashes }
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
  memo: BuildMemo
  /** Puts the previous build's blob `hash` in place again, as this build's; false when it has none. */
  place: (hash: string) => boolean
}

/** What the memo keeps of a locale's index: the head's text and its values' names. */
export interface StoredIndexList {
  index: string
  parts: string[]
  displayChunks: string[]
}

/**
 * One locale's index to make, from documents handed over once: in this thread
 * (indexJobsIn), or on another (search-thread.ts) that reads the documents'
 * sections from the renderings' files itself and makes the index while this
 * one goes on, whether or not the memo has it.
 */
export interface IndexJob {
  /** The key the index is kept under (indexKey), for a job made `keyed`. */
  key(): Promise<string>
  /** The index, each value handed to `take` as it is encoded (or named, when stored already). */
  write(take: IndexValueTaker): Promise<StoredIndexList>
}

/** Makes jobs for one locale's index at a time; `keyed` when its key will be asked for. */
export type IndexJobs<D extends KeyedDocument = KeyedDocument> = (locale: string, documents: D[], settings: IndexSettings, keyed: boolean) => IndexJob

/** Jobs done by `indexes`, in this thread. */
export function indexJobsIn(indexes: SearchIndexes): IndexJobs {
  return (locale, documents, settings) => ({
    key: async () => indexKey(locale, documents, settings),
    write: async (take) => indexes.writeList(locale, documents, settings, (json, hash) => take.text(json, hash)),
  })
}

/**
 * The key of a locale's index: a hash of everything it is made of. It reads
 * every document, sections included, so it is computed only where a memo is.
 */
export function indexKey(locale: string, documents: KeyedDocument[], settings: IndexSettings): string {
  return hashOfAll(
    (function* () {
      yield `${locale}\u0000${SCHEMA_VERSION}\u0000${JSON.stringify(settings)}`
      for (const document of documents) {
        yield JSON.stringify(document)
        if (document.textsKey) yield document.textsKey()
      }
    })(),
  )
}

/**
 * The locale's index: each value (shards, typo buckets, record lengths,
 * directories, display chunks) handed to `take` as it is made, and the head's
 * JSON returned. With `kept` (the CLI's build, its cache on disk), from the
 * memo when its documents have not changed: the memo names the values, and
 * they are the previous build's blobs, put in place again, not copies in the
 * cache (at 100,000 pages about 70,000 files, written again by every build
 * whose pages changed). Without `kept` no key is computed.
 */
export async function keptSearchIndex(job: IndexJob, take: IndexValueTaker, kept?: KeptIndexes): Promise<string> {
  if (!kept) return (await job.write(take)).index
  const key = await job.key()
  const stored = await kept.memo.read(key)
  if (stored === undefined) {
    const built = await job.write(take)
    await kept.memo.write(key, JSON.stringify(built))
    return built.index
  }
  const listed = JSON.parse(stored) as StoredIndexList
  // A value the previous build no longer has (its output deleted, or made on another machine): the index is built again.
  return [...listed.parts, ...listed.displayChunks].every((hash) => kept.place(hash)) ? listed.index : (await job.write(take)).index
}

/**
 * A document as the memo key reads it: as JSON, and then by `textsKey` when it has it, which names its sections
 * and terms without parsing them (IndexedPage, whose JSON leaves its sections out): at 100,000 pages, parsing every
 * page's sections and writing them again was seconds of the key's time and most of its garbage.
 */
export type KeyedDocument = IndexedDocument & { textsKey?: () => string }
