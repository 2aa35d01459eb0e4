import type { Manifest } from '../../contract/index.ts'
import { runSearch, type SearchQuery, type SearchResults } from '../../search/results.ts'
import type { ToolContext } from './context.ts'

/** POST /v1/search's ranking for one locale: the same index, display chunks and code. */
export async function searchLocale(context: ToolContext, manifest: Manifest, locale: string, query: Omit<SearchQuery, 'canReadDrafts'>): Promise<SearchResults> {
  const index = await context.store.searchIndex(manifest, locale)
  const full = { ...query, canReadDrafts: context.canReadDrafts }
  return runSearch(index, manifest.site, full, (chunk) => context.store.displayChunk(manifest, index, chunk))
}
