import type { Root, RootContent } from 'mdast'
import remarkComment from '@slorber/remark-comment'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit, EXIT } from 'unist-util-visit'
import { VFile } from 'vfile'
import { VFileMessage } from 'vfile-message'
import { resolveRelative } from '../content-paths.ts'
import { remarkContainerSyntax } from '../plugins/remark-container-syntax.ts'
import { remarkLegacyContainerFences } from '../plugins/remark-legacy-container-fences.ts'
import { markdownProcessor } from '../processor.ts'
import { isCommentOnly } from './expressions.ts'
import type { PartialSource } from './partials.ts'
import { remarkMdxComponents, type Findings } from './remark-mdx-components.ts'
import type { MarkdownFormat } from '../../content/markdown-options.ts'
import { syntaxOf } from './syntax.ts'

/** A Markdown or MDX text to parse: a document's body, or a partial's. */
export interface MarkdownSource {
  path: string
  body: string
  /** The file line the body starts on. */
  bodyLine: number
  syntax: MarkdownFormat
  /** The file line of a line of the body, where the body is not the file's text as written (includes inlined). */
  fileLine?: (line: number) => number
}

/** A source's tree, and whether it was read as MDX (its MDX is then reduced already). */
export interface ParsedSource {
  tree: Root
  mdx: boolean
}

export interface ParseContext {
  findings: Findings
  /** The partials the source may inline, by content path. */
  partials: Record<string, PartialSource>
  /** How `.md` partials are read (site.yml `markdown.format`). */
  format: MarkdownFormat
  /** The files being inlined, outermost first: an import cycle ends here. */
  within: string[]
}

// The parse-time passes of a text read as MDX, which the page's chain gets
// already parsed. A pass that parses the text again belongs here, where
// `this.parse` reads MDX: the page's chain would read it as Markdown. The
// parser carries the syntax extensions of markdownProcessor's, plus MDX.
const mdxSyntax = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkContainerSyntax)
  .use(remarkMdx)
  // After remark-mdx, so its syntax is tried first at `<`: `<!-- -->` is a comment that is dropped, as
  // Docusaurus 3 reads it (with this plugin), where MDX alone refuses the `!`. Code is never tokenized.
  .use(remarkComment)
  .use(remarkLegacyContainerFences)
  .use(remarkMdxComponents)
  .freeze()
// A Markdown partial's, for the same reason: inlined in a page, what is left
// for the page's chain to parse again would be parsed at the page's lines.
const markdownPartialSyntax = unified().use(remarkParse).use(remarkGfm).use(remarkContainerSyntax).use(remarkLegacyContainerFences).freeze()

