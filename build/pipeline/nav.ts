import { slug as slugOf } from 'github-slugger'
import type { DocumentNav, LinkRef, NavTreeNode } from '../../contract/index.ts'
import type { FolderInfo } from '../content/categories.ts'
import type { NavItem } from './nav-item.ts'
import { toTree, type Folder } from './nav-tree.ts'

export interface NavOptions {
  /** Top-level folders in the order site.yml lists them. */
  sectionOrder: string[]
  /** Title of a folder that nothing else names (no label, no index page). */
  folderTitle: (folder: string) => string
  folderInfo: (folder: string) => FolderInfo
  /** Sorts titles the way readers of this locale expect, numbers by value (`Step 2` before `Step 10`). */
  collator: Intl.Collator
  /** The sidebar site.yml spells out, which replaces the one made from folders. */
  layout?: (made: MadeSidebar) => LaidOut[]
}

/** What an explicit sidebar is made from: the pages by document id, the folders, and their own sidebar. */
export interface MadeSidebar {
  items: Map<string, NavItem>
  root: Folder
  auto: (folder: Folder, topLevel: boolean) => LaidOut[]
}

/** A sidebar entry before its navigation context is worked out. */
export interface LaidOut {
  title: string
  page: NavItem | null
  /** A link out of the docs, from an explicit sidebar. */
  link?: string
  /** The folder it was made from (`reference/limits`): what names it when it has no page. */
  folder?: string
  collapsed: boolean | null
  children: LaidOut[]
}

type Entry = { kind: 'page'; item: NavItem } | { kind: 'folder'; folder: Folder }

function sortedEntries(folder: Folder, options: NavOptions, topLevel: boolean): Entry[] {
  const entries: Entry[] = [...folder.pages.map((item): Entry => ({ kind: 'page', item })), ...[...folder.folders.values()].map((sub): Entry => ({ kind: 'folder', folder: sub }))]
  const rank = (entry: Entry) => {
    const name = entry.kind === 'page' ? entry.item.docId : entry.folder.name
    const index = topLevel ? options.sectionOrder.indexOf(name) : -1
    return index === -1 ? Number.POSITIVE_INFINITY : index
  }
  const order = (entry: Entry) =>
    (entry.kind === 'page' ? entry.item.order : (options.folderInfo(entry.folder.name).position ?? entry.folder.page?.order)) ?? Number.POSITIVE_INFINITY
  const title = (entry: Entry) => (entry.kind === 'page' ? entry.item.title : folderTitle(entry.folder, options))
  return entries.sort((a, b) => rank(a) - rank(b) || order(a) - order(b) || options.collator.compare(title(a), title(b)))
}

function folderTitle(folder: Folder, options: NavOptions): string {
  return options.folderInfo(folder.name).label ?? folder.page?.title ?? options.folderTitle(folder.name)
}

/** The sidebar the folders make: by order, then title; the index page of a folder is the folder's page. */
function autoLayout(folder: Folder, options: NavOptions, topLevel: boolean): LaidOut[] {
  return sortedEntries(folder, options, topLevel).map((entry): LaidOut => {
    if (entry.kind === 'page') return { title: entry.item.title, page: entry.item, collapsed: null, children: [] }
    const sub = entry.folder
    return {
      title: folderTitle(sub, options),
      page: sub.page,
      folder: sub.name,
      collapsed: options.folderInfo(sub.name).collapsed,
      children: autoLayout(sub, options, false),
    }
  })
}

/** A folder without an index page whose `_category_` links one of its pages opens that page. */
function adoptLinkedPages(folder: Folder, folderInfo: NavOptions['folderInfo']): void {
  for (const sub of folder.folders.values()) {
    const linked = sub.page ? -1 : sub.pages.findIndex((page) => page.docId === folderInfo(sub.name).page)
    if (linked !== -1) sub.page = sub.pages.splice(linked, 1)[0] ?? null
    adoptLinkedPages(sub, folderInfo)
  }
}

/**
 * A sidebar entry; a folder without an index page has no slug or URL of its
 * own, and a key instead: what `?root=` names it by (its folder path, or for a
 * group of site.yml's sidebar, the key of its parent and its label as a slug).
 */
function treeNode(laid: LaidOut, children: NavTreeNode[], key: string | undefined): NavTreeNode {
  const { page } = laid
  return {
    title: laid.title,
    slug: page?.slug ?? null,
    url: page?.url ?? laid.link ?? null,
    fallback: page?.fallback ?? false,
    draft: page?.draft ?? false,
    ...(page?.method ? { method: page.method } : {}),
    ...(laid.collapsed === null ? {} : { collapsed: laid.collapsed }),
    ...(page === null && children.length > 0 && key ? { key } : {}),
    children,
  }
}

