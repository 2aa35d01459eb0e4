import type { Element, Root } from 'hast'

/**
 * Calls `fn` on every element below `parent`, parents before their children,
 * in document order. The rehype plugins here walk with this plain loop rather
 * than unist-util-visit, which builds a closure, an ancestor list and a
 * function name for every node it passes: on a render thread that cost more
 * than the plugins' own work.
 */
export function eachElement(parent: Root | Element, fn: (element: Element) => void): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue
    fn(child)
    eachElement(child, fn)
  }
}
