import type { Node, Paragraph, Parent, PhrasingContent, Root } from 'mdast'
import type { VFile } from 'vfile'
import { isLabel } from './directive-vocabulary.ts'

declare module 'vfile' {
  interface DataMap {
    /** Every `{#id}` an author wrote, by the start offset of the element it names. */
    customIds: ReadonlyMap<number, string>
  }
}

const trailingId = /[ \t]*\{#([^\s{}]+)\}[ \t]*$/
const loneId = /^\s*\{#([^\s{}]+)\}\s*$/

/**
 * Takes the custom ids of VitePress and Docusaurus off the text and records
 * them for rehype-heading-ids, so they never show in the page, the TOC, the
 * title, search or the Markdown copy:
 * - at the end of a heading (`## Options {#options}`);
 * - at the end of a container title (`::: warning Title {#x}`, read as
 *   `:::warning[Title {#x}]`) or as its attribute (`:::tip{#x}`): the aside
 *   gets the id;
 * - on a line of its own, a paragraph that is only `{#id}`: it names the
 *   element before it, as SPEC 1.1 says (the one after it when it comes
 *   first, or when the one before has an id already). VitePress
 *   (@mdit/plugin-attrs) gives the id to a table or list before it too, and
 *   elsewhere to the empty paragraph itself; a real element lands the reader
 *   next to the same spot without an empty one.
 * An id is recorded by the element's source offset, not on the node: the
 * sanitizer would prefix an `id`, and re-parsing raw HTML (rehype-raw)
 * drops node data, while positions survive both. An author's own HTML never
 * starts at a Markdown element's offset, so it cannot claim an id this way.
 */
export function remarkHeadingIds() {
  return function transform(tree: Root, file: VFile) {
    const ids = new Map<number, string>()
    takeIds(tree, ids)
    file.data.customIds = ids
  }
}

function takeIds(parent: Parent, ids: Map<number, string>) {
  const children = parent.children
  for (let index = 0; index < children.length; index++) {
    const node = children[index] as Parent['children'][number]
    const lone = node.type === 'paragraph' && !isLabel(node) ? loneIdOf(node) : undefined
    if (lone !== undefined && siblingsOf(children, index).some((sibling) => record(sibling, lone, ids))) {
      children.splice(index--, 1)
      continue
    }
    if (node.type === 'heading') takeTrailingId(node, node, ids)
    else if (node.type === 'containerDirective') {
      const [label] = node.children
      if (isLabel(label)) takeTrailingId(label, node, ids)
      if (node.attributes?.id && record(node, node.attributes.id, ids)) delete node.attributes.id
    }
    if ('children' in node) takeIds(node, ids)
  }
}

/** Nodes that render no element an id could go on. */
const NO_ELEMENT = new Set(['html', 'definition', 'yaml', 'mdxjsEsm', 'mdxFlowExpression'])

/** What a lone `{#id}` at `index` may name, in turn: the nearest element before it, else the nearest after it. */
function siblingsOf(children: Parent['children'], index: number): Node[] {
  const renders = (node: Parent['children'][number]) => !NO_ELEMENT.has(node.type) && !isLabel(node)
  return [children.slice(0, index).findLast(renders), children.slice(index + 1).find(renders)].filter((node) => node !== undefined)
}

function loneIdOf(paragraph: Paragraph): string | undefined {
  const [only] = paragraph.children
  return paragraph.children.length === 1 && only?.type === 'text' ? loneId.exec(only.value)?.[1] : undefined
}

/** Takes `{#id}` off the end of `holder`'s text, for `named`. */
function takeTrailingId(holder: Parent & { children: PhrasingContent[] }, named: Node, ids: Map<number, string>) {
  const last = holder.children.at(-1)
  const match = last?.type === 'text' ? trailingId.exec(last.value) : null
  if (last?.type !== 'text' || !match?.[1] || !record(named, match[1], ids)) return
  last.value = last.value.slice(0, match.index)
  if (last.value === '') holder.children.pop()
}

/** False when the element has no position to be found by, or already has an id. */
function record(named: Node, id: string, ids: Map<number, string>): boolean {
  const offset = named.position?.start.offset
  if (offset === undefined || ids.has(offset)) return false
  ids.set(offset, id)
  return true
}
