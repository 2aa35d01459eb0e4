import type { Paragraph, PhrasingContent, Root } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { eachContainer } from './each-node.ts'
import { isLabel } from './directive-vocabulary.ts'

type FlowContent = ContainerDirective['children'][number]

const labelMarker = /^==[ \t]+/

/**
 * vitepress-plugin-tabs writes a tab group as `::: tabs` with a line
 * `== label` opening each tab. Such a group becomes the tabs of the shared
 * vocabulary, one `tab` per label, like `:::tab[label]` written inside
 * `::::tabs`. A label is a line the parser put at the start of a paragraph
 * line, so `==` in code or mid-sentence is text.
 */
export function remarkTabLabels() {
  return function transform(tree: Root) {
    eachContainer(tree, 'tabs', labelTabs)
  }
}

function labelTabs(group: ContainerDirective) {
  const [first, ...rest] = group.children
  const body = isLabel(first) ? rest : group.children
  if (!body.some((child) => child.type === 'paragraph' && splitLines(child).some(isLabelLine))) return
  const tabs: ContainerDirective[] = []
  // Whatever precedes the first label is kept before the tabs.
  const before: FlowContent[] = []
  const add = (node: FlowContent) => (tabs.at(-1)?.children ?? before).push(node)
  for (const child of body) {
    if (child.type !== 'paragraph') {
      add(child)
      continue
    }
    let lines: PhrasingContent[][] = []
    const flush = () => {
      if (lines.some((line) => line.length > 0)) add(paragraphOf(lines, child))
      lines = []
    }
    for (const line of splitLines(child)) {
      if (!isLabelLine(line)) {
        lines.push(line)
        continue
      }
      flush()
      tabs.push({ type: 'containerDirective', name: 'tab', attributes: {}, children: [labelOf(line)] })
    }
    flush()
  }
  group.children = [...(isLabel(first) ? [first] : []), ...before, ...tabs]
}

/** A paragraph's content as lines: its text split at line endings (a hard break ends a line too). */
function splitLines(paragraph: Paragraph): PhrasingContent[][] {
  const lines: PhrasingContent[][] = [[]]
  for (const node of paragraph.children) {
    if (node.type !== 'text') {
      lines.at(-1)?.push(node)
      if (node.type === 'break') lines.push([])
      continue
    }
    node.value.split('\n').forEach((part, index) => {
      if (index > 0) lines.push([])
      if (part !== '') lines.at(-1)?.push({ type: 'text', value: part })
    })
  }
  return lines
}

function isLabelLine(line: PhrasingContent[]): boolean {
  const [first] = line
  return first?.type === 'text' && labelMarker.test(first.value)
}

function labelOf(line: PhrasingContent[]): Paragraph {
  const [first, ...rest] = line
  const text = first?.type === 'text' ? first.value.replace(labelMarker, '') : ''
  const children: PhrasingContent[] = [...(text ? [{ type: 'text' as const, value: text }] : []), ...rest]
  return { type: 'paragraph', data: { directiveLabel: true }, children }
}

/** Lines back into one paragraph, joined as they were written. */
function paragraphOf(lines: PhrasingContent[][], from: Paragraph): Paragraph {
  const children: PhrasingContent[] = []
  lines.forEach((line, index) => {
    const previous = lines[index - 1]
    if (index > 0 && previous?.at(-1)?.type !== 'break') children.push({ type: 'text', value: '\n' })
    children.push(...line)
  })
  return { type: 'paragraph', children, ...(from.position ? { position: from.position } : {}) }
}
