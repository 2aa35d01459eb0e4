import { LLMS_FULL_PART_BYTES, type DocsVersion, type LlmsPartsBlob } from '../../contract/index.ts'
import { type Category, folderInfoOf, folderNumberPrefixes } from '../content/categories.ts'
import type { SiteConfig } from '../content/site-config.ts'
import type { GitHistory } from '../content/read-results.ts'
import type { RenderedSource } from './assemble.ts'
import { type BlobSet, contentHash } from './blob-set.ts'
import { LlmsParts } from './llms-parts.ts'
import { eachLlmsFullPart, llmsFullParts } from './llms.ts'
import { llmsLayout, llmsPages, llmsPagesBetween, sameLlmsLayout } from './locale-llms.ts'
import { PageBlobMemo } from './page-blob-memo.ts'
import type { IndexedPage } from './indexed-page.ts'
import { audienceChoices, buildLocaleView, indexedPages, type LocaleView } from './locale-view.ts'
import type { NavItem } from './nav-item.ts'
import type { KeyPart, Reuse } from './reuse.ts'
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

/** Keeps a value made from `parts` under the version's key in a long-lived build; makes it in a one-shot one. */
export type VersionMemo = <T>(parts: KeyPart[], make: () => T) => T

/** What the locale stage takes of the version's input (see VersionInput). */
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
    out.docs.llms[locale] = llmsBlobs(input, locale, view, memo)
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

/** The locale's llms.txt, the parts of its llms-full.txt and section files, and the LlmsPartsBlob naming them, as blobs. */
function llmsBlobs(input: VersionSettings, locale: string, view: LocaleView, memo: VersionMemo): DocsVersion['llms'][string] {
  const { site, blobs } = input
  // The order of llms-full.txt and the text of llms.txt come from the public sidebar and what
  // it says of each page: kept while the sidebar is the same object and its pages say the same.
  const { publicTree, published: listed } = view
  const layout = input.reuse
    ? input.reuse.memoIf(
        ['llms', input.key, locale],
        { publicTree, listed },
        (kept) => kept.publicTree === publicTree && sameLlmsLayout(kept.listed, listed),
        () => llmsLayout(site, locale, publicTree, listed, input.viewBytes),
      )
    : llmsLayout(site, locale, publicTree, listed, input.viewBytes)
  const maxBytes = input.llmsPartBytes ?? LLMS_FULL_PART_BYTES
  // The long-lived build's parts keep their JSON and hash, to store again only what changed.
  const partBlob = (text: string) => {
    const json = JSON.stringify(text)
    return { json, hash: contentHash(json) }
  }
  // llms-full.txt's parts from `start` to `end` of the layout's order. A one-shot build reads each
  // page as the parts reach it and stores each part as it is cut, so a locale's whole text is never
  // held; a long-lived build keeps each run's parts, to make again only what changed.
  let pages: string[] | undefined
  const partsOf = (start: number, end: number, key: string[], endsFile: boolean): string[] => {
    if (!input.reuse) {
      const hashes: string[] = []
      eachLlmsFullPart(llmsPagesBetween(layout, listed, start, end), maxBytes, endsFile, (text) => hashes.push(blobs.add(text)))
      return hashes
    }
    pages ??= llmsPages(layout, listed).pages
    return memo(key, () => new LlmsParts())
      .update(pages.slice(start, end), maxBytes, partBlob, endsFile)
      .map(({ json, hash }) => (json === undefined ? blobs.addMade(hash) : blobs.addText(json, hash)))
  }
  const index = blobs.addFrom([layout, 'llms.txt'], () => layout.index)
  // The part lists go in a value of their own, which only the llms routes read (DocsVersion names it).
  const stored = (lists: LlmsPartsBlob) => ({ index, fullEtag: contentHash(lists.full.join('\n')), parts: blobs.add(lists) })
  if (!layout.sections) return stored({ full: partsOf(0, layout.order.length, ['llms-parts', locale], true) })
  // A large locale cuts llms-full.txt between sections too, so each section's pages in full are a run of its parts.
  const sections: NonNullable<LlmsPartsBlob['sections']> = {}
  const layoutSections = layout.sections
  const loose = layout.order.length - layoutSections.reduce((sum, section) => sum + section.pages, 0)
  const full = loose > 0 ? partsOf(0, loose, ['llms-parts', locale, ''], layoutSections.length === 0) : []
  let start = loose
  layoutSections.forEach((section, position) => {
    const fullParts = partsOf(start, start + section.pages, ['llms-parts', locale, section.name], position === layoutSections.length - 1)
    start += section.pages
    full.push(...fullParts)
    const parts = llmsFullParts([section.text], Math.min(input.viewBytes ?? LLMS_FULL_PART_BYTES, LLMS_FULL_PART_BYTES)).map((part) => blobs.add(part))
    sections[section.name] = { parts, etag: contentHash(parts.join('\n')), fullParts, fullEtag: contentHash(fullParts.join('\n')) }
  })
  return stored({ full, sections })
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
