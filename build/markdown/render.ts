import type { Element, ElementContent, Root, RootContent } from 'hast'
import type { Parent } from 'mdast'
import { toString as hastToString } from 'hast-util-to-string'
import { toMarkdown } from 'mdast-util-to-markdown'
import { VFile } from 'vfile'
import type { ContentProblem } from '../content/problems.ts'
import { expandIncludes } from './includes/expand.ts'
import { withoutMdxForCopy } from './mdx/copy.ts'
import { parseSource } from './mdx/parse.ts'
import type { PartialSource } from './mdx/partials.ts'
import { syntaxOf } from './mdx/syntax.ts'
import type { Hero } from '../../contract/index.ts'
import type { AssetReference } from './asset-targets.ts'
import type { HeroSource } from '../content/hero.ts'
import type { HeadingIdRule, MarkdownFormat } from '../content/markdown-options.ts'
import { heroCopy, renderHero } from './hero.ts'
import type { LinkTargets } from './link-resolution.ts'
import type { ResolvedLink } from './plugins/rehype-links.ts'
import { markdownCopyProcessor, markdownProcessor, markdownWithHtmlProcessor } from './processor.ts'
import { recordTermsText, type RecordTermsText } from '../../search/engine.ts'

export type { LinkTargets }

export interface RenderInput {
  path: string
  body: string
  bodyLine: number
  /** `bodyDigest(body)` when the caller has it already (taken as the file was parsed): the render cache then finds the rendering without reading `body`. */
  bodyDigest?: string
  /** How `.md` text is read (site.yml `markdown.format`); `.mdx` is always MDX. Default `md`. */
  format?: MarkdownFormat
  /** The partials the body may inline (MDX imports, VitePress includes), by content path (see partialsFor). */
  partials?: Record<string, PartialSource>
  /** How headings get their ids (site.yml `markdown.headingIds`). Default `github`. */
  headingIds?: HeadingIdRule
  /** Whether `{{ … }}` in a page read as Markdown is Vue's (site.yml `markdown.vue`). Default false. */
  vue?: boolean
  /** The page's hero, from front matter: rendered before the body. */
  hero?: HeroSource
}

export interface Heading {
  depth: number
  id: string
  text: string
}

/** A stretch of text under one heading (or before the first), for the search index. */
interface TextSection {
  heading: Heading | null
  text: string
}

/**
 * Where a rendering whose texts wait as bytes (build/rendering-texts.ts) gives its sections as the JSON it holds,
 * without parsing them; one held in memory has none. Not enumerable, so a copy with changed texts has none either.
 */
export const SECTIONS_JSON = Symbol('sections as JSON')

export interface RenderedDocument {
  /** The sections as JSON, when the rendering holds them so (see SECTIONS_JSON). */
  readonly [SECTIONS_JSON]?: string
  /** The hero first, when the page has one. */
  html: string
  /** Starlight's `hero:` front matter, its links and image resolved, or null. */
  hero: Hero | null
  /** Text of the first `# H1`, the title when front matter has none. */
  h1: string | null
  headings: Heading[]
  sections: TextSection[]
  /** The sections' search terms, tokenized here (a render thread) and cached with the rendering; null when they depend on the locale. */
  recordTerms: RecordTermsText | null
  links: ResolvedLink[]
  /** Every name a `#fragment` may give a place in the page, to the id it lands on (see rehype-fragments). */
  anchors: Record<string, string>
  /** In-page links (`#x`) that land nowhere in the page: broken links, at their file lines. */
  missingAnchors: Array<{ href: string; line: number }>
  /** Images and links to files: what the build publishes, or reports missing. */
  assets: AssetReference[]
  /**
   * The body as Markdown (CommonMark and GFM) for AI tools: links to other
   * documents point at their Markdown URLs, foreign syntax is reduced and raw
   * HTML sanitized as in `html`. No title line: see documentMarkdown.
   */
  markdown: string
  /** Problems that fail the build (malformed MDX, a missing partial), at their file and line. */
  errors: ContentProblem[]
  /** What the author should hear about (an unsupported component, an expression dropped). */
  warnings: ContentProblem[]
  /** Code blocks shown as plain text because Shiki has no grammar for their language: how many, by the language name written. */
  unknownCodeLanguages: Record<string, number>
}

/** A rendering that is only its errors: what a page too large to render gives, and what a shard keeps once the cache has a page. */
export function errorsOnlyRendering(errors: ContentProblem[]): RenderedDocument {
  return {
    html: '',
    hero: null,
    h1: null,
    headings: [],
    sections: [],
    recordTerms: null,
    links: [],
    anchors: {},
    missingAnchors: [],
    assets: [],
    markdown: '',
    errors,
    warnings: [],
    unknownCodeLanguages: {},
  }
}

const headingTag = /^h([1-6])$/

