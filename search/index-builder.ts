import type { DisplayDocument } from '../contract/index.ts'
import { DisplayChunks, DisplayChunkStream } from './display-chunks.ts'
import type { EncodedSearchIndex } from './encode.ts'
import { indexValues, type StoreValue } from './encode-head.ts'
import { EncodedLists } from './encoded-lists.ts'
import { SECTIONS_SOURCE, WRITTEN_TERMS, type IndexedDocument, type IndexSettings } from './index-data.ts'
import { indexHeader } from './indexer.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { cachedSectionsTerms, createTokenCache, type TokenCache } from './page-terms.ts'
import { displayOf, titleTerms } from './records.ts'
import { changedStretches } from './stretches.ts'
import { stopTermIds, type PlacedTerms } from './term-lists.ts'

export interface IndexBuilderOptions {
  /** Names a display chunk by its content (the build's blob hash). */
  hashOf: (text: string) => string
  /** Tokens shared with the other builders of a build (see createTokenCache); else the builder keeps its own. */
  tokens?: TokenCache
  search?: SearchOptions
  /**
   * Builds one index and is dropped (a one-shot build): it keeps no document's
   * sections once their terms are read, so a locale's text is never held at
   * once, and a later `update` starts from scratch.
   */
  once?: boolean
}

/** The encoded index, and the names (hashOf) of its parts and display chunks, so that the caller need not hash 60 MB again. */
interface BuiltSearchIndex extends EncodedSearchIndex {
  partHashes: string[]
  displayChunkHashes: string[]
}

/** A locale's search index that keeps its state between builds and patches it. */
export interface IndexBuilder {
  /**
   * The index of `documents`: `index` and `displayChunks` are byte for byte
   * what `encodeSearchIndex(indexDocuments(locale, documents, settings, search), hashOf, search)`
   * gives, whatever the builder saw before. An unchanged document keeps its
   * terms when it keeps its `sections` array (the renderer's output) from one
   * call to the next, or brings another array with the same content (found by
   * hash); other arrays are read as an edit. Sections arrays must not be
   * changed in place.
   */
  update(documents: IndexedDocument[]): BuiltSearchIndex
  /**
   * The same index, its values handed to `sink` as they are encoded instead
   * of collected (a one-shot build writes them out at once): the head's JSON
   * and the names of the values, in the order `update` gives them.
   */
  write(documents: IndexedDocument[], sink: IndexValueSink): WrittenSearchIndex
}

/** Takes each value of an index as it is encoded, with its name (hashOf). */
export interface IndexValueSink {
  part(json: string, hash: string): void
  displayChunk(json: string, hash: string): void
}

/** A written index: the head's JSON and the names of its parts and display chunks, whose JSON went to a sink. */
export type WrittenSearchIndex = Omit<BuiltSearchIndex, 'parts' | 'displayChunks'>

export function createIndexBuilder(locale: string, settings: IndexSettings, options: IndexBuilderOptions): IndexBuilder {
  return new PatchingIndexBuilder(locale, settings, options.hashOf, options.tokens ?? createTokenCache(), options.search ?? SEARCH_OPTIONS, options.once ?? false)
}

/** A document in the index: its terms, where its records start, what a hit shows of it. */
interface Slot extends PlacedTerms {
  /**
   * The document it was made from, and what stands for its sections (see
   * sectionsIdentity); null in a builder made `once`, which never compares slots.
   * The document, not its sections: sections behind a getter are read again
   * only when compared by content.
   */
  source: { document: IndexedDocument; identity: object } | null
  /** A hash of the sections, made the first time another document is compared with them. */
  sectionsHash?: string
  /** What the title terms were made from (titleKeyOf). */
  titleKey: string
  /** What a hit shows; null in a builder made `once`, which hands it to its display chunk as it is made. */
  display: DisplayDocument | null
}

class PatchingIndexBuilder implements IndexBuilder {
  private slots: Slot[] = []
  private recordCount = 0
  private readonly lists: EncodedLists
  private readonly chunks: DisplayChunks
  private readonly locale: string
  private readonly settings: IndexSettings
  private readonly tokens: TokenCache
  private readonly options: SearchOptions
  private readonly hashOf: (text: string) => string
  private readonly once: boolean
  // Hashes of sections compared by content, by what stands for them, for as long as that lives.
  private readonly sectionsHashes = new WeakMap<object, string>()
  /** The last build's parts, by JSON. */
  private partHashes = new Map<string, string>()

