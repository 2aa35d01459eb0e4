import type { TocEntry } from '../../contract/index.ts'
import type { DocumentFrontMatter } from '../content/front-matter.ts'
import type { Heading } from '../markdown/render.ts'

const DEFAULT_TOC_LEVELS = { minLevel: 2, maxLevel: 3 } as const

/** Nests the headings within the levels front matter asks for (2–3 unless told). */
export function buildToc(headings: Heading[], option: DocumentFrontMatter['toc']): TocEntry[] {
  if (option === false) return []
  const minLevel = option?.minLevel ?? DEFAULT_TOC_LEVELS.minLevel
  const maxLevel = option?.maxLevel ?? Math.max(DEFAULT_TOC_LEVELS.maxLevel, minLevel)
  const root: TocEntry[] = []
  const stack: TocEntry[] = []
  for (const heading of headings) {
    if (heading.depth < minLevel || heading.depth > maxLevel) continue
    const entry: TocEntry = { depth: heading.depth, id: heading.id, text: heading.text, children: [] }
    while (stack.length > 0 && (stack[stack.length - 1]?.depth ?? 0) >= entry.depth) stack.pop()
    const parent = stack[stack.length - 1]
    if (parent) parent.children.push(entry)
    else root.push(entry)
    stack.push(entry)
  }
  return root
}
