// Starlight's `sidebar` as site.yml's `sidebar:`, with every `autogenerate`
// expanded as Starlight lays it out (its navigation.ts): a folder's pages and
// subfolders sorted by `sidebar.order` (a folder by its lowest), then by slug
// with the locale's collator; subfolders are groups labelled with their
// folder's name as written; hidden pages left out. The build's own folder
// order (natural sort, humanized names) differs, so nothing is left to it.
import type { ImportedEntry } from '../../build/content/docusaurus-sidebar.ts'
import type { Unmapped } from '../plan.ts'
import { isRecord, recordAt, textAt } from './config-values.ts'
import { labelsByCode } from './starlight-locales.ts'

/** A root-locale page as the sidebar needs it. */
export interface SidebarPage {
  /** The slug the service gives it (`guides/intro`, `guides` for `guides/index.md`, `index` for the root one). */
  slug: string
  /** Its path under the docs folder without extension (`guides/index`), which places it in a folder. */
  path: string
  order: number | undefined
  hidden: boolean
}

export type SidebarOutput = Array<ImportedEntry | Record<string, unknown>>

interface Folder {
  slug: string
  pages: SidebarPage[]
  folders: Map<string, Folder>
}

/**
 * `codeOf` names a locale's code in the content folder by the `lang` that
 * keys Starlight's `translations`; `unmapped` gets the entries a plugin's
 * function made (`...makeChangelogsSidebarLinks([…])`), which only the
 * plugin knows how to fill.
 */
export function starlightSidebar(sidebar: unknown, pages: SidebarPage[], lang: string, codeOf: (lang: string) => string | undefined, unmapped: Unmapped[]): SidebarOutput {
  const collator = new Intl.Collator(lang)
  const convert = (items: unknown[]): SidebarOutput => items.flatMap((item) => entry(item))
  const entry = (item: unknown): SidebarOutput => {
    if (typeof item === 'string') return [slugOf(item)]
    if (!isRecord(item)) return []
    const made = isRecord(item.__standIn) ? item.__standIn : undefined
    if (made !== undefined) {
      unmapped.push({
        name: `sidebar: ${String(made.export)}() from ${String(made.module)}`,
        effect: 'sidebar entries a plugin makes when the site builds: left out of the sidebar',
      })
      return []
    }
    const labels = { ...(item.label === undefined ? {} : { label: item.label }), ...(isRecord(item.translations) ? { translations: labelsByCode(item.translations, codeOf) } : {}) }
    const collapsed = typeof item.collapsed === 'boolean' ? { collapsed: item.collapsed } : {}
    if (isRecord(item.autogenerate)) {
      const directory = (textAt(item.autogenerate.directory) ?? '').replace(/^\/+|\/+$/g, '')
      const nested = typeof item.autogenerate.collapsed === 'boolean' ? item.autogenerate.collapsed : undefined
      return [{ ...labels, ...collapsed, items: expand(directory, nested, pages, collator) }]
    }
    if (Array.isArray(item.items)) return [{ ...labels, ...collapsed, items: convert(item.items) }]
    const slug = textAt(item.slug)
    if (slug !== undefined) return [item.label === undefined ? slugOf(slug) : { ...labels, slug: slugOf(slug) }]
    const link = textAt(item.link)
    if (link === undefined) return []
    // An internal link to a page is that page, so the sidebar follows it if it moves.
    const page = pages.find((candidate) => candidate.slug === slugOf(link.replace(/[?#].*$/, '')))
    return [page && /^\//.test(link) ? { ...labels, slug: page.slug } : { ...labels, link }]
  }
  return Array.isArray(sidebar) ? convert(sidebar) : []
}

const slugOf = (text: string): string => text.replace(/^\/+|\/+$/g, '') || 'index'

function expand(directory: string, collapsed: boolean | undefined, pages: SidebarPage[], collator: Intl.Collator): SidebarOutput {
  const root: Folder = { slug: directory, pages: [], folders: new Map() }
  const prefix = directory === '' ? '' : `${directory}/`
  for (const page of pages.filter((candidate) => !candidate.hidden && (candidate.path.startsWith(prefix) || candidate.slug === directory))) {
    const parts = page.path.slice(prefix.length).split('/')
    // `guides/index` is the page of its folder: it sits in that folder, not in a folder named `index`.
    const folders = parts.at(-1) === 'index' ? parts.slice(0, -2) : parts.slice(0, -1)
    let folder = root
    for (const name of folders) {
      const existing = folder.folders.get(name)
      const next = existing ?? { slug: `${folder.slug === '' ? '' : `${folder.slug}/`}${name}`, pages: [], folders: new Map() }
      if (!existing) folder.folders.set(name, next)
      folder = next
    }
    folder.pages.push(page)
  }
  return itemsOf(root, collapsed, collator)
}

function orderOf(item: SidebarPage | Folder): number {
  if ('path' in item) return item.order ?? Number.MAX_VALUE
  return Math.min(...item.pages.map(orderOf), ...[...item.folders.values()].map(orderOf))
}

function itemsOf(folder: Folder, collapsed: boolean | undefined, collator: Intl.Collator): SidebarOutput {
  const children: Array<[string, SidebarPage | Folder]> = [
    ...folder.pages.map((page): [string, SidebarPage] => [page.slug, page]),
    ...[...folder.folders].map(([name, sub]): [string, Folder] => [name, sub]),
  ]
  children.sort(([, a], [, b]) => {
    const [aOrder, bOrder] = [orderOf(a), orderOf(b)]
    if (aOrder !== bOrder) return aOrder < bOrder ? -1 : 1
    return collator.compare(a.slug.toLowerCase(), b.slug.toLowerCase())
  })
  return children.map(([name, item]) =>
    'path' in item ? item.slug : { label: name, ...(collapsed === undefined ? {} : { collapsed }), items: itemsOf(item, collapsed, collator) },
  )
}

/** What Starlight's front matter says about a page's place in the sidebar. */
export function sidebarFacts(data: Record<string, unknown>): { order: number | undefined; hidden: boolean } {
  const sidebar = recordAt(data.sidebar)
  return { order: typeof sidebar.order === 'number' ? sidebar.order : undefined, hidden: sidebar.hidden === true }
}
