import type { Element, ElementContent, Properties } from 'hast'
import type { Paragraph } from 'mdast'
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive'
import type { Handlers, State } from 'mdast-util-to-hast'
import { toString as mdastToString } from 'mdast-util-to-string'
import { admonitionKind, defaultTitle, splitLabel, type AdmonitionKind, type Directive } from './directive-vocabulary.ts'

/**
 * remark-rehype handlers that render the shared directive vocabulary
 * (directive-vocabulary.ts) as plain semantic HTML, readable without
 * scripts and styled by class and `data-kind`. They are handlers rather than
 * a tree transform so that the Markdown tree stays as parsed for the
 * Markdown copy, and they read nothing but the directive nodes, so a node an
 * MDX component became renders like one written with `:::`.
 */
export const directiveHandlers: Handlers = {
  containerDirective: renderDirective,
  leafDirective: renderDirective,
  textDirective: renderDirective,
}

function renderDirective(state: State, node: Directive): ElementContent | ElementContent[] {
  const rendered = render(state, node)
  if (!Array.isArray(rendered)) state.patch(node, rendered)
  return rendered
}

function render(state: State, node: Directive): Element | ElementContent[] {
  const kind = admonitionKind(node.name)
  if (node.type === 'textDirective') return node.name === 'badge' ? badge(state, node) : state.all(node)
  const { label, body } = node.type === 'containerDirective' ? splitLabel(node) : { label: undefined, body: [] }
  const content = () => state.all({ ...node, children: body } as ContainerDirective)
  const title = () => (label ? state.all(label) : text(node.attributes?.title ?? ''))
  if (kind) return admonition(state, kind, label || node.attributes?.title ? title() : text(defaultTitle(kind)), content())
  switch (node.name) {
    case 'tabs':
      return block(state, 'div', { className: ['tabs'], dataKind: node.attributes?.kind === 'code-group' ? 'code-group' : 'tabs' }, content())
    case 'tab':
      return tabPanel(state, label, content())
    case 'steps':
      return steps(state, content())
    case 'card':
      return block(state, 'div', { className: ['card'] }, [element('p', { className: ['card-title'] }, title()), ...content()])
    case 'cardgrid':
      return block(state, 'div', { className: ['card-grid'] }, content())
    case 'linkcard':
      return linkCard(node, title())
    case 'filetree':
      return block(state, 'div', { className: ['file-tree'] }, content())
    default:
      return content()
  }
}

function admonition(state: State, kind: AdmonitionKind, title: ElementContent[], content: ElementContent[]): Element {
  if (kind === 'details') return block(state, 'details', { className: ['admonition'], dataKind: kind }, [element('summary', {}, title), ...content])
  return block(state, 'aside', { className: ['admonition'], dataKind: kind }, [element('p', { className: ['admonition-title'] }, title), ...content])
}

function tabPanel(state: State, label: Paragraph | undefined, content: ElementContent[]): Element {
  const name = label ? mdastToString(label) : ''
  return block(state, 'div', { className: ['tab-panel'], dataLabel: name }, [element('p', { className: ['tab-label'] }, label ? state.all(label) : []), ...content])
}

/** An author's ordered list is the steps; any other content becomes one step per block. */
function steps(state: State, content: ElementContent[]): Element {
  const elements = content.filter((child): child is Element => child.type === 'element')
  const list = elements.length === 1 && elements[0]?.tagName === 'ol' ? elements[0] : undefined
  if (list) return { ...list, properties: { ...list.properties, className: ['steps'] } }
  return block(
    state,
    'ol',
    { className: ['steps'] },
    elements.map((child) => element('li', {}, [child])),
  )
}

function linkCard(node: ContainerDirective | LeafDirective, title: ElementContent[]): Element {
  const description = node.attributes?.description
  const parts = [element('span', { className: ['card-title'] }, title)]
  if (description) parts.push(element('span', { className: ['card-description'] }, text(description)))
  return element('a', { className: ['link-card'], href: node.attributes?.href ?? '' }, parts)
}

function badge(state: State, node: TextDirective): Element {
  const variant = node.attributes?.variant
  return element('span', variant ? { className: ['badge'], dataKind: variant } : { className: ['badge'] }, state.all(node))
}

/** An element of block children, with a line break around each as remark-rehype writes blocks. */
function block(state: State, tagName: string, properties: Properties, children: ElementContent[]): Element {
  return element(tagName, properties, state.wrap(children, true))
}

function element(tagName: string, properties: Properties, children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children }
}

function text(value: string): ElementContent[] {
  return [{ type: 'text', value }]
}
