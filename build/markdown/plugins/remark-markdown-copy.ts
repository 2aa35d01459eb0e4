import type { Schema } from 'hast-util-sanitize'
import type { Heading, Html, Paragraph, Parent, Root } from 'mdast'
import { toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown'
// remark-stringify's types declare the processor data that syntax plugins register their writers in.
import type {} from 'remark-stringify'
import type { Processor } from 'unified'
import { SKIP, visit, type VisitorResult } from 'unist-util-visit'
import type { VFile } from 'vfile'
import { sanitizeHtmlFragment } from './html-fragment.ts'
import { rewriteHref } from './rehype-links.ts'

declare module 'vfile' {
  interface DataMap {
    /** The document as Markdown, for AI tools: see remarkMarkdownCopy. */
    markdown: string
  }
}

/** How the copy is written: the most common choices of CommonMark authors. */
const MARKDOWN_STYLE: ToMarkdownOptions = {
  bullet: '-',
  emphasis: '_',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
}

/**
 * Writes the tree, as the HTML will show it, back to Markdown in
 * `file.data.markdown`: links to other documents point at their Markdown
 * URLs, and raw HTML keeps only what the HTML's sanitizer keeps. It runs
 * after the syntax plugins (foreign markers are gone) and before
 * remark-rehype, on a copy: the HTML is made from the tree as it was.
 */
export function remarkMarkdownCopy(this: Processor, options: { sanitizeSchema: Schema }) {
  // The syntax plugins before this one (remark-gfm) register how to write their nodes.
  const extensions = this.data('toMarkdownExtensions') ?? []
  return function transform(tree: Root, file: VFile) {
    const context = file.data.linkContext
    const rewrite = (href: string) => (context ? (rewriteHref(context.path, href, context.targets.markdownUrls) ?? undefined) : undefined)
    const copy = structuredClone(tree)
    visit(copy, (node) => {
      if (node.type === 'link' || node.type === 'definition') node.url = rewrite(node.url) ?? node.url
    })
    visit(copy, 'html', (node: Html, index, parent) => {
      node.value = sanitizeHtmlFragment(node.value, options.sanitizeSchema, rewrite)
      return node.value === '' ? remove(parent, index) : undefined
    })
    visit(copy, 'heading', (node: Heading) => {
      trimEdges(node)
    })
    visit(copy, 'paragraph', (node: Paragraph, index, parent) => (trimEdges(node) ? undefined : remove(parent, index)))
    const first = copy.children[0]
    if (first?.type === 'heading' && first.depth === 1) writeOnOneLine(first)
    file.data.markdown = toMarkdown(copy, { ...MARKDOWN_STYLE, extensions })
  }
}

function remove(parent: Parent | undefined, index: number | undefined): VisitorResult {
  if (!parent || index === undefined) return undefined
  parent.children.splice(index, 1)
  return [SKIP, index]
}

/**
 * The edges of a paragraph or heading carry no whitespace in Markdown, but
 * dropped markers (`:::` after a line) and dropped HTML (a VitePress
 * `<Badge>` after a heading) can leave some, which the writer would keep as
 * `&#xA;` or `&#x20;`. Returns false when nothing is left.
 */
function trimEdges(node: Paragraph | Heading): boolean {
  const first = node.children[0]
  if (first?.type === 'text') first.value = first.value.trimStart()
  const last = node.children.at(-1)
  if (last?.type === 'text') last.value = last.value.trimEnd()
  node.children = node.children.filter((child) => child.type !== 'text' || child.value !== '')
  return node.children.length > 0
}

/**
 * A heading with a line break in it is written as a setext heading (`===`
 * under its lines). The leading H1 is the title slot, which documentMarkdown
 * recognizes by its `# ` alone, so its breaks become spaces.
 */
function writeOnOneLine(heading: Heading) {
  visit(heading, (node, index, parent) => {
    if (node.type === 'break' && parent && index !== undefined) parent.children[index] = { type: 'text', value: ' ' }
    else if ('value' in node && typeof node.value === 'string') node.value = node.value.replace(/\s*\n\s*/g, ' ')
  })
}
