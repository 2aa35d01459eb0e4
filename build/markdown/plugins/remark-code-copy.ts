import type { Root } from 'mdast'
import { SKIP, visit } from 'unist-util-visit'
import { parseFenceMeta } from '../code-meta.ts'

/**
 * The Markdown copy's code blocks: a fence with its language and no meta
 * (line highlights and attributes mean nothing to a plain Markdown reader),
 * and a titled block preceded by its file name in code on a line of its own.
 */
export function remarkCodeCopy() {
  return function transform(tree: Root) {
    visit(tree, 'code', (node, index, parent) => {
      const { title } = parseFenceMeta(node.meta)
      node.meta = null
      if (!title || !parent || index === undefined) return
      parent.children.splice(index, 0, { type: 'paragraph', children: [{ type: 'inlineCode', value: title }] })
      return [SKIP, index + 2]
    })
  }
}
