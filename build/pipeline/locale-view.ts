import { audienceOf, documentUrl, isVisible, type Audience, type NavTreeNode, type VariantEntry } from '../../contract/index.ts'
import type { FolderInfo } from '../content/categories.ts'
import { sectionTitle, type SiteConfig } from '../content/site-config.ts'
import type { GitHistory } from '../content/read-results.ts'
import { documentBlob, editInfo, type RenderedSource } from './assemble.ts'
import type { BlobSet } from './blob-set.ts'
import { IndexedPage } from './indexed-page.ts'
import { configuredLayout } from './nav-layout.ts'
import { buildNavigation, type Navigation, type NavOptions } from './nav.ts'
import type { NavItem } from './nav-item.ts'
import { keepingContexts, sameNavItems } from './nav-reuse.ts'
import { storeNavigation } from './nav-store.ts'
import type { PageBlobMemo } from './page-blob-memo.ts'
import type { Reuse } from './reuse.ts'

export interface LocaleViewInput {
  locale: string
  site: SiteConfig
  /** Every document id to its versions by locale. */
  variants: Map<string, Map<string, RenderedSource>>
  navItems: Map<RenderedSource, NavItem>
  /**
   * What each folder says of itself in this locale (`_category_` files,
   * number prefixes), and a key that changes whenever that may change.
   */
  folders?: { info: (folder: string) => FolderInfo; key: string }
  /** The page a `sidebar:` entry of site.yml names, by its document id. */
  docIdOf?: (name: string) => string | undefined
  git: GitHistory
  blobs: BlobSet
  /** What the previous run of a long-lived build made. */
  reuse?: Reuse | undefined
  /** Keeps this version's sidebars apart from other versions' in `reuse`. */
  reuseKey?: string
  /** The size line of the stored sidebar (contract/navigation.ts). */
  viewBytes?: number | undefined
  /** Who sees which page in the locale (audienceChoices). */
  choices: Choice[]
  /** The pages' blobs as the last one-shot build named them (the CLI's build with a cache). */
  pageBlobs?: PageBlobMemo | undefined
}

export interface LocaleView {
  documents: Record<string, VariantEntry>
  navigation: { public: string; drafts: string }
  /** The public sidebar, and the published pages in it, for llms.txt. */
  publicTree: NavTreeNode[]
  published: RenderedSource[]
  fallbacks: number
}

