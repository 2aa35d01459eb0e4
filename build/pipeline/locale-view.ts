import { SCHEMA_VERSION, audienceOf, documentUrl, isVisible, type Audience, type NavigationBlob, type NavTreeNode, type VariantEntry } from '../../contract/index.ts'
import type { IndexedDocument } from '../../search/index-data.ts'
import type { FolderInfo } from '../content/categories.ts'
import { sectionTitle, type SiteConfig } from '../content/site-config.ts'
import type { GitHistory } from '../content/read-results.ts'
import { documentBlob, editInfo, type RenderedSource } from './assemble.ts'
import type { BlobSet } from './blob-set.ts'
import { configuredLayout } from './nav-layout.ts'
import { buildNavigation, type Navigation, type NavOptions } from './nav.ts'
import type { NavItem } from './nav-item.ts'
import { keepingContexts, sameNavItems } from './nav-reuse.ts'
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
}

export interface LocaleView {
  documents: Record<string, VariantEntry>
  navigation: { public: string; drafts: string }
  /** The public sidebar, and the published pages in it, for llms.txt. */
  publicTree: NavTreeNode[]
  published: RenderedSource[]
  /** What the locale's search index holds; the pipeline builds it (and caches it). */
  indexed: IndexedDocument[]
  fallbacks: number
}

/** A folder name as a title: `getting-started` -> `Getting started`. */
export function humanize(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const noFolderInfo = { info: () => ({ label: null, position: null, collapsed: null, page: null }), key: '' }

const emptyNav = { breadcrumbs: [], parent: null, siblings: [], prev: null, next: null }

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
}: LocaleViewInput): LocaleView {
  const choices = [...variants.values()].map((byLocale) => {
    // Each audience sees the translation when it may, else the default-locale page when it may.
    const seenBy = (canReadDrafts: boolean) => [byLocale.get(locale), byLocale.get(site.defaultLocale)].find((source) => source && isVisible(source.draft, canReadDrafts))
    const published = seenBy(false)
    const preview = seenBy(true)
    return { published, preview: preview === published ? undefined : preview }
  })
  const publicList = choices.flatMap(({ published }) => (published ? [published] : []))
  const previewList = choices.flatMap(({ published, preview }) => [preview ?? published].filter((s): s is RenderedSource => s !== undefined))
  const navOptions: NavOptions = {
    sectionOrder: site.sections.map((section) => section.slug),
    folderTitle: (folder: string) => sectionTitle(site, folder, locale) ?? humanize(folder.split('/').pop() ?? folder),
    folderInfo: folders.info,
    collator: new Intl.Collator(locale, { numeric: true }),
    ...(site.sidebar ? { layout: configuredLayout(site.sidebar, { locale, defaultLocale: site.defaultLocale, docIdOf }) } : {}),
  }
  // In this locale's sidebar, a page links to this locale's URL, and says when it falls back.
  const items = (list: RenderedSource[]) =>
    list.map(
      (source): NavItem => ({
        ...(navItems.get(source) as NavItem),
        url: documentUrl(site.baseUrl, site.defaultLocale, locale, source.slug),
        fallback: source.locale !== locale,
      }),
    )
  // The sidebar depends on the pages' titles, slugs, order and drafts, not on their text: a
  // long-lived build keeps it, and each page context that came out the same (nav-reuse.ts).
  const navigationOf = (kind: string, list: RenderedSource[]) => {
    const listed = items(list)
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

  const navFor: Record<Audience, Navigation> = { public: publicNav, drafts: previewNav }
  // A page's blob is made for the least reader who sees it: a draft's readers have the drafts scope, so
  // its context and translations may name drafts; a published page's are the public's.
  const entryFor = (source: RenderedSource): VariantEntry => {
    const canReadDrafts = source.draft
    const nav = navFor[audienceOf(canReadDrafts)].byDocId.get(source.docId) ?? emptyNav
    const versions = [...(variants.get(source.docId)?.values() ?? [])]
    const translations = () => versions.filter((variant) => isVisible(variant.draft, canReadDrafts)).map((variant) => ({ locale: variant.locale, slug: variant.slug }))
    // A blob is made again only when its page or one of its translations (each the same object
    // while its file and rendering are, see version.ts) or its navigation context (nav-reuse.ts)
    // changed; its edit data comes from the page, git history and site.yml, read once by a long-lived build.
    const hash = blobs.addFrom([source, locale, nav, ...versions], () =>
      documentBlob({ requestedLocale: locale, source, nav, edit: editInfo(source, site, git), translations: translations() }),
    )
    const markdown = blobs.addFrom([source, 'markdown'], () => source.markdown)
    return { blob: hash, markdown, locale: source.locale, title: source.title, draft: source.draft }
  }
  const documents: Record<string, VariantEntry> = {}
  for (const { published, preview } of choices) {
    const main = published ?? preview
    if (!main) continue
    const previewEntry = published && preview ? entryFor(preview) : undefined
    documents[main.docId] = previewEntry ? { ...entryFor(main), preview: previewEntry } : entryFor(main)
  }
  const indexed = [...publicList, ...choices.flatMap(({ preview }) => (preview ? [preview] : []))]
  return {
    documents,
    navigation: {
      public: blobs.addFrom([publicNav.tree], () => ({ schemaVersion: SCHEMA_VERSION, items: publicNav.tree }) satisfies NavigationBlob),
      drafts: blobs.addFrom([previewNav.tree], () => ({ schemaVersion: SCHEMA_VERSION, items: previewNav.tree }) satisfies NavigationBlob),
    },
    publicTree: publicNav.tree,
    published: publicList,
    indexed: indexed.map(({ docId, slug, locale: sourceLocale, section, title, draft, rendered, parsed }) => ({
      docId,
      slug,
      locale: sourceLocale,
      section,
      title,
      draft,
      tags: parsed.data.tags ?? [],
      sections: rendered.sections,
    })),
    fallbacks: publicList.filter((source) => source.locale !== locale).length,
  }
}
