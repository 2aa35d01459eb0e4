import type { Schema } from 'hast-util-sanitize'
import type { Heading, Paragraph, Parent, Root } from 'mdast'
import type { Transformer } from 'unified'
import { visit } from 'unist-util-visit'
import { directivesToMarkdown } from './directive-markdown.ts'
import { sanitizeHtmlFragment } from './html-fragment.ts'
import { assetUrlOf, NO_ASSETS } from '../asset-targets.ts'
import { rewriteHref } from '../link-resolution.ts'
import { fragmentOf } from './rehype-fragments.ts'

/**
 * Readies the tree for the document's Markdown copy, for AI tools, as the
 * HTML shows it: links to other documents point at their Markdown URLs, and
 * raw HTML keeps only what the HTML's sanitizer keeps; admonitions, tabs
 * and the other directives say what they mean in plain Markdown. A compiler
 * (remark-stringify) writes it afterwards. It changes the tree it gets, so it
 * runs on a tree the HTML no longer needs: see markdownCopyProcessor.
 */
export function remarkMarkdownCopy(options: { sanitizeSchema: Schema }): Transformer<Root, Root> {
  return function transform(tree, file) {
    const context = file.data.linkContext
    directivesToMarkdown(tree)
    dropStrippedInlineElements(tree, new Set(options.sanitizeSchema.strip ?? []))
    const anchors = file.data.anchors
    // An in-page link lands where the HTML's does (rehype-fragments).
    const inPage = (href: string) => {
      const fragment = fragmentOf(href)
      const id = fragment === null ? undefined : anchors?.get(fragment)
      return id === undefined || id === fragment ? undefined : `#${id}`
    }
    const rewrite = (href: string) => (href.startsWith('#') ? inPage(href) : context ? (rewriteHref(context.path, href, context.targets, 'markdownUrls') ?? undefined) : undefined)
    // Raw HTML's images and file links point where the HTML's do: at the published asset.
    const rewriteInHtml = (url: string) => rewrite(url) ?? (context ? assetUrlOf(context.path, url, context.targets.assets ?? NO_ASSETS) : undefined)
    prepare(tree, (html) => sanitizeHtmlFragment(html, options.sanitizeSchema, rewriteInHtml), rewrite)
    const first = tree.children[0]
    if (first?.type === 'heading' && first.depth === 1) writeOnOneLine(first)
  }
}

/**
 * Inline raw HTML comes in pieces: `<style>`, the CSS as a text node, then
 * `</style>`. Sanitizing each piece alone would drop the tags and keep the
 * CSS, so an element the sanitizer strips with its content (`<style>`,
 * `<script>`) is dropped here whole, text between its tags included.
 */
function dropStrippedInlineElements(parent: Parent, stripped: ReadonlySet<string>) {
  let open: string | undefined
  parent.children = parent.children.filter((node) => {
    if ('children' in node) dropStrippedInlineElements(node, stripped)
    const tag = node.type === 'html' ? /^<(\/?)([a-z]+)[\s>]/i.exec(node.value) : null
    const name = tag?.[2]?.toLowerCase()
    if (open !== undefined) {
      if (tag?.[1] && name === open) open = undefined
      return false
    }
    if (node.type === 'html' && tag && !tag[1] && name && stripped.has(name) && !node.value.includes(`</${name}`)) open = name
    return open === undefined
  })
}

/**
 * One walk does what the copy needs of every node. A paragraph or heading is
 * trimmed after its children, once the raw HTML in them is sanitized (an
 * empty result is dropped), since that can leave whitespace at its edges.
 */
function prepare(parent: Parent, sanitize: (html: string) => string, rewrite: (href: string) => string | undefined) {
  const children = parent.children
  let index = 0
  while (index < children.length) {
    const node = children[index] as Parent['children'][number]
    if (node.type === 'link' || node.type === 'definition') node.url = rewrite(node.url) ?? node.url
    else if (node.type === 'html') node.value = sanitize(node.value)
    if ('children' in node) prepare(node, sanitize, rewrite)
    let keep = true
    if (node.type === 'html') keep = node.value !== ''
    else if (node.type === 'paragraph') keep = trimEdges(node)
    else if (node.type === 'heading') trimEdges(node)
    if (keep) index++
    else children.splice(index, 1)
  }
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