  constructor(locale: string, settings: IndexSettings, hashOf: (text: string) => string, tokens: TokenCache, options: SearchOptions, once: boolean) {
    this.locale = locale
    this.once = once
    this.settings = settings
    this.tokens = tokens
    this.options = options
    this.hashOf = hashOf
    this.lists = new EncodedLists(tokens.table.terms)
    this.chunks = new DisplayChunks(hashOf, options.displayChunkSize, !once)
  }

  update(documents: IndexedDocument[]): BuiltSearchIndex {
    const parts: string[] = []
    const displayChunks: string[] = []
    const written = this.write(documents, { part: (json) => parts.push(json), displayChunk: (json) => displayChunks.push(json) })
    return { ...written, parts, displayChunks }
  }

  write(documents: IndexedDocument[], sink: IndexValueSink): WrittenSearchIndex {
    try {
      const stream = this.once ? new DisplayChunkStream(this.hashOf, this.options.displayChunkSize, (json, hash) => sink.displayChunk(json, hash)) : null
      this.place(documents, stream)
      const written = this.encode(documents, sink, stream)
      if (this.once) this.slots = []
      return written
    } catch (error) {
      // Half-patched lists must not outlive a failure: the next update starts from scratch.
      this.slots = []
      this.recordCount = 0
      throw error
    }
  }

  /** Matches `documents` to the slots: unchanged ones keep theirs, changed stretches are patched (or everything rebuilt). */
  private place(documents: IndexedDocument[], stream: DisplayChunkStream | null): void {
    const previous = this.slots
    const stretches = previous.length === 0 ? null : changedStretches(previous, documents, this.samePostings, PATCH_LIMIT)
    // Record numbers as they were, read before the kept slots are renumbered below.
    const recordAt = (position: number) => (position < previous.length ? (previous[position] as Slot).firstRecord : this.recordCount)
    const changes = (stretches ?? []).map((stretch) => ({
      start: recordAt(stretch.oldStart),
      oldEnd: recordAt(stretch.oldEnd),
      removed: previous.slice(stretch.oldStart, stretch.oldEnd),
      added: documents.slice(stretch.newStart, stretch.newEnd).map((document) => this.slotOf(document)),
    }))
    const slots: Slot[] = []
    let oldAt = 0
    const keepUntil = (newPosition: number) => {
      while (slots.length < newPosition) slots.push(this.kept(previous[oldAt++] as Slot, documents[slots.length] as IndexedDocument))
    }
    ;(stretches ?? []).forEach((stretch, position) => {
      keepUntil(stretch.newStart)
      for (const slot of changes[position]?.added ?? []) slots.push(slot)
      oldAt = stretch.oldEnd
    })
    if (stretches) keepUntil(documents.length)
    // A loop, not push(...): a first build has a slot per page, past the engine's argument limit at 100k pages.
    else for (const slot of this.rebuilt(previous, documents, stream)) slots.push(slot)
    let record = 0
    for (const slot of slots) {
      slot.firstRecord = record
      record += slot.terms.recordLengths.length
    }
    this.slots = slots
    this.recordCount = record
    if (!stretches) this.lists.rebuild(slots)
    // From the last stretch back, so that each one's record numbers are still those it was found at.
    else for (const change of changes.reverse()) this.lists.patch(change.removed, change.added, change.start, change.oldEnd)
  }

  /**
   * Whether a document's terms are a slot's: the same sections array (an
   * unchanged page in a long-lived build), or another array with the same
   * content (the same page rendered for another docs version), by hash.
   */
  private readonly samePostings = (slot: Slot, document: IndexedDocument): boolean => {
    if (slot.titleKey !== titleKeyOf(document)) return false
    if (slot.source === null) return false
    if (slot.source.identity === sectionsIdentity(document)) return true
    slot.sectionsHash ??= this.sectionsHashOf(slot.source.document)
    return slot.sectionsHash === this.sectionsHashOf(document)
  }

  private sectionsHashOf(document: IndexedDocument): string {
    const identity = sectionsIdentity(document)
    let hash = this.sectionsHashes.get(identity)
    if (hash === undefined) {
      hash = this.hashOf(JSON.stringify(document.sections))
      this.sectionsHashes.set(identity, hash)
    }
    return hash
  }