// Only a text with one of these can hold MDX syntax that changes its meaning;
// the others skip the MDX parse. The parser decides the rest.
const mdxHint = /^(?:import|export)\s|<[A-Z]|\{\/\*/m

/**
 * The Markdown tree of a source, MDX reduced to Markdown and directives.
 * `detect` reads a `.md` file as MDX when the MDX parser finds MDX syntax in
 * it (ESM, a component with a capital letter, a `{/* comment *\/}`); a file
 * without any, or one that is not valid MDX but is valid Markdown (`a < b`,
 * `<!-- -->`, `<https://…>`), is Markdown. A file that starts MDX (an
 * `import` or `export` line) but fails to parse as MDX is an error, as it is
 * under `mdx`.
 */
export function parseSource(file: VFile, source: MarkdownSource, context: ParseContext): ParsedSource {
  const markdown = () => ({ tree: markdownProcessor.parse(file), mdx: false })
  if (source.syntax === 'md' || (source.syntax === 'detect' && !mdxHint.test(source.body))) return markdown()
  // Passes that parse again read the text from the file: it is the text MDX reads.
  const mdxFile = new VFile({ path: file.path, value: escapeHeadingIds(source.body) })
  let tree: Root
  try {
    tree = mdxSyntax.parse(mdxFile)
  } catch (error) {
    if (!(error instanceof VFileMessage)) throw error
    const fallback = markdown()
    if (source.syntax === 'detect' && !fallback.tree.children.some(looksLikeEsm)) return fallback
    const fileLine = fileLineOf(source)
    context.findings.errors.push({ path: source.path, line: lineOf(error, fileLine), message: `invalid MDX: ${reasonOf(error, fileLine)}` })
    return { tree: { type: 'root', children: [] }, mdx: true }
  }
  if (source.syntax === 'detect' && !hasMdxSyntax(tree)) return markdown()
  mdxFile.data.mdx = {
    path: source.path,
    fileLine: fileLineOf(source),
    findings: context.findings,
    loadPartial: (specifier, line) => loadPartial(source, specifier, line, context),
  }
  return { tree: mdxSyntax.runSync(tree, mdxFile), mdx: true }
}

function loadPartial(from: MarkdownSource, specifier: string, line: number, context: ParseContext): Root | null {
  const path = resolveRelative(from.path, specifier)
  const partial = context.partials[path]
  if (!partial) {
    const message = `partial "${specifier}" not found: ${path} is not a partial (a .md or .mdx file whose name starts with "_")`
    context.findings.errors.push({ path: from.path, line, message })
    return null
  }
  if (context.within.includes(path)) {
    context.findings.errors.push({ path: from.path, line, message: `partial "${specifier}" includes itself: ${[...context.within, path].join(' -> ')}` })
    return null
  }
  const source = { path, body: partial.body, bodyLine: partial.bodyLine, syntax: syntaxOf(path, context.format) }
  const file = new VFile({ path, value: partial.body })
  const parsed = parseSource(file, source, { ...context, within: [...context.within, path] })
  // Its passes change the tree in place.
  if (!parsed.mdx) markdownPartialSyntax.runSync(parsed.tree, file)
  return parsed.tree
}

// `## Title {#id}` sets a heading id in Markdown, where MDX would read an
// expression and fail. As Docusaurus does for MDX, the brace is escaped
// first, on heading lines only, so the id reaches the heading-id plugin as
// text; lines keep their numbers.
const headingId = /^(#{1,6}[ \t][^\n]*?[ \t])\{(#[^\s{}]+)\}[ \t]*$/gm

function escapeHeadingIds(body: string): string {
  return body.replace(headingId, '$1\\{$2}')
}

function hasMdxSyntax(tree: Root): boolean {
  let found = false
  visit(tree, (node) => {
    const esm = node.type === 'mdxjsEsm'
    const component = (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && /^[A-Z]|\./.test(node.name ?? '')
    const comment = (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && isCommentOnly(node)
    if (!(esm || component || comment)) return undefined
    found = true
    return EXIT
  })
  return found
}

/** In the Markdown tree of a text MDX could not parse: a top-level `import x from` or `export` paragraph. */
function looksLikeEsm(node: RootContent): boolean {
  const first = node.type === 'paragraph' ? node.children[0] : undefined
  return first?.type === 'text' && /^(?:import\s[^\n]*\sfrom\s|import\s+['"]|export\s+(?:const|let|function|default|\{))/.test(first.value)
}

// Some reasons name a place of their own, `(3:1-3:7)`, in lines of the body.
const placeInReason = /\((\d+):\d+(?:-(\d+):\d+)?\)/g

function fileLineOf(source: MarkdownSource): (line: number) => number {
  return source.fileLine ?? ((line) => line + source.bodyLine - 1)
}

function lineOf(message: VFileMessage, fileLine: (line: number) => number): number {
  return fileLine(message.line ?? Number(/\((\d+):\d+/.exec(message.reason)?.[1] ?? 1))
}

/** The parser's reason, its places as lines of the file, and what acorn said of a bad expression. */
function reasonOf(message: VFileMessage, fileLine: (line: number) => number): string {
  const reason = message.reason.replace(placeInReason, (_, start: string) => `(line ${fileLine(Number(start))})`)
  const cause = message.cause instanceof Error ? message.cause.message.replace(/\s*\(\d+:\d+\)$/, '') : ''
  return cause ? `${reason}: ${cause.charAt(0).toLowerCase()}${cause.slice(1)}` : reason
}
