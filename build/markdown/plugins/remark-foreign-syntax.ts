import type { Parent, Root } from 'mdast'

const tocMarker = /^\[\[toc\]\]$/

/**
 * Docs copied from VitePress carry markers of their own that mean nothing
 * here: `[[toc]]` (the page has its TOC beside it) is dropped, and code meta
 * glued to the language (`ts{2,4}`, `sh:line-numbers`) is taken off it.
 * Containers (`::: tip`) are read by the directive plugins instead.
 */
export function remarkForeignSyntax() {
  return function transform(tree: Root) {
    reduceMarkers(tree)
  }
}

function reduceMarkers(parent: Parent) {
  parent.children = parent.children.filter((node) => {
    if (node.type === 'code' && node.lang) node.lang = node.lang.replace(/[{:].*$/, '') || null
    if ('children' in node) reduceMarkers(node)
    return !(node.type === 'paragraph' && isTocMarker(node))
  })
}

function isTocMarker(node: Parent): boolean {
  const only = node.children.length === 1 ? node.children[0] : undefined
  return only?.type === 'text' && tocMarker.test(only.value.trim())
}
