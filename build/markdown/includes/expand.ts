import type { ContentProblem } from '../../content/problems.ts'
import type { PartialSource } from '../mdx/partials.ts'
import { countLines, includeDirectives, includedPath, parseTarget, type IncludeDirective, type IncludeTarget } from './directives.ts'
import type { HeadingIdRule } from '../../content/markdown-options.ts'
import { headingSection } from './heading-section.ts'
import { regionLines } from './regions.ts'

/** A page's body with its includes inlined. */
export interface ExpandedBody {
  body: string
  /** The file line of a line of `body`: an included line is at the line of the directive that brought it in. */
  fileLine: (line: number) => number
  errors: ContentProblem[]
}

interface Origin {
  path: string
  /** The file line of the text's first line. */
  firstLine: number
}

interface Context {
  /** The files that may be included, by content path (see partialsFor). */
  files: Record<string, PartialSource>
  locales: readonly string[]
  /** The site's heading id rule, which an include by heading name finds its heading with. */
  headingIds: HeadingIdRule | undefined
  errors: ContentProblem[]
}

/** A stretch of the output: the text's own, or what one directive brought in. */
type Piece = { own: true; text: string } | { own: false; text: string; line: number; directiveLines: number }

/**
 * Inlines VitePress's `<!--@include: path-->` before the page is parsed,
 * as VitePress does, so an included heading is a heading of the page: in
 * its HTML, TOC and search entries. A missing file or region, a range
 * outside the file, or an include cycle is an error at the directive.
 */
export function expandIncludes(
  page: { path: string; body: string; bodyLine: number; headingIds?: HeadingIdRule | undefined },
  files: Record<string, PartialSource>,
  locales: readonly string[],
): ExpandedBody {
  const context: Context = { files, locales, headingIds: page.headingIds, errors: [] }
  const pieces = expandPieces(page.body, { path: page.path, firstLine: page.bodyLine }, context, [page.path])
  if (pieces.length === 1 && pieces[0]?.own) return { body: page.body, fileLine: (line) => line + page.bodyLine - 1, errors: [] }
  // lines[i]: the body line that line i + 1 of the output comes from.
  const lines = [1]
  let ownLine = 1
  for (const piece of pieces) {
    for (let at = piece.text.indexOf('\n'); at !== -1; at = piece.text.indexOf('\n', at + 1)) lines.push(piece.own ? ++ownLine : piece.line)
    if (!piece.own) ownLine += piece.directiveLines
  }
  return {
    body: pieces.map((piece) => piece.text).join(''),
    fileLine: (line) => (lines[line - 1] ?? ownLine) + page.bodyLine - 1,
    errors: context.errors,
  }
}

function expandPieces(text: string, origin: Origin, context: Context, within: string[]): Piece[] {
  const directives = includeDirectives(text)
  if (directives.length === 0) return [{ own: true, text }]
  const pieces: Piece[] = []
  let from = 0
  for (const directive of directives) {
    const directiveLines = countLines(text.slice(directive.start, directive.end))
    pieces.push({ own: true, text: text.slice(from, directive.start) }, { own: false, text: included(directive, origin, context, within), line: directive.line, directiveLines })
    from = directive.end
  }
  pieces.push({ own: true, text: text.slice(from) })
  return pieces
}

/** The text a directive stands for, its own includes inlined; empty after reporting why when there is none. */
function included(directive: IncludeDirective, origin: Origin, context: Context, within: string[]): string {
  const target = parseTarget(directive.target)
  const path = includedPath(origin.path, target.file, context.locales)
  const fail = (reason: string) => {
    context.errors.push({ path: origin.path, line: origin.firstLine + directive.line - 1, message: `include "${directive.target}": ${reason}` })
    return ''
  }
  if (within.includes(path)) return fail(`includes itself: ${[...within, path].join(' -> ')}`)
  const file = context.files[path]
  if (!file) return fail(/\.mdx?$/.test(path) ? `${path} does not exist` : `${path} is not a Markdown file under docs/ (only .md and .mdx files can be included)`)
  const selected = selectLines(path, file, target, context.headingIds)
  if (typeof selected === 'string') return fail(selected)
  const inner = expandPieces(selected.lines.join('\n'), { path, firstLine: selected.firstLine }, context, [...within, path])
  return inner.map((piece) => piece.text).join('')
}

/**
 * The lines a target selects, with the file line of the first, or why it
 * selects none. A region's lines (or, when no region has the name, the
 * section under the heading of that id, as VitePress reads it), then a
 * range of them; a range alone
 * counts the file's lines from its first, front matter included, as
 * VitePress counts them (front matter lines themselves are never inlined).
 */
function selectLines(path: string, file: PartialSource, target: IncludeTarget, headingIds: HeadingIdRule | undefined): { lines: string[]; firstLine: number } | string {
  const body = file.body.split('\n')
  let lines = body
  // Lines of `lines` before its first: front matter, which a range counts.
  let skipped = file.bodyLine - 1
  let firstLine = file.bodyLine
  if (target.region !== undefined) {
    const region = regionLines(body, target.region) ?? headingSection(body, target.region, headingIds)
    if (!region) return `no region or heading "${target.region}" in ${path} (a region is marked <!-- #region ${target.region} --> … <!-- #endregion ${target.region} -->)`
    lines = region.lines
    skipped = 0
    firstLine = file.bodyLine + region.firstIndex
  }
  if (!target.range) return { lines, firstLine }
  const total = skipped + lines.length
  const start = target.range.start ?? 1
  const end = target.range.end ?? total
  if (start < 1 || end < start || end > total)
    return `lines {${target.range.start ?? ''},${target.range.end ?? ''}} are outside ${path}${target.region ? `'s region "${target.region}"` : ''}, which has ${total} lines`
  const from = Math.max(start - 1 - skipped, 0)
  return { lines: lines.slice(from, Math.max(end - skipped, 0)), firstLine: firstLine + from }
}
