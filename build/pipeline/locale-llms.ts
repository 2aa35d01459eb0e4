import { markdownUrl, type NavTreeNode } from '../../contract/index.ts'
import type { SiteConfig } from '../content/site-config.ts'
import type { RenderedSource } from './assemble.ts'
import { llmsIndex } from './llms.ts'

export interface LocaleLlms {
  index: string
  /** The Markdown of every page of llms-full.txt, in order (the pipeline cuts them into parts). */
  pages: string[]
}

/**
 * llms.txt and llms-full.txt of one locale, in sidebar order, from the public
 * sidebar only: a draft is in neither, whatever the reader's token.
 */
export function localeLlms(site: SiteConfig, locale: string, tree: NavTreeNode[], published: RenderedSource[]): LocaleLlms {
  const bySlug = new Map(published.map((source) => [source.slug, source]))
  const pagesUnder = (nodes: NavTreeNode[]): RenderedSource[] =>
    nodes.flatMap((node) => {
      const page = node.slug === null ? undefined : bySlug.get(node.slug)
      return [...(page ? [page] : []), ...pagesUnder(node.children)]
    })
  const entry = (source: RenderedSource) => ({
    title: source.title,
    url: markdownUrl(site.defaultLocale, locale, source.slug, site.urlVersion),
    description: source.parsed.data.description ?? null,
  })
  // Top-level pages (the home page) come first, without a section heading, then the pages
  // the sidebar leaves out (hidden, or not named by site.yml's `sidebar`), which are published too.
  const sections = tree.filter((node) => node.children.length > 0)
  const inSections = pagesUnder(sections)
  const listed = new Set(pagesUnder(tree))
  const loose = [...pagesUnder(tree.filter((node) => node.children.length === 0)), ...published.filter((source) => !listed.has(source))]
  const index = llmsIndex({
    title: site.title,
    description: site.description,
    sections: [
      { title: null, pages: loose.map(entry) },
      ...sections.map((node) => ({ title: node.title, pages: pagesUnder([node]).map(entry) })),
    ],
  })
  return { index, pages: [...loose, ...inSections].map((source) => source.markdown) }
}