/** A folder name as a title: `getting-started` -> `Getting started`. */
export function humanize(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const noFolderInfo = { info: () => ({ label: null, position: null, collapsed: null, page: null }), key: '' }

const emptyNav = { breadcrumbs: [], parent: null, siblings: [], prev: null, next: null }

/** A page as each audience sees it in one locale: the public's choice, and the drafts readers' when it differs. */
export interface Choice {
  published: RenderedSource | undefined
  preview: RenderedSource | undefined
}

/**
 * What one locale serves. The public sees the translation when it is
 * published, else the published default-locale version; a draft translation
 * of a published page is shown only to readers with the drafts scope.
 */
export function buildLocaleView({
  locale,
  site,
  variants,
  navItems,
  folders = noFolderInfo,
  docIdOf = () => undefined,
  git,
  blobs,
  reuse,
  reuseKey = '',
  viewBytes,
  choices,
  pageBlobs,
}: LocaleViewInput): LocaleView {
  const publicList = choices.flatMap(({ published }) => (published ? [published] : []))
  const previewList = choices.flatMap(({ published, preview }) => [preview ?? published].filter((s): s is RenderedSource => s !== undefined))
  const navOptions = localeNavOptions(site, locale, folders, docIdOf)
  // The sidebar depends on the pages' titles, slugs, order and drafts, not on their text: a
  // long-lived build keeps it, and each page context that came out the same (nav-reuse.ts).
  const navigationOf = (kind: string, list: RenderedSource[]) => {
    const listed = localeNavItems(list, navItems, site, locale)
    if (!reuse) return buildNavigation(listed, navOptions)
    return reuse.memoIf(
      ['navigation', reuseKey, locale, kind],
      { listed, folders: folders.key },
      (kept) => kept.folders === folders.key && sameNavItems(kept.listed, listed),
      (kept: Navigation | undefined) => keepingContexts(buildNavigation(listed, navOptions), kept),
    )
  }
  const publicNav = navigationOf('public', publicList)
  const previewNav = navigationOf('drafts', previewList)
  return {
    documents: variantEntries(choices, { locale, site, variants, git, blobs, pageBlobs, navFor: { public: publicNav, drafts: previewNav } }),
    navigation: {
      public: navigationBlobs(publicNav.tree, blobs, reuse, viewBytes),
      drafts: navigationBlobs(previewNav.tree, blobs, reuse, viewBytes),
    },
    publicTree: publicNav.tree,
    published: publicList,
    fallbacks: publicList.filter((source) => source.locale !== locale).length,
  }
}

/**
 * A sidebar's stored values (one, or a split tree's head, parts and names),
 * made again only when the tree is a new object; returns the head's hash.
 */
function navigationBlobs(tree: NavTreeNode[], blobs: BlobSet, reuse: Reuse | undefined, viewBytes: number | undefined): string {
  const make = () => {
    const hashes: string[] = []
    const head = storeNavigation(
      tree,
      (value) => {
        const hash = blobs.add(value)
        hashes.push(hash)
        return hash
      },
      viewBytes,
    )
    return { head, hashes }
  }
  if (!reuse) return make().head
  const made = reuse.memo(['navigation-values', tree, String(viewBytes ?? '')], make)
  for (const hash of made.hashes) blobs.addMade(hash)
  return made.head
}

/** What the locale's search index holds: every page the public sees, then those only drafts readers see. */
export function indexedPages(choices: Choice[]): IndexedPage[] {
  const published = choices.flatMap(({ published }) => (published ? [published] : []))
  return [...published, ...choices.flatMap(({ preview }) => (preview ? [preview] : []))].map((source) => IndexedPage.of(source))
}

/** Each document as the public and the drafts readers see it in `locale`. */
export function audienceChoices(variants: LocaleViewInput['variants'], locale: string, defaultLocale: string): Choice[] {
  return [...variants.values()].map((byLocale) => {
    // Each audience sees the translation when it may, else the default-locale page when it may.
    const seenBy = (canReadDrafts: boolean) => [byLocale.get(locale), byLocale.get(defaultLocale)].find((source) => source && isVisible(source.draft, canReadDrafts))
    const published = seenBy(false)
    const preview = seenBy(true)
    return { published, preview: preview === published ? undefined : preview }
  })
}

/** How the locale's sidebar orders and titles its sections and folders. */
function localeNavOptions(site: SiteConfig, locale: string, folders: NonNullable<LocaleViewInput['folders']>, docIdOf: NonNullable<LocaleViewInput['docIdOf']>): NavOptions {
  return {
    sectionOrder: site.sections.map((section) => section.slug),
    folderTitle: (folder: string) => sectionTitle(site, folder, locale) ?? humanize(folder.split('/').pop() ?? folder),
    folderInfo: folders.info,
    collator: new Intl.Collator(locale, { numeric: true }),
    ...(site.sidebar ? { layout: configuredLayout(site.sidebar, { locale, defaultLocale: site.defaultLocale, docIdOf }) } : {}),
  }
}

/** In this locale's sidebar, a page links to this locale's URL, and says when it falls back. */
function localeNavItems(list: RenderedSource[], navItems: LocaleViewInput['navItems'], site: SiteConfig, locale: string): NavItem[] {
  return list.map(
    (source): NavItem => ({
      ...(navItems.get(source) as NavItem),
      url: documentUrl(site.baseUrl, site.defaultLocale, locale, source.slug),
      fallback: source.locale !== locale,
    }),
  )
}

/** Every document's entry in the locale, with its blobs, and a preview entry when drafts readers see another page. */
function variantEntries(
  choices: Choice[],
  context: Pick<LocaleViewInput, 'locale' | 'site' | 'variants' | 'git' | 'blobs' | 'pageBlobs'> & { navFor: Record<Audience, Navigation> },
): Record<string, VariantEntry> {
  const documents: Record<string, VariantEntry> = {}
  for (const { published, preview } of choices) {
    const main = published ?? preview
    if (!main) continue
    const previewEntry = published && preview ? variantEntry(preview, context) : undefined
    documents[main.docId] = previewEntry ? { ...variantEntry(main, context), preview: previewEntry } : variantEntry(main, context)
  }
  return documents
}

// A page's blob is made for the least reader who sees it: a draft's readers have the drafts scope, so
// its context and translations may name drafts; a published page's are the public's.
function variantEntry(source: RenderedSource, { locale, site, variants, git, blobs, pageBlobs, navFor }: Parameters<typeof variantEntries>[1]): VariantEntry {
  const canReadDrafts = source.draft
  const nav = navFor[audienceOf(canReadDrafts)].byDocId.get(source.docId) ?? emptyNav
  const versions = [...(variants.get(source.docId)?.values() ?? [])]
  const variant = () => ({
    requestedLocale: locale,
    source,
    nav,
    edit: editInfo(source, site, git),
    translations: versions.filter((other) => isVisible(other.draft, canReadDrafts)).map((other) => ({ locale: other.locale, slug: other.slug })),
  })
  if (pageBlobs) {
    return { blob: pageBlobs.document(blobs, variant()), markdown: pageBlobs.markdown(blobs, source), locale: source.locale, title: source.title, draft: source.draft }
  }
  // A blob is made again only when its page or one of its translations (each the same object
  // while its file and rendering are, see version.ts) or its navigation context (nav-reuse.ts)
  // changed; its edit data comes from the page, git history and site.yml, read once by a long-lived build.
  const hash = blobs.addFrom([source, locale, nav, ...versions], () => documentBlob(variant()))
  const markdown = blobs.addFrom([source, 'markdown'], () => source.markdown)
  return { blob: hash, markdown, locale: source.locale, title: source.title, draft: source.draft }
}
