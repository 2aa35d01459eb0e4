import { visit } from 'unist-util-visit'
import type { Heading, Paragraph, PhrasingContent, Root, RootContent, Table, TableRow } from 'mdast'
import { directiveToMarkdown } from 'mdast-util-directive'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkStringify from 'remark-stringify'
import { type Processor, unified } from 'unified'

/**
 * The mdast pieces the API reference pages are built from, and the two ends:
 * CommonMark descriptions of the OpenAPI document parsed into nodes, and a
 * finished tree written as Markdown. Every text goes through the writer, so it
 * is escaped where it lands (a `|` in a table cell, a `*` or `<b>` in prose).
 */

export type Block = RootContent

const descriptionParser = unified().use(remarkParse).use(remarkGfm).freeze()

/**
 * Parsed descriptions by their text, for the process (an isolate cache, bounded): an API repeats the same
 * descriptions across operations (a shared schema's properties on every page that uses it), and parsing
 * them again took a third of the time of a 659-operation document. Callers get a copy they may change.
 */
const parsedDescriptionsOfProcess = new Map<string, RootContent[]>()
const PARSED_DESCRIPTIONS_KEPT = 20_000

function parseDescription(markdown: string): RootContent[] {
  let blocks = parsedDescriptionsOfProcess.get(markdown)
  if (!blocks) {
    if (parsedDescriptionsOfProcess.size >= PARSED_DESCRIPTIONS_KEPT) parsedDescriptionsOfProcess.clear()
    blocks = descriptionParser.parse(markdown).children
    parsedDescriptionsOfProcess.set(markdown, blocks)
  }
  return structuredClone(blocks)
}

/**
 * The writer of directives, for code groups, without its escapes of `:` in
 * prose: those guard text directives (`:name`), which the site's parser does
 * not read (remark-container-syntax.ts), and would put `\:` in every URL. The
 * escape of `:` at the start of a line stays, so no text opens a container.
 */
function remarkContainerWriter(this: Processor) {
  const { handlers, unsafe } = directiveToMarkdown()
  const data = this.data()
  data.toMarkdownExtensions ??= []
  data.toMarkdownExtensions.push({ handlers, unsafe: (unsafe ?? []).filter((pattern) => pattern.atBreak) })
}

/** The style of the site's Markdown copy (build/markdown/processor.ts), so that a page reads the same before and after the pipeline. */
const markdownWriter = unified()
  // Cells unpadded: a long description would pad every row of its column to its length.
  .use(remarkGfm, { tablePipeAlign: false })
  .use(remarkContainerWriter)
  .use(remarkStringify, { bullet: '-', emphasis: '_', fences: true, listItemIndent: 'one', rule: '-' })
  .freeze()

/** Rewrites a link's URL, or leaves it (undefined). */
export type Relink = (url: string) => string | undefined

export function writeMarkdown(blocks: Block[], relink?: Relink): string {
  const root: Root = { type: 'root', children: blocks }
  if (relink)
    visit(root, 'link', (node) => {
      node.url = relink(node.url) ?? node.url
    })
  return markdownWriter.stringify(root)
}

/** A CommonMark description as blocks, its headings moved below `depth` (the heading it sits under) and keeping their order. */
export function descriptionBlocks(markdown: string | null, depth: number): Block[] {
  if (!markdown?.trim()) return []
  const blocks = parseDescription(markdown)
  const top = Math.min(...headingsOf(blocks).map((heading) => heading.depth))
  const shift = Number.isFinite(top) ? Math.max(0, depth + 1 - top) : 0
  for (const heading of headingsOf(blocks)) heading.depth = Math.min(6, heading.depth + shift) as Heading['depth']
  return blocks
}

function headingsOf(nodes: RootContent[]): Heading[] {
  return nodes.flatMap((node) => (node.type === 'heading' ? [node] : 'children' in node ? headingsOf(node.children) : []))
}

/**
 * A description reduced to one line of inline content, for a table cell,
 * which holds no blocks: paragraphs and list items follow each other,
 * separated by a space, code blocks become inline code, and line breaks spaces.
 */
export function descriptionInline(markdown: string | null): PhrasingContent[] {
  return joinInline(descriptionBlocks(markdown, 6).map(inlineOf), ' ')
}

/** A description's first paragraph as inline content, for a list of things each described in a line. */
export function leadInline(markdown: string | null): PhrasingContent[] {
  const lead = descriptionBlocks(markdown, 6).find((block) => block.type === 'paragraph')
  return lead ? inlineOf(lead) : []
}

function inlineOf(node: RootContent): PhrasingContent[] {
  switch (node.type) {
    case 'text':
      return [text(oneLine(node.value))]
    case 'inlineCode':
    case 'code':
      return [code(oneLine(node.value))]
    case 'html':
      return [{ type: 'html', value: oneLine(node.value) }]
    case 'break':
      return [text(' ')]
    case 'emphasis':
    case 'strong':
    case 'delete':
    case 'link':
    case 'linkReference':
      return [{ ...node, children: node.children.flatMap(inlineOf) }]
    case 'image':
    case 'imageReference':
    case 'footnoteReference':
      return [node]
    case 'paragraph':
    case 'heading':
    case 'tableCell':
      return node.children.flatMap(inlineOf)
    default:
      return 'children' in node ? joinInline(node.children.map(inlineOf), ' ') : []
  }
}

function oneLine(value: string): string {
  return value.replace(/\s*\n\s*/g, ' ')
}

export function text(value: string): PhrasingContent {
  return { type: 'text', value }
}

export function code(value: string): PhrasingContent {
  return { type: 'inlineCode', value }
}

export function strong(children: PhrasingContent[]): PhrasingContent {
  return { type: 'strong', children }
}

export function link(url: string, children: PhrasingContent[]): PhrasingContent {
  return { type: 'link', url, children }
}

export function paragraph(children: PhrasingContent[]): Paragraph {
  return { type: 'paragraph', children }
}

export function heading(depth: Heading['depth'], children: PhrasingContent[]): Heading {
  return { type: 'heading', depth, children }
}

export function list(items: PhrasingContent[][]): Block {
  return { type: 'list', ordered: false, spread: false, children: items.map((item) => ({ type: 'listItem', spread: false, children: [paragraph(item)] })) }
}

/** A table whose first row is its header; every cell is one line of inline content. */
export function table(header: string[], rows: PhrasingContent[][][]): Table {
  const row = (cells: PhrasingContent[][]): TableRow => ({ type: 'tableRow', children: cells.map((children) => ({ type: 'tableCell', children })) })
  return { type: 'table', align: header.map(() => null), children: [row(header.map((name) => [text(name)])), ...rows.map(row)] }
}

/** Inline pieces joined with a separator, skipping the empty ones. */
export function joinInline(parts: PhrasingContent[][], separator: string): PhrasingContent[] {
  return parts.filter((part) => part.length > 0).flatMap((part, index) => (index > 0 ? [text(separator), ...part] : part))
}
