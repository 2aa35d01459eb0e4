import type MiniSearch from 'minisearch'
import type { SearchResult } from 'minisearch'
import { SEARCH_OPTIONS, documentUrl, type Manifest, type SearchRecord } from './contract.ts'

export interface SearchQuery {
  query: string
  limit: number
  sectionBoost: string[]
  canReadDrafts: boolean
}

export interface SearchHit {
  slug: string
  title: string
  section: string
  heading: { id: string; text: string } | null
  url: string
  excerpt: string
  score: number
  locale: string
}

const SECTION_BOOST = 2
const EXCERPT_LENGTH = 160

/**
 * Runs a query over section records and keeps the best record per document:
 * every term must match (by prefix, or with a typo); when none does for all
 * terms, any term may.
 */
export function runSearch(index: MiniSearch<SearchRecord>, site: Manifest['site'], query: SearchQuery): SearchHit[] {
  const boosted = new Set(query.sectionBoost)
  const options = {
    ...SEARCH_OPTIONS.searchOptions,
    filter: (result: SearchResult) => query.canReadDrafts || result.draft !== true,
    boostDocument: (_id: unknown, _term: string, stored?: Record<string, unknown>) =>
      typeof stored?.section === 'string' && boosted.has(stored.section) ? SECTION_BOOST : 1,
  }
  let results = index.search(query.query, options)
  if (results.length === 0) results = index.search(query.query, { ...options, combineWith: 'OR' })

  const seen = new Set<string>()
  const hits: SearchHit[] = []
  for (const result of results) {
    if (seen.has(result.docId)) continue
    seen.add(result.docId)
    hits.push(toHit(result, site))
    if (hits.length === query.limit) break
  }
  return hits
}

function toHit(result: SearchResult, site: Manifest['site']): SearchHit {
  const matchedBelowTitle = Object.values(result.match).some((fields) => fields.some((field) => field !== 'title'))
  const heading = matchedBelowTitle && result.headingId ? { id: String(result.headingId), text: String(result.heading) } : null
  const base = documentUrl(site.baseUrl, site.defaultLocale, String(result.locale), String(result.slug))
  return {
    slug: String(result.slug),
    title: String(result.title),
    section: String(result.section),
    heading,
    url: heading ? `${base}#${heading.id}` : base,
    excerpt: excerpt(String(result.preview ?? ''), result.terms),
    score: Math.round(result.score * 1000) / 1000,
    locale: String(result.locale),
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** A window of the section text around the first match, matched words in `<mark>`. */
export function excerpt(text: string, terms: string[]): string {
  const words = [...text.matchAll(/[\p{L}\p{N}_]+/gu)]
  const isMatch = (word: string) => terms.some((term) => word.toLowerCase().startsWith(term))
  const first = words.find((word) => isMatch(word[0]))
  const start = first ? Math.max(0, (first.index ?? 0) - 40) : 0
  const windowStart = start === 0 ? 0 : text.indexOf(' ', start) + 1
  const window = text.slice(windowStart, windowStart + EXCERPT_LENGTH)
  const marked = window.replace(/[\p{L}\p{N}_]+|[^\p{L}\p{N}_]+/gu, (chunk) =>
    isMatch(chunk) ? `<mark>${escapeHtml(chunk)}</mark>` : escapeHtml(chunk),
  )
  return `${windowStart > 0 ? '…' : ''}${marked}${windowStart + EXCERPT_LENGTH < text.length ? '…' : ''}`
}
