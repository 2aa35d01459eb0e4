// Reads back everything a reader or an agent gets from a build, as text to
// scan: the prose of each page's HTML and Markdown copy, its TOC and titles,
// the search index's display text, llms.txt and llms-full.txt.
import type { Element, Root as HastRoot } from 'hast'
import { fromParse5 } from 'hast-util-from-parse5'
import type { Root as MdastRoot } from 'mdast'
import { parseFragment } from 'parse5'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import type { BuildResult } from '../../build/build.ts'
import { DisplayChunkSchema, documentUrl, SearchDisplayDirectorySchema, SearchIndexBlobSchema, type DocumentBlob, type NavTreeNode, type TocEntry } from '../../contract/index.ts'
import { blob, llmsFilesOf, navTreeOf, routesOf, versionOf } from './build-helpers.ts'

export interface BuiltPage {
  docId: string
  url: string
  document: DocumentBlob
  markdown: string
  /** The HTML as a tree, for links, ids and images. */
  tree: HastRoot
}

/** Every default-locale page of a build, with its HTML parsed. */
export function pagesOf(result: BuildResult): BuiltPage[] {
  const { site } = result.manifest
  const variants = routesOf(result).documents[site.defaultLocale] ?? {}
  return Object.entries(variants).map(([docId, variant]) => {
    const document = blob<DocumentBlob>(result, variant.blob)
    return {
      docId,
      url: documentUrl(site.baseUrl, site.defaultLocale, site.defaultLocale, document.slug),
      document,
      markdown: blob<string>(result, variant.markdown),
      tree: htmlTree(document.html),
    }
  })
}

export function htmlTree(html: string): HastRoot {
  return fromParse5(parseFragment(html)) as HastRoot
}

/** Every element of a tree, depth first. */
export function elementsOf(tree: HastRoot): Element[] {
  const elements: Element[] = []
  visit(tree, 'element', (node) => void elements.push(node))
  return elements
}

/** The text a reader reads in HTML: every text node outside code (code may hold any syntax), style and script text included. */
export function htmlProse(tree: HastRoot): string[] {
  const texts: string[] = []
  visit(tree, (node) => {
    if (node.type === 'element' && (node.tagName === 'pre' || node.tagName === 'code')) return 'skip'
    if (node.type === 'text') texts.push(node.value)
    return undefined
  })
  return texts
}

const markdownParser = unified().use(remarkParse).use(remarkGfm).freeze()

/** The text of Markdown outside code: text, raw HTML, image alts and link titles. */
export function markdownProse(markdown: string): string[] {
  const texts: string[] = []
  visit(markdownParser.parse(markdown) as MdastRoot, (node) => {
    if (node.type === 'code' || node.type === 'inlineCode') return 'skip'
    if (node.type === 'text' || node.type === 'html') texts.push(node.value)
    if (node.type === 'image' && node.alt) texts.push(node.alt)
    if ((node.type === 'link' || node.type === 'image') && node.title) texts.push(node.title)
    return undefined
  })
  return texts
}

export function tocTexts(entries: TocEntry[]): string[] {
  return entries.flatMap((entry) => [entry.text, ...tocTexts(entry.children)])
}

/** Every title a page shows of itself and its neighbours, and every sidebar title. */
export function titlesOf(result: BuildResult, pages: BuiltPage[]): string[] {
  const navTitles = (nodes: NavTreeNode[]): string[] => nodes.flatMap((node) => [node.title, ...navTitles(node.children)])
  const pageTitles = pages.flatMap(({ document: { title, nav } }) => [
    title,
    ...[...nav.breadcrumbs, ...nav.siblings, nav.parent, nav.prev, nav.next].flatMap((link) => (link ? [link.title] : [])),
  ])
  return [...pageTitles, ...navTitles(navTreeOf(result))]
}

/**
 * What search shows of each document: titles, heading texts and excerpt text,
 * from the index and display chunks as the worker reads them. This text is
 * flattened from the HTML, code included, so the fixtures keep the markers
 * out of their code blocks.
 */
export function searchTexts(result: BuildResult): string[] {
  const index = SearchIndexBlobSchema.parse(blob(result, versionOf(result).search[result.manifest.site.defaultLocale]))
  const chunks = index.displayDirectories.flatMap((directory) => SearchDisplayDirectorySchema.parse(blob(result, directory)).chunks)
  return chunks.flatMap((hash) =>
    DisplayChunkSchema.parse(blob(result, hash)).documents.flatMap((document) => [document.title, ...document.headings.map(([, text]) => text), ...document.previews]),
  )
}

/** llms.txt and every part of llms-full.txt of the default locale. */
export function llmsTexts(result: BuildResult): { index: string; full: string } {
  const llms = llmsFilesOf(result)
  return { index: blob<string>(result, llms.index), full: llms.full.map((hash) => blob<string>(result, hash)).join('') }
}

const idsOf = (page: BuiltPage) => new Set(elementsOf(page.tree).flatMap((element) => (typeof element.properties.id === 'string' ? [element.properties.id] : [])))

/** Each `#fragment` link of the pages that lands on no id of its target page (among `pages`, by URL), and how many there were. */
export function missedFragments(pages: BuiltPage[]): { links: number; missed: string[] } {
  const byUrl = new Map(pages.map((page) => [page.url.replace(/\/$/, ''), page]))
  const missed: string[] = []
  let links = 0
  for (const page of pages) {
    for (const element of elementsOf(page.tree)) {
      const href = element.tagName === 'a' ? element.properties.href : undefined
      if (typeof href !== 'string' || !href.includes('#') || /^[a-z]+:|^\/\//i.test(href)) continue
      links++
      const [path = '', fragment = ''] = href.split('#', 2)
      const target = path === '' ? page : byUrl.get(path.replace(/\/$/, ''))
      if (!target) missed.push(`${page.docId}: ${href} leads to no page`)
      else if (!idsOf(target).has(decodeURIComponent(fragment))) missed.push(`${page.docId}: ${href} has no id "${fragment}" on ${target.docId}`)
    }
  }
  return { links, missed }
}
