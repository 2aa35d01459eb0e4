import type { SourceDocument } from '../content/documents.ts'
import { labelIn, type SidebarEntry } from '../content/sidebar-config.ts'
import type { ContentProblem } from '../content/problems.ts'
import { SITE_FILE } from '../content/site-config.ts'
import type { LaidOut, MadeSidebar, NavOptions } from './nav.ts'
import type { Folder } from './nav-tree.ts'

/**
 * The sidebar `sidebar:` in site.yml spells out, in one locale: its groups and
 * pages in its order, a page under its translated title unless the entry
 * labels it, and `autogenerate` entries as the folders would make them.
 * Pages it does not name are left out of the sidebar (as Starlight does),
 * and still published; so are drafts, outside the drafts view.
 */
export function configuredLayout(
  entries: SidebarEntry[],
  options: { locale: string; defaultLocale: string; docIdOf: (name: string) => string | undefined },
): NonNullable<NavOptions['layout']> {
  const label = (entry: { label: Parameters<typeof labelIn>[0] }) => labelIn(entry.label, options.locale, options.defaultLocale)
  return ({ items, root, auto }: MadeSidebar) => {
    const pageOf = (name: string) => {
      const docId = options.docIdOf(name)
      return docId === undefined ? undefined : items.get(docId)
    }
    const lay = (list: SidebarEntry[]): LaidOut[] =>
      list.flatMap((entry): LaidOut[] => {
        switch (entry.kind) {
          case 'page': {
            const page = pageOf(entry.name)
            return page ? [{ title: label(entry) ?? page.title, page, collapsed: null, children: [] }] : []
          }
          case 'link':
            return [{ title: label(entry) ?? entry.link, page: null, link: entry.link, collapsed: null, children: [] }]
          case 'group': {
            const page = entry.name === null ? null : (pageOf(entry.name) ?? null)
            const children = lay(entry.items)
            // A group of drafts only, outside the drafts view, would be an empty heading.
            return page || children.length > 0 ? [{ title: label(entry) ?? '', page, collapsed: entry.collapsed, children }] : []
          }
          case 'autogenerate': {
            const folder = folderAt(root, entry.directory)
            if (!folder) return []
            const title = label(entry)
            const generated = auto(folder, folder === root)
            if (title !== null) return [{ title, page: folder.page, folder: folder.name, collapsed: entry.collapsed, children: generated }]
            const own = folder.page ? [{ title: folder.page.title, page: folder.page, collapsed: null, children: [] }] : []
            return [...own, ...generated]
          }
        }
      })
    return lay(entries)
  }
}

function folderAt(root: Folder, directory: string): Folder | undefined {
  let folder: Folder | undefined = root
  for (const segment of directory.split('/').filter((part) => part !== '')) folder = folder?.folders.get(segment)
  return folder
}

/** Every name in the sidebar must be a page, and every directory hold one: else a `site.yml:line` problem (or one at the line of `file`, the sidebar's own file). */
export function checkSidebar(entries: SidebarEntry[], pages: { docIdOf: (name: string) => string | undefined; docIds: string[]; file?: string }): ContentProblem[] {
  // `a/b/c` is in the folders ``, `a` and `a/b`.
  const folders = new Set(pages.docIds.flatMap((docId) => docId.split('/').map((_, index, parts) => parts.slice(0, index).join('/'))))
  return problemsIn(entries, { docIdOf: pages.docIdOf, hasFolder: (directory) => folders.has(directory), file: pages.file ?? SITE_FILE })
}

function problemsIn(entries: SidebarEntry[], known: { docIdOf: (name: string) => string | undefined; hasFolder: (directory: string) => boolean; file: string }): ContentProblem[] {
  return entries.flatMap((entry): ContentProblem[] => {
    const problem = (message: string) => [{ path: known.file, line: entry.line, message }]
    switch (entry.kind) {
      case 'page':
        return known.docIdOf(entry.name) === undefined ? problem(`sidebar: "${entry.name}" is not the slug of any page`) : []
      case 'group':
        return [
          ...(entry.name !== null && known.docIdOf(entry.name) === undefined ? problem(`sidebar: "${entry.name}" is not the slug of any page`) : []),
          ...problemsIn(entry.items, known),
        ]
      case 'autogenerate':
        return known.hasFolder(entry.directory) ? [] : problem(`sidebar: directory "${entry.directory}" holds no page`)
      case 'link':
        return []
    }
  })
}

/**
 * What a sidebar entry may name a page by, in the default locale: its slug,
 * else its Docusaurus id (what an imported Docusaurus sidebar names), else its
 * path as a slug.
 */
export function sidebarNames(documents: Array<Pick<SourceDocument, 'locale' | 'slug' | 'frameworkId' | 'docId'>>, defaultLocale: string): Map<string, string> {
  const originals = documents.filter((document) => document.locale === defaultLocale)
  const names = new Map<string, string>()
  for (const key of ['slug', 'frameworkId', 'docId'] as const) {
    for (const document of originals) if (!names.has(document[key])) names.set(document[key], document.docId)
  }
  return names
}
