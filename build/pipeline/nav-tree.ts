import type { NavItem } from './nav-item.ts'

/** A folder of pages: its index page, its sub-folders and its other pages. */
export interface Folder {
  name: string
  page: NavItem | null
  folders: Map<string, Folder>
  pages: NavItem[]
}

function newFolder(name: string): Folder {
  return { name, page: null, folders: new Map(), pages: [] }
}

/** The pages as folders, by the segments of their document ids. */
export function toTree(items: NavItem[]): Folder {
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
