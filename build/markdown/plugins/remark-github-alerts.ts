import type { Blockquote, Parent, Root } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'

const alertMarker = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\r?\n)?/i

/**
 * GitHub alerts (`> [!WARNING]`) become the same admonition nodes as
 * `:::warning`. remark reads `[!NOTE]` as text (a reference to no
 * definition), so the marker is the start of the quote's first text. Text
 * after the marker on its line is the alert's first line of content.
 */
export function remarkGithubAlerts() {
  return function transform(tree: Root) {
    replaceAlerts(tree)
  }
}

function replaceAlerts(parent: Parent) {
  parent.children.forEach((node, index) => {
    if (!('children' in node)) return
    replaceAlerts(node)
    const alert = node.type === 'blockquote' ? toAdmonition(node) : undefined
    if (alert) parent.children[index] = alert
  })
}

function toAdmonition(quote: Blockquote): ContainerDirective | undefined {
  const [first, ...rest] = quote.children
  const text = first?.type === 'paragraph' ? first.children[0] : undefined
  const match = text?.type === 'text' ? alertMarker.exec(text.value) : null
  if (first?.type !== 'paragraph' || text?.type !== 'text' || !match) return undefined
  text.value = text.value.slice(match[0].length)
  if (text.value === '') first.children.shift()
  const children = first.children.length > 0 ? quote.children : rest
  return { type: 'containerDirective', name: (match[1] ?? 'note').toLowerCase(), attributes: {}, children, position: quote.position }
}
