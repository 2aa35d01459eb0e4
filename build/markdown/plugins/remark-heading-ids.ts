import type { Heading, Parent, Root } from 'mdast'
import type { VFile } from 'vfile'

declare module 'vfile' {
  interface DataMap {
    /** `{#id}` written at the end of a heading, by the start offset of that heading. */
    customHeadingIds: ReadonlyMap<number, string>
  }
}

const customId = /[ \t]*\{#([^\s{}]+)\}[ \t]*$/

/**
 * Takes a custom id (`## Options {#options}`, VitePress and Docusaurus)
 * off the end of a heading, so it never shows in the heading, the TOC, the
 * title, search or the Markdown copy, and records it for rehype-heading-ids.
 * It is recorded by the heading's source offset, not on the node: the
 * sanitizer would prefix an `id`, and re-parsing raw HTML (rehype-raw)
 * drops node data, while positions survive both. An author's own HTML
 * heading never starts at a Markdown heading's offset, so it cannot claim
 * an id this way.
 */
export function remarkHeadingIds() {
  return function transform(tree: Root, file: VFile) {
    const ids = new Map<number, string>()
    takeIds(tree, ids)
    file.data.customHeadingIds = ids
  }
}

function takeIds(parent: Parent, ids: Map<number, string>) {
  for (const node of parent.children) {
    if (node.type === 'heading') takeId(node, ids)
    else if ('children' in node) takeIds(node, ids)
  }
}

function takeId(heading: Heading, ids: Map<number, string>) {
  const last = heading.children.at(-1)
  const match = last?.type === 'text' ? customId.exec(last.value) : null
  const offset = heading.position?.start.offset
  if (last?.type !== 'text' || !match?.[1] || offset === undefined) return
  last.value = last.value.slice(0, match.index)
  if (last.value === '') heading.children.pop()
  ids.set(offset, match[1])
}
