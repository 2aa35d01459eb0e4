import type { DisplayDocument } from '../contract/index.ts'

// The shapes of an index and of what goes into it, apart from the modules that build, encode and
// read it, so that those modules share them without importing each other.

/** A stretch of text under one heading (or before the first). */
export interface IndexedSection {
  heading: { id: string; text: string } | null
  text: string
}

/**
 * Where a document may name what its sections were made from (a page's
 * rendering, which never changes): the same object stands for the same
 * sections, so a builder kept between builds tells an unchanged page without
 * reading its sections, which may wait in a file (`npm start` at 100k pages).
 * A symbol, so that the document's JSON (a memo key) stays as it was.
 */
export const SECTIONS_SOURCE = Symbol('sections source')

/**
 * Where a document may bring its sections' terms as the renderer wrote them
 * (page-terms.ts), to be read instead of tokenizing the sections again; null
 * when they depend on the locale. A symbol, like SECTIONS_SOURCE.
 */
export const WRITTEN_TERMS = Symbol('written terms')

/**
 * A page's terms as its sections give them (records.ts sectionsTerms),
 * written as text where the page is rendered: a render thread tokenizes in
 * parallel, and the render cache keeps the terms with the rendering, so a
 * build that takes the page from the cache (a rebuild after one edit, the
 * final build after `--shard` runs) does not tokenize its text again.
 * Per record: its length, its distinct body terms in order of first
 * occurrence, each ending in `\n` (after `\u0001` when it repeats), and its
 * heading terms likewise.
 */
export interface RecordTermsText {
  lengths: number[]
  text: string[]
  headings: string[]
}

/** A document as one locale's index sees it (its own text, or the default locale's on fallback). */
export interface IndexedDocument {
  docId: string
  slug: string
  locale: string
  section: string
  title: string
  /**
   * Words that rank as the title does but are never shown: what a reader
   * types for an API operation (its operationId, method and path).
   */
  keywords?: string
  /** The API operation the document describes, shown with its hits. */
  operation?: IndexedOperation
  draft: boolean
  tags: string[]
  sections: IndexedSection[]
  [SECTIONS_SOURCE]?: object
  [WRITTEN_TERMS]?: RecordTermsText | null
}

/** An API operation as a hit shows it: `GET`, `/books/{bookId}`. */
interface IndexedOperation {
  method: string
  path: string
}

/** What the site configures for a locale's index. */
export interface IndexSettings {
  /** Groups of equivalent words (`[k8s, kubernetes]`), matched at query time as each other. */
  synonyms?: string[][]
}

/** A posting list as numbers: record × 2 + flag (no object per posting: a 10k site has millions). */
export type PostingList = number[]

/** An index before encoding: what search/encode.ts writes, and what decoding gives back. */
export interface SearchIndexData {
  locale: string
  sections: string[]
  docSection: number[]
  docDraft: boolean[]
  docRecords: number[]
  tags: string[]
  /** Per document: positions in `tags`. */
  docTags: number[][]
  synonyms: string[][]
  recordLengths: number[]
  /** The vocabulary, sorted; the lists below are per term, in this order. */
  terms: string[]
  /** Body text; flag: the term occurs more than once in the record. */
  textLists: PostingList[]
  /** Title (flag 1, on the intro record) and heading (flag 0) words. */
  fieldLists: PostingList[]
  stopTerms: string[]
  display: DisplayDocument[]
}
