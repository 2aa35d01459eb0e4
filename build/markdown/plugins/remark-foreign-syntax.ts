import type { Paragraph, Parent, Root, Text } from 'mdast'

const containerMarker = /^:::[^\n]*(?:\n|$)/gm
const tocMarker = /^\[\[toc\]\]$/

/**
 * Docs copied from VitePress, Docusaurus or Starlight carry syntax of their own:
 * `::: tip` container fences and `[[toc]]`. This plugin drops the markers and keeps the
 * content, so such docs render as plain Markdown without edits.
 */
export function remarkForeignSyntax() {
  return function transform(tree: Root) {
    reduceMarkers(tree)
  }
}

/** One walk over the paragraphs, nested ones included. */
function reduceMarkers(parent: Parent) {
  const children = parent.children
  let index = 0
  while (index < children.length) {
    const node = children[index] as Parent['children'][number]
    if (node.type === 'paragraph' && !keepsContent(node)) {
      children.splice(index, 1)
      continue
    }
    if ('children' in node) reduceMarkers(node)
    index++
  }
}

/** Strips the markers from a paragraph; false when nothing but markers was in it. */
function keepsContent(node: Paragraph): boolean {
  for (const child of node.children) {
    if (child.type === 'text') stripMarkers(child)
  }
  node.children = node.children.filter((child) => child.type !== 'text' || child.value !== '')
  const onlyText = node.children.every((child) => child.type === 'text')
  const text = node.children.map((child) => (child.type === 'text' ? child.value : '')).join('').trim()
  return !(node.children.length === 0 || (onlyText && (text === '' || tocMarker.test(text))))
}

function stripMarkers(node: Text) {
  node.value = node.value.replace(containerMarker, '')
}
