import type { LocaleChoice, Reader } from '../read-model/index.ts'

const MAX_QUERY = 200
const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean)

/**
 * Up to three readable slugs close to one that names no page, found by
 * search: first on the last segment's words (typos and prefixes match), then
 * on the whole slug, with its first segment boosted as a section.
 */
export async function similarSlugs(reader: Reader, choice: LocaleChoice, slug: string): Promise<string[]> {
  const segments = slug.split('/').filter(Boolean)
  const sectionBoost = segments.length > 1 ? [(segments[0] as string).slice(0, 64)] : []
  for (const text of new Set([segments.at(-1) ?? '', slug])) {
    const query = words(text).join(' ').slice(0, MAX_QUERY).trim()
    if (query === '') continue
    const { results: hits } = await reader.search(choice, { query, limit: 3, sectionBoost })
    if (hits.length > 0) return hits.map((hit) => hit.slug)
  }
  return []
}

/** "No page has the slug X. Did you mean Y?" and where to look next. */
export function missingPage(slug: string, suggestions: string[]): string {
  const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.map((suggestion) => `"${suggestion}"`).join(' or ')}?` : ''
  return `No page has the slug "${slug}".${hint} Call search_docs to find pages by topic, or get_navigation to list every slug.`
}
