import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive'
import type { Paragraph, RootContent } from 'mdast'

/**
 * The names every dialect is reduced to (VitePress, Docusaurus, Starlight,
 * GitHub alerts, MDX components): whoever made a directive node, the HTML
 * and the Markdown copy are rendered from these names alone.
 */
const ADMONITION_KINDS = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'details'] as const
export type AdmonitionKind = (typeof ADMONITION_KINDS)[number]

const COMPONENT_NAMES = ['tabs', 'tab', 'steps', 'card', 'cardgrid', 'linkcard', 'filetree', 'badge'] as const

/** Other spellings of a kind met in the frameworks' docs (Docusaurus v1 `secondary`/`success`, `warn`, `error`). */
const KIND_ALIASES: Record<string, AdmonitionKind> = { secondary: 'note', success: 'tip', warn: 'warning', error: 'danger' }

export type Directive = ContainerDirective | LeafDirective | TextDirective

export function admonitionKind(name: string): AdmonitionKind | undefined {
  const lower = name.toLowerCase()
  return (ADMONITION_KINDS as readonly string[]).includes(lower) ? (lower as AdmonitionKind) : KIND_ALIASES[lower]
}

export function isKnownName(name: string): boolean {
  return admonitionKind(name) !== undefined || (COMPONENT_NAMES as readonly string[]).includes(name)
}

/** The title shown when the author gave none: the kind in English, capitalized. */
export function defaultTitle(kind: AdmonitionKind): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1)
}

export function isLabel(node: RootContent | undefined): node is Paragraph {
  return node?.type === 'paragraph' && node.data?.directiveLabel === true
}

/** A container's label (its first child, when flagged) and the rest of its children. */
export function splitLabel(node: ContainerDirective): { label: Paragraph | undefined; body: ContainerDirective['children'] } {
  const [first, ...rest] = node.children
  return isLabel(first) ? { label: first, body: rest } : { label: undefined, body: node.children }
}

/** A label paragraph holding plain text, as remark-directive would have parsed `[text]`. */
export function labelParagraph(text: string): Paragraph {
  return { type: 'paragraph', data: { directiveLabel: true }, children: [{ type: 'text', value: text }] }
}
