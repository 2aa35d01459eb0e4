// The contract between the build and the worker: blob shapes, KV key names,
// the search index format and the schema version. Runtime-neutral on purpose:
// the build imports it from Node, the worker bundles it for workerd.
export const SCHEMA_VERSION = 1

/** Content-hash blobs share this prefix, so publishing can list them in one call. */
export const BLOB_KEY_PREFIX = 'blob:'

export const KV_KEYS = {
  /** The one key a publish switches: `{ buildId }` of the live build. */
  pointer: 'pointer',
  /** Every published build, newest first (for rollback and garbage collection). */
  builds: 'builds',
  manifest: (buildId: string) => `manifest:${buildId}`,
  blob: (hash: string) => `${BLOB_KEY_PREFIX}${hash}`,
} as const


/** Workers KV refuses larger values. */
export const KV_VALUE_LIMIT = 25 * 1024 * 1024

/** A blob is named by the hash of its bytes, which makes that hash a strong validator. */
export const strongEtag = (hash: string) => `"${hash}"`

export const CACHE_CONTROL = {
  public: 'public, max-age=60, stale-while-revalidate=300',
  private: 'private, no-store',
} as const

export interface LinkRef {
  slug: string
  title: string
}

export interface TocEntry {
  depth: number
  id: string
  text: string
  children: TocEntry[]
}

export interface DocumentNav {
  breadcrumbs: LinkRef[]
  parent: LinkRef | null
  siblings: LinkRef[]
  prev: LinkRef | null
  next: LinkRef | null
}

export interface EditInfo {
  url: string | null
  lastModified: string | null
  author: string | null
  commit: string | null
}

/** One stored document variant: the response body minus the negotiation fields. */
export interface DocumentBlob {
  slug: string
  /** The locale served, the one asked for, and whether the first is a fallback. */
  locale: string
  requestedLocale: string
  fallback: boolean
  title: string
  description: string | null
  section: string
  tags: string[]
  html: string
  toc: TocEntry[]
  nav: DocumentNav
  edit: EditInfo
  draft: boolean
  translations: Array<{ locale: string; slug: string }>
}

/** What the worker serves for one document id in one requested locale. */
export interface VariantEntry {
  /** The blob hash: also the response's strong ETag (see strongEtag). */
  blob: string
  /** The locale whose text is served (differs from the requested one on fallback). */
  locale: string
  draft: boolean
  /** A draft translation of a published page, served instead to readers with the drafts scope. */
  preview?: VariantEntry
}

export interface ReleaseEntry {
  version: string
  date: string
  title: string
  html: string
  upgrade: { html: string } | null
  breaking: boolean
  related: Array<{ slug: string; title: string; url: string; draft: boolean }>
}

export interface ReleasesBlob {
  streams: Array<{ name: string; releases: ReleaseEntry[] }>
}

export interface NavTreeNode {
  slug: string | null
  title: string
  children: NavTreeNode[]
}

export interface Manifest {
  schemaVersion: number
  buildId: string
  builtAt: string
  commit: string | null
  site: { title: string; defaultLocale: string; locales: string[]; baseUrl: string }
  /** Every published slug, in any locale, to its document id (the default-locale slug). */
  slugs: Record<string, string>
  /** Slugs that only one locale uses (localized slugs), to their locale. */
  localizedSlugs: Record<string, string>
  /** documents[requestedLocale][documentId] */
  documents: Record<string, Record<string, VariantEntry>>
  /** One search index blob per locale. */
  search: Record<string, string>
  navigation: Record<string, string>
  releases: string
  /** Names of the release streams, so a request can be validated without reading the blob. */
  releaseStreams: string[]
  /** Every blob hash this build uses, for publishing and garbage collection. */
  blobs: string[]
}

export interface PointerValue {
  buildId: string
}

export interface BuildRecord {
  buildId: string
  publishedAt: string
  builtAt: string
  commit: string | null
  documents: number
  /** Set when the build fell out of the kept window; its blobs go after a grace period. */
  retiredAt: string | null
}

/**
 * The search index of one locale, in a compact form: a sorted vocabulary and
 * varint posting lists over records (a document's intro, then one record per
 * heading section). What a result displays lives in separate display chunks,
 * read only for the hits. See worker/search-index/ for how it is read.
 */
export interface SearchIndexBlob {
  version: number
  locale: string
  /** Section names; documents refer to them by position. */
  sections: string[]
  /** Per document: its section's position, 1 for a draft, and how many records it has. */
  docSection: number[]
  docDraft: number[]
  docRecords: number[]
  /** Base64 varints: the number of text terms of each record. */
  recordLength: string
  /** The vocabulary, sorted, joined by newlines. */
  terms: string
  /** Base64 varints: per term, the posting count and byte length of its text list, then of its title/heading list. */
  listLengths: string
  /** Base64 varints: per term, (record delta × 2 + 1 if it occurs more than once) for body text. */
  textPostings: string
  /** Base64 varints: per term, (record delta × 2 + 1 for the title, 0 for a heading). */
  fieldPostings: string
  /** Terms in so many records that they carry no signal; left out of the lists and ignored in queries. */
  stopTerms: string[]
  /** Blob hashes of the display chunks, `displayChunkSize` documents each. */
  displayChunks: string[]
  displayChunkSize: number
}

/** What a hit shows: one entry per document of a display chunk. */
export interface DisplayDocument {
  slug: string
  title: string
  locale: string
  /** Per heading record: its id and text. */
  headings: Array<[id: string, text: string]>
  /** Per record (intro first): the start of its text, for excerpts. */
  previews: string[]
}

export const SEARCH_INDEX_VERSION = 3

export class IndexMismatchError extends Error {
  override name = 'IndexMismatchError'
}

const TERM_SEPARATOR = /[\n\r\p{Z}\p{P}]+/u

/** The one tokenizer, for indexing and for queries: split at spaces and punctuation, lowercase. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(TERM_SEPARATOR)
    .filter((term) => term !== '')
}

/** The public URL of a document, as links and search results give it. */
export function documentUrl(baseUrl: string, defaultLocale: string, locale: string, slug: string): string {
  const localePrefix = locale === defaultLocale ? '' : `${locale}/`
  const path = slug === 'index' ? '' : slug
  return `${baseUrl}${localePrefix}${path}`
}
