import type { Element, Root } from 'hast'
import { eachElement } from './each-element.ts'

/**
 * The sanitizer prefixes author ids (`user-content-`) so they cannot collide
 * with heading ids or the host page. In-page links (`#fn-1`) still name the
 * unprefixed id; this points them at the prefixed one when only that exists.
 */
export function rehypeClobberedAnchors(options: { prefix: string }) {
  const { prefix } = options
  return function transform(tree: Root) {
    // One walk collects both: a link may come before the element it names.
    const ids = new Set<string>()
    const inPageLinks: Array<{ node: Element; href: string }> = []
    eachElement(tree, (node) => {
      if (typeof node.properties.id === 'string') ids.add(node.properties.id)
      const href = node.tagName === 'a' ? node.properties.href : undefined
      if (typeof href === 'string' && href.startsWith('#')) inPageLinks.push({ node, href })
    })
    for (const { node, href } of inPageLinks) {
      const id = decodeFragment(href.slice(1))
      if (!ids.has(id) && ids.has(prefix + id)) node.properties.href = `#${prefix}${id}`
    }
  }
}

/** A fragment's id; a malformed escape (`#%`) names no id and stays as written rather than failing the build. */
function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}
