import type { Parent, Root, RootContent } from 'mdast'
import { directiveToMarkdown } from 'mdast-util-directive'
import { toMarkdown } from 'mdast-util-to-markdown'
import { admonitionKind, isKnownName, isLabel, labelParagraph } from './directive-vocabulary.ts'

/**
 * Settles what each directive means before anything renders it: a kind's
 * other spellings become the kind (`:::WARNING`, `:::warn`), a `title`
 * attribute becomes the label when there is none (`:::tip{title="x"}`), and
 * a directive of no known name is no directive: a container keeps its
 * content and its label as a paragraph (`::: v-pre`), a leaf is put back as
 * text in directive syntax, as close to what its author wrote as the tree says.
 */
export function remarkDirectiveNames() {
  return function transform(tree: Root) {
    settle(tree)
  }
}

function settle(parent: Parent) {
  const children: Parent['children'] = []
  for (const node of parent.children) {
    if ('children' in node) settle(node)
    if (node.type !== 'containerDirective' && node.type !== 'leafDirective' && node.type !== 'textDirective') {
      children.push(node)
      continue
    }
    const kind = admonitionKind(node.name)
    if (kind) node.name = kind
    if (kind && node.type === 'containerDirective' && !isLabel(node.children[0]) && node.attributes?.title) {
      node.children.unshift(labelParagraph(node.attributes.title))
    }
    if (isKnownName(node.name)) children.push(node)
    else if (node.type === 'leafDirective')
      children.push({ type: 'paragraph', children: [{ type: 'text', value: toMarkdown(node, { extensions: [directiveToMarkdown()] }).trimEnd() }], position: node.position })
    else children.push(...unwrap(node.children))
  }
  parent.children = children
}

function unwrap(nodes: RootContent[]): RootContent[] {
  for (const node of nodes) if (isLabel(node)) delete node.data
  return nodes
}
