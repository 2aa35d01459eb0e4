// The contract between the build and the worker: blob shapes, KV key names,
// MiniSearch options and the schema version. Runtime-neutral on purpose: the
// build imports it from Node, the worker bundles it for workerd.
import MiniSearch, { type Options } from 'minisearch'

export const SCHEMA_VERSION = 1

export const KV_KEYS = {
  /** The one key a publish switches: `{ buildId }` of the live build. */
  pointer: 'pointer',
  /** Every published build, newest first (for rollback and garbage collection). */
  builds: 'builds',
  manifest: (buildId: string) => `manifest:${buildId}`,
  blob: (hash: string) => `blob:${hash}`,
} as const

export const BLOB_KEY_PREFIX = 'blob:'

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
  blob: string
  etag: string
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

/** One search record: a document's intro or one of its heading sections. */
export interface SearchRecord {
  id: number
  docId: string
  slug: string
  locale: string
  section: string
  title: string
  heading: string
  headingId: string | null
  /** The whole section text: indexed, not stored. */
  text: string
  /** The start of the section text: stored, for excerpts. */
  preview: string
  draft: boolean
}

export const SEARCH_OPTIONS = {
  idField: 'id',
  fields: ['title', 'heading', 'text'],
  storeFields: ['docId', 'slug', 'locale', 'section', 'title', 'heading', 'headingId', 'preview', 'draft'],
  searchOptions: {
    boost: { title: 6, heading: 3, text: 1 },
    prefix: true,
    // One edit for words of five letters or more: short words stay exact.
    fuzzy: (term: string) => (term.length >= 5 ? 1 : 0),
    combineWith: 'AND',
  },
} satisfies Options<SearchRecord>

/** Changes whenever SEARCH_OPTIONS change shape, so a stale index is refused. */
export const SEARCH_OPTIONS_FINGERPRINT = [
  SCHEMA_VERSION,
  SEARCH_OPTIONS.idField,
  SEARCH_OPTIONS.fields.join(','),
  SEARCH_OPTIONS.storeFields.join(','),
].join('|')

export interface SearchIndexBlob {
  fingerprint: string
  locale: string
  index: unknown
}

export class IndexMismatchError extends Error {
  override name = 'IndexMismatchError'
}

export function serializeSearchIndex(locale: string, index: MiniSearch<SearchRecord>): string {
  const blob: SearchIndexBlob = { fingerprint: SEARCH_OPTIONS_FINGERPRINT, locale, index }
  return JSON.stringify(blob)
}

export function createSearchIndex(): MiniSearch<SearchRecord> {
  return new MiniSearch<SearchRecord>(SEARCH_OPTIONS)
}

export function loadSearchIndex(json: string): MiniSearch<SearchRecord> {
  const blob = JSON.parse(json) as Partial<SearchIndexBlob>
  if (blob.fingerprint !== SEARCH_OPTIONS_FINGERPRINT) {
    throw new IndexMismatchError(
      `search index was built with options "${String(blob.fingerprint)}", expected "${SEARCH_OPTIONS_FINGERPRINT}"`,
    )
  }
  return MiniSearch.loadJS<SearchRecord>(blob.index as never, SEARCH_OPTIONS)
}

/** The public URL of a document, as links and search results give it. */
export function documentUrl(baseUrl: string, defaultLocale: string, locale: string, slug: string): string {
  const localePrefix = locale === defaultLocale ? '' : `${locale}/`
  const path = slug === 'index' ? '' : slug
  return `${baseUrl}${localePrefix}${path}`
}
