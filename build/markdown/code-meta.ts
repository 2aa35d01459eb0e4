/**
 * The info string of a fenced code block, as VitePress, Docusaurus and
 * Starlight write it: a language, then meta. VitePress glues meta to the
 * language (`ts{2,4}`, `sh:line-numbers`); the others put it after a space
 * (`js title="jest.config.js" {1,3-5}`); VitePress labels a block with
 * `[vite.config.js]`, a title outside a code group.
 */
export interface FenceInfo {
  language: string | null
  meta: string | null
}

/** An inclusive range of line numbers, from 1. */
export type LineRange = readonly [first: number, last: number]

export interface FenceMeta {
  /** The file name shown above the code: `title="…"` or `[…]`. */
  title: string | null
  highlightedLines: LineRange[]
  /** The meta without the title: what a code group keeps when the title becomes its tab's label. */
  withoutTitle: string | null
}

const gluedMetaStart = /[{:[]/
const titleAttribute = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|([^\s"'{}[\]]+))/
const bracketLabel = /(?:^|\s)\[([^\]]+)\]/
// Bare `{…}` (VitePress, Docusaurus, Starlight) or Starlight's `mark={…}`;
// its `ins={…}` and `del={…}` are other marks, not highlights.
const lineRanges = /(?<!(?:ins|del)=)\{([\d\s,-]+)\}/g

/** The language apart from meta glued to it; that meta joins the rest. */
export function splitFenceInfo(lang: string | null | undefined, meta: string | null | undefined): FenceInfo {
  const rest = meta?.trim() || null
  if (!lang) return { language: null, meta: rest }
  const at = lang.search(gluedMetaStart)
  if (at === -1) return { language: lang, meta: rest }
  return { language: lang.slice(0, at) || null, meta: [lang.slice(at), rest].filter(Boolean).join(' ') }
}

/** What the meta says about the block; words it does not know (`showLineNumbers`, `twoslash`) are ignored. */
export function parseFenceMeta(meta: string | null | undefined): FenceMeta {
  if (!meta) return { title: null, highlightedLines: [], withoutTitle: null }
  const titleMatch = titleAttribute.exec(meta)
  const withoutAttribute = titleMatch ? meta.replace(titleMatch[0], ' ') : meta
  const labelMatch = bracketLabel.exec(withoutAttribute)
  const title = (titleMatch?.slice(1).find((value) => value !== undefined) ?? labelMatch?.[1] ?? '').trim()
  const rest = labelMatch ? withoutAttribute.replace(labelMatch[0], ' ') : withoutAttribute
  const highlightedLines = [...rest.matchAll(lineRanges)].flatMap((match) => parseRanges(match[1] as string))
  return { title: title || null, highlightedLines, withoutTitle: rest.replace(/\s+/g, ' ').trim() || null }
}

/** `1,3-5` as ranges; a piece that is no range (`5-3`, `0`) is skipped. */
function parseRanges(list: string): LineRange[] {
  return list.split(',').flatMap((piece): LineRange[] => {
    const [first, last] = piece.split('-').map((bound) => Number(bound.trim()))
    const end = last ?? first
    if (first === undefined || end === undefined || !Number.isInteger(first) || !Number.isInteger(end) || first < 1 || end < first) return []
    return [[first, end]]
  })
}

// A line that is only a Docusaurus magic comment, in the comment syntax of any language.
const magicComment = /^\s*(?:\/\/|#|--|;|\/\*|<!--|\{\/\*)\s*highlight-(next-line|start|end)\s*(?:\*\/\}?|-->)?\s*$/

/**
 * Docusaurus marks lines with comments (`// highlight-next-line`, `//
 * highlight-start` … `// highlight-end`) as well as meta. Returns the code
 * without those lines and the lines they mark, numbered in that code; null
 * when it has none.
 */
export function takeHighlightComments(code: string): { code: string; highlightedLines: LineRange[] } | null {
  if (!code.includes('highlight-')) return null
  const lines = code.split('\n')
  if (!lines.some((line) => magicComment.test(line))) return null
  const kept: string[] = []
  const highlightedLines: LineRange[] = []
  let rangeStart: number | null = null
  let nextLine = false
  for (const line of lines) {
    const marker = magicComment.exec(line)?.[1]
    if (marker === 'next-line') nextLine = true
    else if (marker === 'start') rangeStart = kept.length + 1
    else if (marker === 'end' && rangeStart !== null) {
      if (kept.length >= rangeStart) highlightedLines.push([rangeStart, kept.length])
      rangeStart = null
    } else if (marker === undefined) {
      kept.push(line)
      if (nextLine) highlightedLines.push([kept.length, kept.length])
      nextLine = false
    }
  }
  return { code: kept.join('\n'), highlightedLines }
}

export function isHighlighted(line: number, ranges: readonly LineRange[]): boolean {
  return ranges.some(([first, last]) => line >= first && line <= last)
}