/** The name of a page-less group: its folder, else its label under its parent's name. */
function groupKey(laid: LaidOut, parent: string | undefined): string | undefined {
  if (laid.folder !== undefined) return laid.folder
  const own = slugOf(laid.title)
  return own === '' ? parent : parent === undefined ? own : `${parent}/${own}`
}

/**
 * How many pages of its folder a document lists as `siblings`. The full folder
 * is in the sidebar tree (`/v1/navigation`); the document carries only the
 * pages around it, so its `nav` stays small however large the folder grows.
 */
const SIBLING_WINDOW = 10

/**
 * The pages of a folder nearest the page at `position`, the page itself
 * excluded, in sidebar order: half before and half after it, shifted at the
 * folder's ends so the window stays full whenever the folder has enough pages.
 */
function siblingWindow<T>(pagesHere: readonly T[], position: number, size = SIBLING_WINDOW): T[] {
  const others = pagesHere.length - 1
  const start = Math.min(Math.max(position - Math.floor(size / 2), 0), Math.max(others - size, 0))
  // The page itself always falls inside these size + 1 slots, so dropping it leaves `size` pages
  // (or every other page of a small folder), without copying the folder for each of its pages.
  return pagesHere.slice(start, start + size + 1).filter((_, offset) => start + offset !== position)
}

export interface Navigation {
  tree: NavTreeNode[]
  /** Navigation context of every document in the tree, by document id. */
  byDocId: Map<string, DocumentNav>
}

/** Builds the sidebar tree and each document's breadcrumbs, parent, siblings, prev and next. */
export function buildNavigation(items: NavItem[], options: NavOptions): Navigation {
  const root = toTree(items.filter((item) => !item.hidden))
  adoptLinkedPages(root, options.folderInfo)
  // One reference per page, shared by every page that names it (as a sibling, a breadcrumb, prev or
  // next): a copy each time was about 15 objects a page, 1.5 million held through a 100k-page build.
  const refs = new Map<NavItem, LinkRef>()
  const ref = (item: NavItem): LinkRef => {
    const known = refs.get(item)
    if (known) return known
    const made = Object.freeze({ slug: item.slug, title: item.title })
    refs.set(item, made)
    return made
  }
  const byId = new Map(items.map((item) => [item.docId, item]))
  const reading: NavItem[] = []
  const context = new Map<string, { trail: NavItem[]; siblings: NavItem[] }>()

  const place = (nodes: LaidOut[], trail: NavItem[], parentKey?: string): NavTreeNode[] => {
    const pagesHere = nodes.map((laid) => laid.page).filter((item): item is NavItem => item !== null)
    // A Map, not indexOf: a folder of thousands of pages would otherwise cost quadratic time.
    const positionHere = new Map(pagesHere.map((item, position) => [item, position]))
    return nodes.map((laid) => {
      const page = laid.page
      if (page && !context.has(page.docId)) {
        reading.push(page)
        context.set(page.docId, { trail, siblings: siblingWindow(pagesHere, positionHere.get(page) ?? 0) })
      }
      const key = page ? page.slug : groupKey(laid, parentKey)
      return treeNode(laid, place(laid.children, page ? [...trail, page] : trail, key), key)
    })
  }
  const auto = (folder: Folder, topLevel: boolean) => autoLayout(folder, options, topLevel)
  const home: LaidOut[] = root.page ? [{ title: root.page.title, page: root.page, collapsed: null, children: [] }] : []
  // The home page comes first, placed alone: it is no folder's page and has no siblings.
  const tree = options.layout ? place(options.layout({ items: byId, root, auto }), []) : [...place(home, []), ...place(auto(root, true), [])]

  const byDocId = new Map<string, DocumentNav>()
  reading.forEach((item, position) => {
    const { trail, siblings } = context.get(item.docId) ?? { trail: [], siblings: [] }
    const pick = (override: string | false | undefined, fallback: NavItem | undefined) => {
      if (override === false) return null
      const chosen = override === undefined ? fallback : byId.get(override)
      return chosen ? ref(chosen) : null
    }
    const parent = trail[trail.length - 1]
    byDocId.set(item.docId, {
      breadcrumbs: trail.map(ref),
      parent: parent ? ref(parent) : null,
      siblings: siblings.map(ref),
      prev: pick(item.prev, reading[position - 1]),
      next: pick(item.next, reading[position + 1]),
    })
  })
  return { tree, byDocId }
}