export function renderDocument(input: RenderInput, targets: LinkTargets): RenderedDocument {
  const partials = input.partials ?? {}
  const expanded = expandIncludes(input, partials, targets.routes?.locales ?? [])
  const file = new VFile({ path: input.path, value: expanded.body })
  file.data.linkContext = { path: input.path, targets, fileLine: expanded.fileLine }
  if (input.headingIds) file.data.headingIdRule = input.headingIds
  const findings: { errors: ContentProblem[]; warnings: ContentProblem[] } = { errors: [...expanded.errors], warnings: [] }
  const source = { path: input.path, body: expanded.body, bodyLine: input.bodyLine, syntax: syntaxOf(input.path, input.format ?? 'md'), fileLine: expanded.fileLine }
  const parsed = parseSource(file, source, { findings, partials, format: input.format ?? 'md', within: [input.path] })
  const mdast = parsed.tree
  const rawHtml = hasRawHtml(mdast)
  // Only raw HTML holds a component, only `{{` an interpolation; MDX has neither: its own are reduced already.
  if (!parsed.mdx && (rawHtml || (input.vue && expanded.body.includes('{{')))) {
    file.data.vueMarkup = { path: input.path, fileLine: expanded.fileLine, warnings: findings.warnings, interpolation: input.vue ?? false }
  }
  const processor = rawHtml ? markdownWithHtmlProcessor : markdownProcessor
  const tree = processor.runSync(mdast, file)
  const headings = collectHeadings(tree)
  const h1 = headings.find((heading) => heading.depth === 1)?.text ?? null
  const hero = input.hero ? renderHero(input.hero, file, h1) : undefined
  // The HTML tree is built: the Markdown tree is the copy's to change now.
  const copy = withoutMdxForCopy(mdast)
  if (input.hero) copy.children.unshift(...heroCopy(input.hero))
  const markdown = markdownCopyProcessor.stringify(markdownCopyProcessor.runSync(copy, file), file)
  const html = processor.stringify(tree, file)
  const sections = splitSections(tree)
  return {
    html: hero ? [hero.html, html].filter((part) => part !== '').join('\n') : html,
    hero: hero?.hero ?? null,
    h1,
    headings,
    sections,
    recordTerms: recordTermsText(sections),
    anchors: Object.fromEntries(file.data.anchors ?? []),
    missingAnchors: file.data.missingAnchors ?? [],
    links: [...(hero?.links ?? []), ...(file.data.links ?? [])],
    assets: [...(hero?.assets ?? []), ...(file.data.assets ?? [])],
    markdown,
    ...findings,
    unknownCodeLanguages: countOf(file.data.unknownCodeLanguages ?? []),
  }
}

function countOf(names: string[]): Record<string, number> {
  const counts = new Map<string, number>()
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1)
  return Object.fromEntries(counts)
}

function hasRawHtml(parent: Parent): boolean {
  return parent.children.some((node) => node.type === 'html' || ('children' in node && hasRawHtml(node)))
}

/**
 * A title that mdast-util-to-markdown writes as it is: letters and digits at both ends, and between them only
 * characters it escapes nowhere in a heading. Most titles are such, and serializing each (4 s at 100,000 pages) is skipped.
 */
const PLAIN_TITLE = /^[\p{L}\p{N}](?:[\p{L}\p{N} ,.:;?!'’()/-]*[\p{L}\p{N}])?$/u

const leadingH1 = /^#(?:[ \t][^\n]*)?(?:\n+|$)/

/**
 * A document's Markdown as served: `# {title}`, then the body. A body that
 * opens with an H1 loses it: that H1 is the title slot (the title when front
 * matter names none, and a front matter title overrides it everywhere else),
 * so the copy never shows the title twice, nor two competing titles. H1s
 * further down are the author's and stay. The copy writes a leading H1 as
 * one `# ` line, and escapes a paragraph that starts with `#`, so the pattern
 * is exact.
 */
export function documentMarkdown(title: string, body: string): string {
  const heading = PLAIN_TITLE.test(title) ? `# ${title}\n` : toMarkdown({ type: 'heading', depth: 1, children: [{ type: 'text', value: title.replace(/\s*\n\s*/g, ' ') }] })
  const rest = body.replace(leadingH1, '')
  return rest === '' ? heading : `${heading}\n${rest}`
}

function headingOf(node: RootContent | ElementContent): Heading | null {
  if (node.type !== 'element') return null
  const match = headingTag.exec(node.tagName)
  const id = node.properties.id
  if (!match || typeof id !== 'string') return null
  return { depth: Number(match[1]), id, text: headingText(node) }
}

/**
 * A heading's text without its badges (`# Custom Pool <Badge>advanced</Badge>`
 * is titled "Custom Pool"): a badge labels the heading, it is no part of its
 * name, so titles, TOC entries, search and navigation leave it out.
 */
function headingText(heading: Element): string {
  const parts = ['']
  const walk = (nodes: ElementContent[]) => {
    for (const node of nodes) {
      if (node.type === 'text') parts[parts.length - 1] += node.value
      else if (node.type === 'element' && isBadge(node)) parts.push('')
      else if (node.type === 'element') walk(node.children)
    }
  }
  walk(heading.children)
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ')
}

function isBadge(element: Element): boolean {
  const classes = element.properties.className
  return element.tagName === 'span' && Array.isArray(classes) && classes.includes('badge')
}

function collectHeadings(tree: Root): Heading[] {
  const headings: Heading[] = []
  const walk = (nodes: Array<RootContent | ElementContent>) => {
    for (const node of nodes) {
      const heading = headingOf(node)
      if (heading) headings.push(heading)
      else if (node.type === 'element') walk((node as Element).children)
    }
  }
  walk(tree.children)
  return headings
}

/** Splits top-level content at every heading below the H1. */
function splitSections(tree: Root): TextSection[] {
  const sections: TextSection[] = [{ heading: null, text: '' }]
  for (const node of tree.children) {
    const heading = headingOf(node)
    if (heading && heading.depth > 1) {
      sections.push({ heading, text: '' })
      continue
    }
    if (heading) continue
    const text = node.type === 'element' || node.type === 'text' ? hastToString(node).replace(/\s+/g, ' ').trim() : ''
    const current = sections[sections.length - 1]
    if (current && text) current.text = current.text ? `${current.text} ${text}` : text
  }
  return sections.filter((section, index) => index > 0 || section.text !== '')
}
