import type { Position } from 'unist'
import type { Root } from 'mdast'
import type { VFile } from 'vfile'
import { splitFenceInfo, takeHighlightComments } from '../code-meta.ts'
import { eachNode } from './each-node.ts'

/** A fence's meta and code, by where the fence is in the source. */
export type FenceMetaStash = Map<string, { meta: string; code: string }>

declare module 'vfile' {
  interface DataMap {
    fenceMeta: FenceMetaStash
  }
}

/**
 * Takes meta glued to a fence's language (`ts{2,4}`, `sh:line-numbers`) off
 * the language, so the language class, the Markdown copy's fence and the
 * highlighter see the bare language; turns Docusaurus's highlight comments
 * into line ranges in the meta, so neither the HTML nor the copy shows them;
 * and keeps each fence's meta for rehype-code. The meta goes in the file's data, by the fence's position:
 * remark-rehype puts it on the `code` element's `data`, but rehype-raw
 * rebuilds elements from HTML and drops that, while it keeps positions.
 */
export function remarkCodeMeta() {
  return function transform(tree: Root, file: VFile) {
    const stash: FenceMetaStash = new Map()
    eachNode(tree, (node) => {
      if (node.type !== 'code') return
      const { language, meta: fenceMeta } = splitFenceInfo(node.lang, node.meta)
      const marked = takeHighlightComments(node.value)
      const ranges = marked?.highlightedLines.map(([first, last]) => (first === last ? `${first}` : `${first}-${last}`)).join(',')
      const meta = ranges ? [fenceMeta, `{${ranges}}`].filter(Boolean).join(' ') : fenceMeta
      node.lang = language
      node.meta = meta
      if (marked) node.value = marked.code
      if (meta && node.position) stash.set(positionKey(node.position), { meta, code: node.value })
    })
    file.data.fenceMeta = stash
  }
}

export function positionKey(position: Position): string {
  return `${position.start.offset ?? ''}:${position.end.offset ?? ''}`
}
