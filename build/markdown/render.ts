import type { Element, ElementContent, Root, RootContent } from 'hast'
import type { Parent } from 'mdast'
import { toString } from 'hast-util-to-string'
import { toMarkdown } from 'mdast-util-to-markdown'
import { VFile } from 'vfile'
import type { ContentProblem } from '../content/problems.ts'
import { withoutMdxForCopy } from './mdx/copy.ts'
import { parseSource } from './mdx/parse.ts'
import type { PartialSource } from './mdx/partials.ts'
import { syntaxOf, type MarkdownFormat } from './mdx/syntax.ts'
import type { Hero } from '../../contract/index.ts'
import type { AssetReference } from './asset-targets.ts'
import { heroCopy, renderHero, type HeroSource } from './hero.ts'
import type { LinkTargets } from './link-resolution.ts'
import type { ResolvedLink } from './plugins/rehype-links.ts'
import { markdownCopyProcessor, markdownProcessor, markdownWithHtmlProcessor } from './processor.ts'

export type { LinkTargets }

export interface RenderInput {
  path: string
  body: string
  bodyLine: number
  /** How `.md` text is read (site.yml `markdown.format`); `.mdx` is always MDX. Default `md`. */
  format?: MarkdownFormat
  /** The partials the body may inline, by content path (see partialsFor). */
  partials?: Record<string, PartialSource>
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
export interface TextSection {
  heading: Heading | null
  text: string
}

export interface RenderedDocument {
  /** The hero first, when the page has one. */
  html: string
  /** Starlight's `hero:` front matter, its links and image resolved, or null. */
  hero: Hero | null
  /** Text of the first `# H1`, the title when front matter has none. */
  h1: string | null
  headings: Heading[]
  sections: TextSection[]
  links: ResolvedLink[]
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
}

const headingTag = /^h([1-6])$/

export function renderDocument(input: RenderInput, targets: LinkTargets): RenderedDocument {
  const file = new VFile({ path: input.path, value: input.body })
  file.data.linkContext = { path: input.path, targets, lineOffset: input.bodyLine - 1 }
  const findings: { errors: ContentProblem[]; warnings: ContentProblem[] } = { errors: [], warnings: [] }
  const source = { path: input.path, body: input.body, bodyLine: input.bodyLine, syntax: syntaxOf(input.path, input.format ?? 'md') }
  const parsed = parseSource(file, source, { findings, partials: input.partials ?? {}, format: input.format ?? 'md', within: [input.path] })
  const mdast = parsed.tree
  const rawHtml = hasRawHtml(mdast)
  // Only raw HTML holds a component, only `{{` an interpolation; MDX has neither: its own are reduced already.
  if (!parsed.mdx && (rawHtml || (input.vue && input.body.includes('{{')))) {
    const fileLine = (line: number) => line + input.bodyLine - 1
    file.data.vueMarkup = { path: input.path, fileLine, warnings: findings.warnings, interpolation: input.vue ?? false }
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
  return {
    html: hero ? [hero.html, html].filter((part) => part !== '').join('\n') : html,
    hero: hero?.hero ?? null,
    h1,
    headings,
    sections: splitSections(tree),
    links: [...(hero?.links ?? []), ...(file.data.links ?? [])],
    assets: [...(hero?.assets ?? []), ...(file.data.assets ?? [])],
    markdown,
    ...findings,
  }
}

function hasRawHtml(parent: Parent): boolean {
  return parent.children.some((node) => node.type === 'html' || ('children' in node && hasRawHtml(node)))
}

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
  const heading = toMarkdown({ type: 'heading', depth: 1, children: [{ type: 'text', value: title.replace(/\s*\n\s*/g, ' ') }] })
  const rest = body.replace(leadingH1, '')
  return rest === '' ? heading : `${heading}\n${rest}`
}

function headingOf(node: RootContent | ElementContent): Heading | null {
  if (node.type !== 'element') return null
  const match = headingTag.exec(node.tagName)
  const id = node.properties.id
  if (!match || typeof id !== 'string') return null
  return { depth: Number(match[1]), id, text: toString(node).trim() }
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
    const text = node.type === 'element' || node.type === 'text' ? toString(node).replace(/\s+/g, ' ').trim() : ''
    const current = sections[sections.length - 1]
    if (current && text) current.text = current.text ? `${current.text} ${text}` : text
  }
  return sections.filter((section, index) => index > 0 || section.text !== '')
}
