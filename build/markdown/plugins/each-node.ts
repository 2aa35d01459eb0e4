import type { Nodes, Parent } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'

/**
 * Calls `fn` on every node below `parent`, parents before their children, in
 * document order: eachElement's counterpart for the Markdown tree, for the
 * same reason (unist-util-visit builds a closure, an ancestor list and a
 * function name for every node it passes, which cost more than these
 * plugins' own work on a render thread). `fn` may return the index in
 * `parent` to go on at, after siblings it inserted; that node's children are
 * then not walked.
 */
export function eachNode(parent: Parent, fn: (node: Nodes, index: number, parent: Parent) => number | undefined): void {
  const children = parent.children
  let index = 0
  while (index < children.length) {
    const node = children[index] as Nodes
    const next = fn(node, index, parent)
    if (typeof next === 'number') {
      index = next
      continue
    }
    if ('children' in node) eachNode(node, fn)
    index++
  }
}

/**
 * Calls `fn` on every container directive named `name` below `parent`,
 * innermost first, so that a group nested in another is rewritten before
 * the one around it (code groups, `::: tabs`).
 */
export function eachContainer(parent: Parent, name: string, fn: (container: ContainerDirective) => void): void {
  for (const node of parent.children) {
    if (!('children' in node)) continue
    eachContainer(node, name, fn)
    if (node.type === 'containerDirective' && node.name === name) fn(node)
  }
}
