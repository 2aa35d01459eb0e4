import { SCHEMA_VERSION, shardCount, shardOf, type RouteEntry, type RouteShard, type RouteVariant, type VariantEntry } from '../../contract/index.ts'

/** documents[requestedLocale][docId]: what each locale serves for each document. */
export type LocaleDocuments = Record<string, Record<string, VariantEntry>>

/** One version of a page: its slug in its locale, its document id, and Docusaurus's id for it. */
interface RoutedPage {
  slug: string
  docId: string
  locale: string
  frameworkId: string
}

export interface RoutesInput {
  /** Every page version, drafts included (the worker hides drafts per reader). */
  pages: RoutedPage[]
  documents: LocaleDocuments
  /** Old slugs to the slug of the page they now lead to. */
  redirects: Record<string, string>
  defaultLocale: string
}

/**
 * The route shards of a build: every slug (in any locale) and every redirect,
 * each in the shard `shardOf` names, so build and worker agree on where a slug is.
 */
export function routeShards({ pages, documents, redirects, defaultLocale }: RoutesInput): RouteShard[] {
  const slugIn = new Map(pages.map((page) => [placeKey(page.docId, page.locale), page.slug]))
  const routed = (docId: string, { preview, ...entry }: VariantEntry): RouteVariant => {
    const slug = slugIn.get(placeKey(docId, entry.locale)) ?? docId
    return preview ? { ...entry, slug, preview: routed(docId, preview) } : { ...entry, slug }
  }
  // A document's variants, shared by its default slug and its localized ones.
  const variantsOf = new Map<string, Record<string, RouteVariant>>()
  const variants = (docId: string) => {
    let found = variantsOf.get(docId)
    if (!found) {
      found = {}
      for (const [locale, byId] of Object.entries(documents)) {
        const entry = Object.hasOwn(byId, docId) ? byId[docId] : undefined
        if (entry) found[locale] = routed(docId, entry)
      }
      variantsOf.set(docId, found)
    }
    return found
  }

  const formerly = new Map<string, string[]>()
  for (const [from, to] of Object.entries(redirects).sort(byKey)) formerly.set(to, [...(formerly.get(to) ?? []), from])
  const ids = frameworkIds(pages, defaultLocale)
  // Every slug of a document names its Docusaurus id, which other versions look it up by.
  const idOfDocument = new Map([...ids].map(([id, page]) => [page.docId, id]))
  const entries = new Map<string, RouteEntry>()
  for (const page of pages) {
    const oldSlugs = formerly.get(page.slug)
    const frameworkId = idOfDocument.get(page.docId)
    entries.set(page.slug, {
      docId: page.docId,
      ...(page.slug === page.docId ? {} : { locale: page.locale }),
      variants: variants(page.docId),
      ...(oldSlugs ? { formerly: oldSlugs } : {}),
      ...(frameworkId === undefined ? {} : { frameworkId }),
    })
  }
  const count = shardCount(entries.size + Object.keys(redirects).length)
  const slugsOf = Array.from({ length: count }, (): Array<[string, RouteEntry]> => [])
  const redirectsOf = Array.from({ length: count }, (): Array<[string, string]> => [])
  const idsOf = Array.from({ length: count }, (): Array<[string, string]> => [])
  for (const [slug, entry] of entries) slugsOf[shardOf(slug, count)]?.push([slug, entry])
  for (const [from, to] of Object.entries(redirects)) redirectsOf[shardOf(from, count)]?.push([from, to])
  for (const [id, page] of ids) idsOf[shardOf(id, count)]?.push([id, page.slug])
  // Sorted, so the same content makes byte-identical shards whatever order the pages came in;
  // fromEntries, so that even a slug such as `__proto__` stays an own key.
  return slugsOf.map(
    (slugs, shard): RouteShard => ({
      schemaVersion: SCHEMA_VERSION,
      slugs: Object.fromEntries(slugs.sort(byKey)),
      redirects: Object.fromEntries((redirectsOf[shard] ?? []).sort(byKey)),
      ids: Object.fromEntries((idsOf[shard] ?? []).sort(byKey)),
    }),
  )
}

/**
 * Docusaurus ids of the default-locale pages whose slug is another (a front
 * matter `id:` or `slug:`, a folder's index page), to that page. Docusaurus
 * refuses two pages of one id; should two share one here, the page whose
 * slug is the id keeps it, else the first slug in order, so the same pages
 * make the same table.
 */
function frameworkIds(pages: RoutedPage[], defaultLocale: string): Map<string, RoutedPage> {
  const claimed = new Map<string, RoutedPage>()
  const originals = pages.filter((page) => page.locale === defaultLocale)
  const bySlug = (a: RoutedPage, b: RoutedPage) => Number(b.frameworkId === b.slug) - Number(a.frameworkId === a.slug) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)
  for (const page of originals.sort(bySlug)) if (!claimed.has(page.frameworkId)) claimed.set(page.frameworkId, page)
  return new Map([...claimed].filter(([id, page]) => id !== page.slug))
}

/**
 * Per locale, the published documents written in it (fallbacks and drafts
 * not counted): what /v1/status reports, and what the build summary calls
 * published. The one rule for counting documents.
 */
export function documentCounts(documents: LocaleDocuments): Record<string, number> {
  return countWritten(documents, false)
}

/** Per locale, the drafts written in it (a draft translation of a published page included), counted as documentCounts counts. */
export function draftCounts(documents: LocaleDocuments): Record<string, number> {
  return countWritten(documents, true)
}

function countWritten(documents: LocaleDocuments, drafts: boolean): Record<string, number> {
  return Object.fromEntries(
    Object.entries(documents).map(([locale, byId]) => [
      locale,
      // A draft beside a published variant (a draft translation over the default-locale page) is the entry's preview.
      Object.values(byId)
        .flatMap((entry) => [entry, ...(entry.preview ? [entry.preview] : [])])
        .filter((variant) => variant.locale === locale && variant.draft === drafts).length,
    ]),
  )
}

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0)
const placeKey = (docId: string, locale: string) => `${locale}\u0000${docId}`
