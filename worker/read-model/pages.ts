import type { ReadContext } from './context.ts'
import { visibleVariant } from './visibility.ts'

/** A page written in a locale (not a fallback), as a listing of every page names it. */
export interface ListedPage {
  slug: string
  locale: string
  title: string
  draft: boolean
}

export interface PageListing {
  pages: ListedPage[]
  /** Where the next part of the listing starts, or null after the last. */
  next: number | null
}

/**
 * Every page a reader may see, one route shard at a time (about 64 slugs,
 * one blob read): part `part` of the listing. Each page is listed once per
 * locale it is written in, under the slug it has there; fallbacks are the
 * default locale's pages, listed already.
 */
export async function listPages(reader: ReadContext, part: number): Promise<PageListing> {
  const shards = reader.docs.routes.length
  if (!Number.isInteger(part) || part < 0 || part >= shards) return { pages: [], next: null }
  const shard = await reader.store.routeShard(reader.manifest, reader.docs, part)
  const pages: ListedPage[] = []
  for (const [slug, entry] of Object.entries(shard.slugs)) {
    for (const locale of Object.keys(entry.variants)) {
      const variant = visibleVariant(entry, locale, reader.canReadDrafts)
      if (variant && variant.locale === locale && variant.slug === slug) pages.push({ slug, locale, title: variant.title, draft: variant.draft })
    }
  }
  return { pages, next: part + 1 < shards ? part + 1 : null }
}
