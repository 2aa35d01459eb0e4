import type { SearchResponse } from '../../contract/index.ts'
import type { SearchQuery } from '../../search/engine.ts'
import type { ReadContext } from './context.ts'

/** A search as a reader asks it; whether drafts take part is the reader's to say. */
export type SearchAsk = Omit<SearchQuery, 'canReadDrafts'>

export interface SearchView extends SearchResponse {
  /** The locale searched. */
  locale: string
}

/** Ranks a locale's documents: its index and display chunks, read once per build per isolate. */
export async function searchIn(reader: ReadContext, locale: string, ask: SearchAsk): Promise<SearchView> {
  const { store, manifest } = reader
  const engine = await store.searchIndex(manifest, reader.docs, locale)
  const query = { ...ask, canReadDrafts: reader.canReadDrafts }
  // Results link the pages of the version searched, which live under its own base URL.
  const site = { ...manifest.site, baseUrl: reader.baseUrl }
  const found = await engine.search(site, query, (chunk) => store.displayChunk(manifest, engine, chunk))
  return { locale, ...found }
}
