import type { DocumentNav, LinkRef, NavTreeNode } from '../../contract/index.ts'

/** What navigation needs to know of a document, in the locale being built. */
export interface NavItem {
  docId: string
  slug: string
  title: string
  /** The page's URL in the locale being built. */
  url: string
  /** Shown in the default locale because the locale being built has no translation. */
  fallback: boolean
  order: number | null
  draft: boolean
  /** Front matter overrides, as document ids; `false` removes the link. */
  prev?: string | false
  next?: string | false
}

export interface NavOptions {
  /** Top-level folders in the order site.yml lists them. */
  sectionOrder: string[]
  /** Title of a folder with no index page. */
  folderTitle: (folder: string) => string
}

interface Folder {
  name: string
  page: NavItem | null
  folders: Map<string, Folder>
  pages: NavItem[]
}

type Entry = { kind: 'page'; item: NavItem } | { kind: 'folder'; folder: Folder }

function newFolder(name: string): Folder {
  return { name, page: null, folders: new Map(), pages: [] }
}

function toTree(items: NavItem[]): Folder {
  const root = newFolder('')
  for (const item of items) {
    if (item.docId === 'index') {
      root.page = item
      continue
    }
    const segments = item.docId.split('/')
    const last = segments.pop() ?? ''
    let folder = root
    for (const segment of segments) {
      const path = folder.name ? `${folder.name}/${segment}` : segment
      const next = folder.folders.get(segment) ?? newFolder(path)
      folder.folders.set(segment, next)
      folder = next
    }
    const asFolder = folder.folders.get(last)
    if (asFolder) asFolder.page = item
    else folder.pages.push(item)
  }
  // A page `a` and a folder `a/` are one node: the page becomes the folder's page.
  const adopt = (folder: Folder) => {
    folder.pages = folder.pages.filter((page) => {
      const sub = folder.folders.get(page.docId.split('/').pop() ?? '')
      if (sub && !sub.page) sub.page = page
      return !sub || sub.page !== page
    })
    folder.folders.forEach(adopt)
  }
  adopt(root)
  return root
}

function sortedEntries(folder: Folder, options: NavOptions, topLevel: boolean): Entry[] {
  const entries: Entry[] = [
    ...folder.pages.map((item): Entry => ({ kind: 'page', item })),
    ...[...folder.folders.values()].map((sub): Entry => ({ kind: 'folder', folder: sub })),
  ]
  const rank = (entry: Entry) => {
    const name = entry.kind === 'page' ? entry.item.docId : entry.folder.name
    const index = topLevel ? options.sectionOrder.indexOf(name) : -1
    return index === -1 ? Number.POSITIVE_INFINITY : index
  }
  const order = (entry: Entry) => (entry.kind === 'page' ? entry.item.order : entry.folder.page?.order) ?? Number.POSITIVE_INFINITY
  const title = (entry: Entry) => (entry.kind === 'page' ? entry.item.title : (entry.folder.page?.title ?? options.folderTitle(entry.folder.name)))
  return entries.sort((a, b) => rank(a) - rank(b) || order(a) - order(b) || title(a).localeCompare(title(b)))
}

/** A sidebar entry; a folder without an index page has no slug or URL of its own. */
function treeNode(page: NavItem | null, title: string, children: NavTreeNode[]): NavTreeNode {
  return { title, slug: page?.slug ?? null, url: page?.url ?? null, fallback: page?.fallback ?? false, draft: page?.draft ?? false, children }
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
  const root = toTree(items)
  const ref = (item: NavItem): LinkRef => ({ slug: item.slug, title: item.title })
  const byId = new Map(items.map((item) => [item.docId, item]))
  const reading: NavItem[] = root.page ? [root.page] : []
  const context = new Map<string, { trail: NavItem[]; siblings: NavItem[] }>()

  const walk = (folder: Folder, trail: NavItem[], topLevel: boolean): NavTreeNode[] => {
    const entries = sortedEntries(folder, options, topLevel)
    const pagesHere = entries.map((entry) => (entry.kind === 'page' ? entry.item : entry.folder.page)).filter((item): item is NavItem => item !== null)
    // A Map, not indexOf: a folder of thousands of pages would otherwise cost quadratic time.
    const positionHere = new Map(pagesHere.map((item, position) => [item, position]))
    const siblingsOf = (item: NavItem) => siblingWindow(pagesHere, positionHere.get(item) ?? 0)
    return entries.map((entry) => {
      if (entry.kind === 'page') {
        reading.push(entry.item)
        context.set(entry.item.docId, { trail, siblings: siblingsOf(entry.item) })
        return treeNode(entry.item, entry.item.title, [])
      }
      const page = entry.folder.page
      if (page) {
        reading.push(page)
        context.set(page.docId, { trail, siblings: siblingsOf(page) })
      }
      const children = walk(entry.folder, page ? [...trail, page] : trail, false)
      return treeNode(page, page?.title ?? options.folderTitle(entry.folder.name), children)
    })
  }
  const tree = walk(root, [], true)
  if (root.page) {
    context.set(root.page.docId, { trail: [], siblings: [] })
    tree.unshift(treeNode(root.page, root.page.title, []))
  }

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
