import type { Root } from 'mdast'
import { parseFenceMeta } from '../code-meta.ts'
import { eachNode } from './each-node.ts'

/**
 * The Markdown copy's code blocks: a fence with its language and no meta
 * (line highlights and attributes mean nothing to a plain Markdown reader),
 * and a titled block preceded by its file name in code on a line of its own.
 */
export function remarkCodeCopy() {
  return function transform(tree: Root) {
    eachNode(tree, (node, index, parent) => {
      if (node.type !== 'code') return
      const { title } = parseFenceMeta(node.meta)
      node.meta = null
      if (!title) return
      parent.children.splice(index, 0, { type: 'paragraph', children: [{ type: 'inlineCode', value: title }] })
      return index + 2
    })
  }
}
