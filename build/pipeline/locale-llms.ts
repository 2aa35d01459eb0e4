import { LLMS_INDEX_BYTES, llmsFullSectionPath, llmsSectionPath, markdownUrl, navName, withReadQuery, type NavTreeNode } from '../../contract/index.ts'
import type { SiteConfig } from '../content/site-config.ts'
import type { RenderedSource } from './assemble.ts'
import { llmsIndex, llmsSectionFile, type LlmsSection } from './llms.ts'

export interface LocaleLlms {
  index: string
  /** The Markdown of every page of llms-full.txt, in order (the pipeline cuts them into parts). */
  pages: string[]
}

/** llms.txt, and where each page of llms-full.txt is in `published`. */
export interface LlmsLayout {
  index: string
  order: number[]
  /**
   * Past LLMS_INDEX_BYTES, each section's own llms file, by name, and how many
   * pages of `order` are its (they follow the pages outside any section, and
   * the sections before it); llms.txt then links to them.
   */
  sections?: Array<{ name: string; text: string; pages: number }>
}

/** The pages of llms-full.txt, in their order: a body edit changes them, not the layout. */
export function llmsPages(layout: LlmsLayout, published: RenderedSource[]): LocaleLlms {
  return { index: layout.index, pages: [...llmsPagesBetween(layout, published, 0, layout.order.length)] }
}

/** The pages of llms-full.txt from `start` to `end` of its order, each read (from the renderings' file, in the CLI's build) as it is iterated. */
export function* llmsPagesBetween(layout: LlmsLayout, published: RenderedSource[], start: number, end: number): Generator<string> {
  for (let at = start; at < end; at++) yield (published[layout.order[at] as number] as RenderedSource).markdown
}

/** Whether the layout made from `kept` fits `published`: the same pages, in the same places, with what llms.txt says of them. */
export function sameLlmsLayout(kept: readonly RenderedSource[], published: readonly RenderedSource[]): boolean {
  return (
    kept.length === published.length &&
    kept.every((source, index) => {
      const other = published[index] as RenderedSource
      return source === other || (source.slug === other.slug && source.title === other.title && source.parsed.data.description === other.parsed.data.description)
    })
  )
}

/**
 * llms.txt and llms-full.txt of one locale, in sidebar order, from the public
 * sidebar only: a draft is in neither, whatever the reader's token.
 */
export function llmsLayout(site: SiteConfig, locale: string, tree: NavTreeNode[], published: RenderedSource[], maxIndexBytes = LLMS_INDEX_BYTES): LlmsLayout {
  const bySlug = new Map(published.map((source, position) => [source.slug, position]))
  const pagesUnder = (nodes: NavTreeNode[]): number[] =>
    nodes.flatMap((node) => {
      const page = node.slug === null ? undefined : bySlug.get(node.slug)
      return [...(page === undefined ? [] : [page]), ...pagesUnder(node.children)]
    })
  const entry = (position: number) => {
    const source = published[position] as RenderedSource
    return { title: source.title, url: markdownUrl(site.defaultLocale, locale, source.slug, site.urlVersion), description: source.parsed.data.description ?? null }
  }
  // Top-level pages (the home page) come first, without a section heading, then the pages
  // the sidebar leaves out (hidden, or not named by site.yml's `sidebar`), which are published too.
  const sections = tree.filter((node) => node.children.length > 0)
  const inSections = pagesUnder(sections)
  const listed = new Set(pagesUnder(tree))
  const loose = [...pagesUnder(tree.filter((node) => node.children.length === 0)), ...[...published.keys()].filter((position) => !listed.has(position))]
  const looseSection = { title: null, pages: loose.map(entry) }
  const titled = sections.map((node) => ({ name: navName(node), section: { title: node.title, pages: pagesUnder([node]).map(entry) } }))
  const order = [...loose, ...inSections]
  const index = llmsIndex({ title: site.title, description: site.description, sections: [looseSection, ...titled.map(({ section }) => section)] })
  if (Buffer.byteLength(index) <= maxIndexBytes) return { index, order }
  return { ...splitBySection(site, locale, looseSection, titled), order }
}

/**
 * llms.txt of a large locale: the pages outside any section, then one link
 * per section to its own file, which lists that section's pages. A section
 * without a name of its own is named by its place (`section-3`).
 */
function splitBySection(site: SiteConfig, locale: string, loose: LlmsSection, titled: Array<{ name: string | null; section: LlmsSection }>): Omit<LlmsLayout, 'order'> {
  const readUrl = (path: string) => withReadQuery(path, site.defaultLocale, locale, site.urlVersion)
  const sections: NonNullable<LlmsLayout['sections']> = []
  const links: LlmsSection[] = []
  titled.forEach(({ name, section }, position) => {
    if (section.pages.length === 0) return
    const file = name !== null && !sections.some((taken) => taken.name === name) ? name : `section-${position + 1}`
    const text = llmsSectionFile({ siteTitle: site.title, indexUrl: readUrl('/llms.txt'), fullUrl: readUrl(llmsFullSectionPath(file)), section })
    sections.push({ name: file, text, pages: section.pages.length })
    const description = `the ${section.pages.length} pages of this section, listed in a file of their own`
    links.push({ title: section.title, pages: [{ title: section.title ?? file, url: readUrl(llmsSectionPath(file)), description }] })
  })
  return { index: llmsIndex({ title: site.title, description: site.description, sections: [loose, ...links] }), sections }
}
