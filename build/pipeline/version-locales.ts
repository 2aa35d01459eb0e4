import type { DocsVersion } from '../../contract/index.ts'
import { type Category, folderInfoOf, folderNumberPrefixes } from '../content/categories.ts'
import type { SiteConfig } from '../content/site-config.ts'
import type { GitHistory } from '../content/read-results.ts'
import type { RenderedSource } from './assemble.ts'
import { type BlobSet, contentHash } from './blob-set.ts'
import { llmsBlobs } from './llms-blobs.ts'
import { PageBlobMemo } from './page-blob-memo.ts'
import type { IndexedPage } from './indexed-page.ts'
import { audienceChoices, buildLocaleView, indexedPages } from './locale-view.ts'
import type { NavItem } from './nav-item.ts'
import type { Reuse, VersionMemo } from './reuse.ts'
import type { LocaleDocuments } from './routes.ts'
import type { BuildMemo } from './build-memo.ts'
import { type IndexJobs, indexJobsIn, type KeptIndexes, keptSearchIndex, SearchIndexes } from './search-index.ts'

/**
 * Where large locales' search indexes are made instead of this thread (the CLI's search thread, search-thread.ts):
 * given this thread's jobs, the jobs to use.
 */
export interface OffThreadJobs {
  /** `keepBuilders`: builders are kept from one version to the next. */
  indexes(inThread: IndexJobs<IndexedPage>, options: { keepBuilders: boolean }): IndexJobs<IndexedPage>
}

/** What the per-locale stage takes of a version's input (VersionInput extends it). */
export interface VersionSettings {
  /** The site as this version's pages see it: its `baseUrl` and `urlVersion` give the version's URLs. */
  site: SiteConfig
  /** Separates this version's kept values from the others' in a long-lived build. */
  key: string
  git: GitHistory
  blobs: BlobSet
  memo?: BuildMemo | undefined
  /**
   * Puts a blob the previous build wrote in place again (false when it has none): with `memo`, what keeps search
   * indexes between builds. Only for a build that hands back no blob text (see KeptVersions.current).
   */
  placeBlob?: ((hash: string) => boolean) | undefined
  reuse?: Reuse | undefined
  llmsPartBytes?: number | undefined
  /** The size line of each locale's stored sidebar and llms.txt, in bytes (contract/navigation.ts; tests make it small). */
  viewBytes?: number | undefined
  /** Index builders shared with the versions built before, which this one patches (a one-shot build of several versions). */
  searchIndexes?: SearchIndexes | undefined
  searchThread?: OffThreadJobs | undefined
}

/** The rendered pages of a version and what its sidebars are made from. */
interface LocaleSources {
  sources: RenderedSource[]
  navItems: Map<RenderedSource, NavItem>
  categories: Category[]
  documentPaths: string[]
  /** The sidebar names of site.yml's `sidebar`, to the documents they name. */
  names: Map<string, string>
}

export interface VersionLocales {
  documentsByLocale: LocaleDocuments
  docs: Omit<DocsVersion, 'routes' | 'schemaVersion'>
  published: Record<string, RenderedSource[]>
  fallbacks: Record<string, number>
}

/** Every locale's view of the version, with its sidebars, llms files and search index as blobs. */
export async function buildVersionLocales(input: VersionSettings, pages: LocaleSources, memo: VersionMemo): Promise<VersionLocales> {
  const { site } = input
  const variants = new Map<string, Map<string, RenderedSource>>()
  for (const source of pages.sources) variants.set(source.docId, (variants.get(source.docId) ?? new Map()).set(source.locale, source))
  const out: VersionLocales = { documentsByLocale: {}, docs: { search: {}, navigation: {}, llms: {} }, published: {}, fallbacks: {} }
  // One builder per locale sharing tokens; a long-lived build keeps them, to patch each index.
  const searchIndexes = input.searchIndexes ?? memo(['search-indexes'], () => new SearchIndexes({ keepBuilders: input.reuse !== undefined }))
  const inThread = indexJobsIn(searchIndexes)
  const jobs = input.searchThread?.indexes(inThread, { keepBuilders: input.searchIndexes !== undefined }) ?? inThread
  // Folder labels and orders come from the category files and the folders' names.
  const foldersKey = JSON.stringify([pages.categories, pages.documentPaths, site.sidebar ? [...pages.names] : []])
  const prefixes = input.reuse
    ? input.reuse.memoWith([input.key, 'folder-prefixes'], foldersKey, () => folderNumberPrefixes(pages.documentPaths))
    : folderNumberPrefixes(pages.documentPaths)
  const docIdOf = (name: string) => pages.names.get(name)
  const locales = site.locales.map((locale) => ({ locale, choices: audienceChoices(variants, locale, site.defaultLocale) }))
  // Every index is asked for first: on a search thread they are made while this one makes the pages, sidebars and llms files.
  const indexes = locales.map(({ locale, choices }) => handled(searchIndexBlob(input, locale, indexedPages(choices), jobs)))
  const { memo: kept, placeBlob } = input
  const pageBlobs = !input.reuse && kept && placeBlob ? await PageBlobMemo.open(kept, `page-blobs-${contentHash(input.key)}`, placeBlob) : undefined
  for (const { locale, choices } of locales) {
    const folders = { info: folderInfoOf(pages.categories, prefixes, locale, { defaultLocale: site.defaultLocale, docIdOf }), key: foldersKey }
    const view = buildLocaleView({
      locale,
      site,
      variants,
      navItems: pages.navItems,
      folders,
      docIdOf,
      git: input.git,
      blobs: input.blobs,
      reuse: input.reuse,
      reuseKey: input.key,
      viewBytes: input.viewBytes,
      choices,
      pageBlobs,
    })
    out.documentsByLocale[locale] = view.documents
    out.docs.navigation[locale] = view.navigation
    out.published[locale] = view.published
    out.docs.llms[locale] = llmsBlobs(input, locale, view, memo, pageBlobs)
    out.fallbacks[locale] = view.fallbacks
  }
  await pageBlobs?.save()
  const heads = await Promise.all(indexes)
  for (const [position, { locale }] of locales.entries()) out.docs.search[locale] = heads[position] as string
  return out
}

/** `promise`, marked as handled: when a later stage fails first, its own failure is not also an unhandled rejection. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined)
  return promise
}

/** The locale's search index (its head, its shards and other parts, its display chunks), as blobs: the head's hash. */
async function searchIndexBlob(input: VersionSettings, locale: string, documents: IndexedPage[], jobs: IndexJobs<IndexedPage>): Promise<string> {
  const { blobs } = input
  const settings = { synonyms: input.site.search.synonyms }
  // Each value goes to the blobs (and so to disk) as it is encoded: a locale's values are never held at once.
  const take = {
    text: (json: string, hash: string) => {
      blobs.addText(json, hash)
    },
    stored: (hash: string) => {
      blobs.addMade(hash)
    },
  }
  const { memo, placeBlob } = input
  // A value put in place is this version's blob as much as one encoded here.
  const place = (hash: string) => {
    if (!placeBlob?.(hash)) return false
    blobs.addMade(hash)
    return true
  }
  const kept: KeptIndexes | undefined = memo && placeBlob && { memo, place }
  return blobs.addText(await keptSearchIndex(jobs(locale, documents, settings, kept !== undefined), take, kept))
}
