import type { Html } from 'mdast'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { INCLUDE_MARK } from '../../content/body-notes.ts'
import { resolveRelative } from '../content-paths.ts'

/** A VitePress `<!--@include: ./parts/cli.md#options{3,10}-->` found in a text. */
export interface IncludeDirective {
  /** Offsets of the whole comment in the text. */
  start: number
  end: number
  /** The line of the text it starts on. */
  line: number
  /** What follows `@include:`, as written. */
  target: string
}

/** What an include names: a file, and optionally a region of it and a range of lines. */
export interface IncludeTarget {
  file: string
  region?: string
  range?: { start?: number; end?: number }
}

// Where a text holds HTML is the parser's to say: a directive in fenced,
// indented or inline code is not HTML to it, so it stays literal text.
const parser = unified().use(remarkParse).freeze()
const includeComment = /<!--\s*@include:\s*(.*?)\s*-->/g
const rangeSuffix = /\{(\d*),(\d*)\}$/
const regionSuffix = /#([^\s{]+)$/

/** The include directives of a text, in order, outside code. */
export function includeDirectives(text: string): IncludeDirective[] {
  if (!text.includes(INCLUDE_MARK)) return []
  const found: IncludeDirective[] = []
  visit(parser.parse(text), 'html', (node: Html) => {
    const { start, end } = node.position ?? {}
    if (start?.offset === undefined || end?.offset === undefined) return
    // The source text, not the node's value: inside a blockquote or list the value lost its prefixes.
    const source = text.slice(start.offset, end.offset)
    for (const match of source.matchAll(includeComment)) {
      if (!match[1]) continue
      const line = start.line + countLines(source.slice(0, match.index))
      found.push({ start: start.offset + match.index, end: start.offset + match.index + match[0].length, line, target: match[1] })
    }
  })
  return found.sort((a, b) => a.start - b.start)
}

/** `./a.md#name{3,10}` -> the file, the region, the range (VitePress reads the range last, then the region). */
export function parseTarget(target: string): IncludeTarget {
  let file = target
  const range = rangeSuffix.exec(file)
  if (range) file = file.slice(0, range.index)
  const region = regionSuffix.exec(file)
  if (region) file = file.slice(0, region.index)
  return {
    file,
    ...(region?.[1] ? { region: region[1] } : {}),
    ...(range ? { range: { ...(range[1] ? { start: Number(range[1]) } : {}), ...(range[2] ? { end: Number(range[2]) } : {}) } } : {}),
  }
}

/**
 * The content path an include names from the file it is in: relative to
 * that file, or with `@/` from VitePress's source folder, whose root locale
 * is the default locale's folder here (`docs/en/`) and whose other locales
 * are folders in it (`@/fr/…` is `docs/fr/…`). `locales` lists the default
 * locale first, as site.yml's are.
 */
export function includedPath(from: string, file: string, locales: readonly string[]): string {
  if (!file.startsWith('@')) return resolveRelative(from, file)
  const rest = file.slice(/^@[\\/]/.test(file) ? 2 : 1)
  const first = rest.split('/')[0] ?? ''
  const [defaultLocale = /^docs\/([^/]+)\//.exec(from)?.[1] ?? ''] = locales
  const root = first !== defaultLocale && locales.includes(first) ? 'docs/' : `docs/${defaultLocale}/`
  return resolveRelative(`${root}_`, rest)
}

export function countLines(text: string): number {
  let count = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++
  return count
}