  /**
   * The slots of a list changed in too many places to patch: a page an old
   * slot already holds (the same array, or the same content, as the same page
   * of another docs version) keeps its terms instead of being tokenized again.
   */
  private rebuilt(previous: Slot[], documents: IndexedDocument[], stream: DisplayChunkStream | null): Slot[] {
    if (previous.length === 0) return documents.map((document) => this.slotOf(document, stream))
    const bySections = new Map(previous.map((slot) => [slot.source?.identity, slot]))
    let byContent: Map<string, Slot> | undefined
    const contentKey = (title: string, document: IndexedDocument | undefined) => `${title}\u0000${document === undefined ? '' : this.sectionsHashOf(document)}`
    return documents.map((document) => {
      let found = bySections.get(sectionsIdentity(document))
      if (found?.titleKey !== titleKeyOf(document)) {
        byContent ??= new Map(previous.map((slot) => [contentKey(slot.titleKey, slot.source?.document), slot]))
        found = byContent.get(contentKey(titleKeyOf(document), document))
      }
      return found ? this.kept({ ...found }, document) : this.slotOf(document)
    })
  }

  /** A slot whose terms did not change; what a hit shows of it may have. */
  private kept(slot: Slot, document: IndexedDocument): Slot {
    slot.source = { document, identity: sectionsIdentity(document) }
    const { display } = slot
    const sameOperation = display?.operation?.method === document.operation?.method && display?.operation?.path === document.operation?.path
    if (!display || display.slug !== document.slug || display.locale !== document.locale || !sameOperation) slot.display = displayOf(document, this.options)
    return slot
  }

  /** A document's slot; its sections are read once (a one-shot build reads them from a file). Its display goes to `stream` when given. */
  private slotOf(document: IndexedDocument, stream: DisplayChunkStream | null = null): Slot {
    const { slug, title, locale, sections, operation } = document
    // Sections behind a getter are read once here: what stands for them is the array read, unless the document names their source.
    const identity = document[SECTIONS_SOURCE] ?? sections
    const display = displayOf({ slug, title, locale, sections, ...(operation ? { operation } : {}) }, this.options)
    stream?.add(display)
    return {
      // A kept builder shares a page's terms with the other locales' builders (a fallback page) by what its sections were made from;
      // one made `once` finds the terms read ahead for it (readTermsAhead) and keeps none of its own.
      terms: cachedSectionsTerms(this.tokens, sections, this.locale, identity, () => document[WRITTEN_TERMS], !this.once),
      title: titleTerms(document, this.locale, this.tokens.table),
      firstRecord: 0,
      source: this.once ? null : { document, identity },
      titleKey: titleKeyOf(document),
      display: stream ? null : display,
    }
  }

  private encode(documents: IndexedDocument[], sink: IndexValueSink, stream: DisplayChunkStream | null): WrittenSearchIndex {
    const stopIds = stopTermIds(this.lists.textCounts(), this.slots, this.recordCount, this.options)
    const { terms, postings } = this.lists.write(stopIds)
    const recordLengths: number[] = []
    for (const slot of this.slots) for (const length of slot.terms.recordLengths) recordLengths.push(length)
    const header = {
      ...indexHeader(this.locale, documents, this.settings),
      docRecords: this.slots.map((slot) => slot.terms.recordLengths.length),
      recordLengths,
      terms,
      stopTerms: stopIds.map((id) => this.tokens.table.terms[id] as string),
    }
    const displayChunkHashes =
      stream?.end() ??
      this.chunks.update(
        this.slots.map((slot) => slot.display as DisplayDocument),
        (json, hash) => sink.displayChunk(json, hash),
      )
    // A part (a shard, a vocabulary or record-length chunk) whose JSON is the last build's keeps its name unhashed;
    // a builder made `once` has no next build, and keeps no part.
    const lastHashes = this.partHashes
    this.partHashes = new Map()
    const partHashes: string[] = []
    const part: StoreValue = (json) => {
      const hash = lastHashes.get(json) ?? this.hashOf(json)
      if (!this.once) this.partHashes.set(json, hash)
      sink.part(json, hash)
      partHashes.push(hash)
      return hash
    }
    const index = indexValues(header, postings.written(), displayChunkHashes, part, this.options)
    return { index, partHashes, displayChunkHashes }
  }
}

/**
 * What a document's title terms are made of (titleTerms), as one string: the
 * title, after the keywords and their length when it has some, so that no
 * two pairs of title and keywords give the same string.
 */
function titleKeyOf(document: IndexedDocument): string {
  return document.keywords ? `${document.keywords.length}\u0000${document.keywords}${document.title}` : document.title
}

/** What stands for a document's sections: what they were made from, if it says, else the array itself. */
function sectionsIdentity(document: IndexedDocument): object {
  return document[SECTIONS_SOURCE] ?? document.sections
}

/** Documents beyond this many (removed plus added, in one stretch) rebuild the lists from cached tokens instead of patching them. */
const PATCH_LIMIT = 64
