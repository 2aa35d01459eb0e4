import type { PhrasingContent, RootContent } from 'mdast'
import type { ContainerDirective, TextDirective } from 'mdast-util-directive'
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx'
import { toString as mdastToString } from 'mdast-util-to-string'
import { literalText } from './expressions.ts'
import { admonitionKind, labelParagraph } from '../plugins/directive-vocabulary.ts'

export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement

type FlowChildren = ContainerDirective['children']

/**
 * The components of Docusaurus, VitePress and Starlight that have a meaning
 * of their own, as the shared directive vocabulary: the dialects' renderer
 * makes their HTML and Markdown copy. Each takes the element, its children
 * already rewritten, and returns what replaces it.
 */
const FLOW_COMPONENTS: Record<string, (element: JsxElement) => RootContent[]> = {
  Tabs: (element) => [container('tabs', undefined, element.children)],
  TabItem: (element) => [container('tab', attribute(element, 'label') ?? attribute(element, 'value'), element.children)],
  // As VitePress's `::: code-group`, which the dialects' plugin makes labelled tabs of.
  CodeGroup: (element) => [container('code-group', undefined, element.children)],
  Admonition: (element) => [container(admonitionKindOf(attribute(element, 'type')), attribute(element, 'title'), element.children)],
  Aside: (element) => [container(admonitionKindOf(attribute(element, 'type')), attribute(element, 'title'), element.children)],
  Details: details,
  Steps: (element) => [container('steps', undefined, element.children)],
  Card: (element) => [container('card', attribute(element, 'title'), element.children)],
  CardGrid: (element) => [container('cardgrid', undefined, element.children)],
  LinkCard: (element) => [container('linkcard', attribute(element, 'title'), [], linkCardAttributes(element))],
  FileTree: (element) => [container('filetree', undefined, element.children)],
  Badge: (element) => [{ type: 'paragraph', children: [badge(element)] }],
}

/** What replaces a known component, or undefined for a name no framework here gives a meaning. */
export function knownComponent(element: JsxElement): RootContent[] | undefined {
  const name = element.name ?? ''
  if (element.type === 'mdxJsxTextElement') return name === 'Badge' ? [badge(element)] : undefined
  return Object.hasOwn(FLOW_COMPONENTS, name) ? FLOW_COMPONENTS[name]?.(element) : undefined
}

/** A component whose meaning is a block (not Badge, which sits in text). */
export function isBlockComponent(name: string | null): boolean {
  return name !== null && name !== 'Badge' && Object.hasOwn(FLOW_COMPONENTS, name)
}

/** A string attribute, `label="x"` or `label={'x'}`; any other expression value is not run, so it counts as absent. */
function attribute(element: JsxElement, name: string): string | undefined {
  for (const candidate of element.attributes) {
    if (candidate.type !== 'mdxJsxAttribute' || candidate.name !== name) continue
    if (typeof candidate.value === 'string') return candidate.value
    if (candidate.value) return literalText(candidate.value)
  }
  return undefined
}

/** An Admonition's or Aside's `type` as a kind of the shared vocabulary; `details` is a component of its own, so it is a note here. */
function admonitionKindOf(type: string | undefined): string {
  const kind = admonitionKind(type ?? 'note')
  return kind && kind !== 'details' ? kind : 'note'
}

function container(name: string, label: string | undefined, children: RootContent[], attributes?: Record<string, string>): ContainerDirective {
  const content = children as FlowChildren
  return { type: 'containerDirective', name, attributes: attributes ?? {}, children: label === undefined ? content : [labelParagraph(label), ...content] }
}

/** `<Details summary="…">`, or `<Details><summary>…</summary>…</Details>` as Docusaurus writes it. */
function details(element: JsxElement): RootContent[] {
  const summary = element.children.find(isSummary)
  const rest = element.children.filter((child) => child !== summary)
  const title = attribute(element, 'summary') ?? (summary ? mdastToString(summary).trim() : undefined)
  return [container('details', title, rest)]
}

/** A `<summary>` on a line of its own: a block, or alone in a paragraph when it holds text. */
function isSummary(node: RootContent): boolean {
  const inner = node.type === 'paragraph' && node.children.length === 1 ? node.children[0] : node
  return inner !== undefined && isJsx(inner) && inner.name === 'summary'
}

function linkCardAttributes(element: JsxElement): Record<string, string> {
  const attributes: Record<string, string> = {}
  for (const name of ['title', 'href', 'description']) {
    const value = attribute(element, name)
    if (value !== undefined) attributes[name] = value
  }
  return attributes
}

/** Starlight's `<Badge text="New" variant="tip" />`, VitePress's `<Badge type="tip" text="New" />` or with the text as children. */
function badge(element: JsxElement): TextDirective {
  const text = attribute(element, 'text') ?? mdastToString(element)
  const variant = attribute(element, 'variant') ?? attribute(element, 'type')
  const children: PhrasingContent[] = [{ type: 'text', value: text }]
  return { type: 'textDirective', name: 'badge', attributes: variant ? { variant } : {}, children }
}

export function isJsx(node: RootContent): node is JsxElement {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement'
}
