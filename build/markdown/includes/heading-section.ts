import type { Element } from 'hast'
import { VFile } from 'vfile'
import type { HeadingIdRule } from '../../content/markdown-options.ts'
import { markdownProcessor } from '../processor.ts'
import { eachElement } from '../plugins/each-element.ts'

const headingTag = /^h([1-6])$/

/**
 * VitePress's other reading of `#name` when no region has that name: the
 * lines under the heading whose id is `name`, up to the next heading of its
 * level or higher. The ids are the ones the page chain gives, so an anchor
 * copied from the page that shows the file finds its heading.
 */
export function headingSection(lines: string[], id: string, rule: HeadingIdRule | undefined): { lines: string[]; firstIndex: number } | null {
  const file = new VFile({ value: lines.join('\n') })
  if (rule) file.data.headingIdRule = rule
  const tree = markdownProcessor.runSync(markdownProcessor.parse(file), file)
  const headings: Array<{ depth: number; id: unknown; start: number; end: number }> = []
  eachElement(tree, (element: Element) => {
    const depth = Number(headingTag.exec(element.tagName)?.[1] ?? 0)
    const { start, end } = element.position ?? {}
    if (depth > 0 && start && end) headings.push({ depth, id: element.properties.id, start: start.line, end: end.line })
  })
  const at = headings.findIndex((heading) => heading.id === id)
  const heading = headings[at]
  if (!heading) return null
  const next = headings.slice(at + 1).find((later) => later.depth <= heading.depth)
  return { lines: lines.slice(heading.end, next ? next.start - 1 : lines.length), firstIndex: heading.end }
}
