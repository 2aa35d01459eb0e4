import type { BlockContent, Parent, PhrasingContent, RootContent } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { admonitionKind, defaultTitle, splitLabel, type AdmonitionKind, type Directive } from './directive-vocabulary.ts'

/** The GitHub alert each kind is written as; `details` is none. */
const ALERT: Record<Exclude<AdmonitionKind, 'details'>, string> = {
  note: 'NOTE',
  info: 'NOTE',
  tip: 'TIP',
  important: 'IMPORTANT',
  warning: 'WARNING',
  caution: 'CAUTION',
  danger: 'CAUTION',
}

/**
 * Rewrites the directive vocabulary, in place, as plain GitHub Markdown for
 * the Markdown copy: an admonition as a GitHub alert (its title, when the
 * author gave one, in bold on the first line), `details` as its title in
 * bold then its content, each tab's content after its label in bold, a
 * badge in a heading in parentheses, and the other components as their
 * content (a code block's title is remark-code-copy's). Innermost first, so
 * nesting works.
 */
export function directivesToMarkdown(parent: Parent): void {
  const children: RootContent[] = []
  for (const node of parent.children) {
    if ('children' in node) directivesToMarkdown(node)
    const isDirective = node.type === 'containerDirective' || node.type === 'leafDirective' || node.type === 'textDirective'
    if (isDirective && node.name === 'badge' && parent.type === 'heading') children.push(...headingBadge(node))
    else children.push(...(isDirective ? plain(node) : [node]))
  }
  parent.children = children as Parent['children']
}

/** In a heading, a badge reads apart from the heading's words, in parentheses: `## Custom Pool (advanced)`. */
function headingBadge(node: Directive): PhrasingContent[] {
  const children = node.children as PhrasingContent[]
  return [text('('), ...children, text(')')]
}

function plain(node: Directive): RootContent[] {
  if (node.type === 'textDirective') return node.children
  const { label, body } = node.type === 'containerDirective' ? splitLabel(node) : { label: undefined, body: [] }
  const title = label?.children ?? (node.attributes?.title ? [text(node.attributes.title)] : [])
  const kind = admonitionKind(node.name)
  if (kind === 'details') return [boldLine(title.length > 0 ? title : [text(defaultTitle(kind))]), ...body]
  if (kind) return [alert(ALERT[kind], title, body)]
  switch (node.name) {
    case 'tab':
    case 'card':
      return title.length > 0 ? [boldLine(title), ...body] : body
    case 'linkcard':
      return [linkLine(node, title)]
    default:
      return body
  }
}

/**
 * `[!WARNING]` goes in as raw Markdown, since a text node's `[` would be
 * escaped; it is text to the copy's HTML sanitizer too, which keeps it.
 */
function alert(marker: string, title: PhrasingContent[], body: ContainerDirective['children']): RootContent {
  const markerHtml: PhrasingContent = { type: 'html', value: `[!${marker}]` }
  const head: PhrasingContent[] = [markerHtml, text('\n')]
  const [first, ...rest] = body as BlockContent[]
  if (title.length > 0) return { type: 'blockquote', children: [{ type: 'paragraph', children: [...head, bold(title)] }, ...(body as BlockContent[])] }
  // Untitled, the marker heads the first paragraph, as GitHub's own alerts are written.
  if (first?.type === 'paragraph') return { type: 'blockquote', children: [{ ...first, children: [...head, ...first.children] }, ...rest] }
  return { type: 'blockquote', children: [{ type: 'paragraph', children: [markerHtml] }, ...(body as BlockContent[])] }
}

function linkLine(node: Directive, title: PhrasingContent[]): RootContent {
  const description = node.attributes?.description
  const link: PhrasingContent = { type: 'link', url: node.attributes?.href ?? '', children: title }
  return { type: 'paragraph', children: description ? [link, text(`: ${description}`)] : [link] }
}

function boldLine(children: PhrasingContent[]): RootContent {
  return { type: 'paragraph', children: [bold(children)] }
}

/** A title in bold; bold inside it is unwrapped, since `**a **b** c**` would not read back as one. */
function bold(children: PhrasingContent[]): PhrasingContent {
  return { type: 'strong', children: children.flatMap((child) => (child.type === 'strong' ? child.children : [child])) }
}

function text(value: string): PhrasingContent {
  return { type: 'text', value }
}
