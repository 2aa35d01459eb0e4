import type { Code, Paragraph, Root, Text } from 'mdast'
import { visit, SKIP } from 'unist-util-visit'

const containerMarker = /^:::[^\n]*(?:\n|$)/gm
const tocMarker = /^\[\[toc\]\]$/

/**
 * Docs copied from VitePress, Docusaurus or Starlight carry syntax of their own:
 * `::: tip` container fences, `[[toc]]` and code meta glued to the language
 * (`ts{2,4}`, `sh:line-numbers`). This plugin drops the markers and keeps the
 * content, so such docs render as plain Markdown without edits.
 */
export function remarkForeignSyntax() {
  return function transform(tree: Root) {
    visit(tree, 'code', (node: Code) => {
      if (node.lang) node.lang = node.lang.replace(/[{:].*$/, '') || null
    })
    visit(tree, 'paragraph', (node: Paragraph, index, parent) => {
      if (!parent || index === undefined) return
      for (const child of node.children) {
        if (child.type === 'text') stripMarkers(child)
      }
      node.children = node.children.filter((child) => child.type !== 'text' || child.value !== '')
      const onlyText = node.children.every((child) => child.type === 'text')
      const text = node.children.map((child) => (child.type === 'text' ? child.value : '')).join('').trim()
      if (node.children.length === 0 || (onlyText && (text === '' || tocMarker.test(text)))) {
        parent.children.splice(index, 1)
        return [SKIP, index]
      }
      return undefined
    })
  }
}

function stripMarkers(node: Text) {
  node.value = node.value.replace(containerMarker, '')
}
