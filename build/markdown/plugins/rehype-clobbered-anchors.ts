import type { Element, Root } from 'hast'
import { visit } from 'unist-util-visit'

/**
 * The sanitizer prefixes author ids (`user-content-`) so they cannot collide
 * with heading ids or the host page. In-page links (`#fn-1`) still name the
 * unprefixed id; this points them at the prefixed one when only that exists.
 */
export function rehypeClobberedAnchors(options: { prefix: string }) {
  const { prefix } = options
  return function transform(tree: Root) {
    const ids = new Set<string>()
    visit(tree, 'element', (node: Element) => {
      if (typeof node.properties.id === 'string') ids.add(node.properties.id)
    })
    visit(tree, 'element', (node: Element) => {
      const href = node.tagName === 'a' ? node.properties.href : undefined
      if (typeof href !== 'string' || !href.startsWith('#')) return
      const id = decodeURIComponent(href.slice(1))
      if (!ids.has(id) && ids.has(prefix + id)) node.properties.href = `#${prefix}${id}`
    })
  }
}
