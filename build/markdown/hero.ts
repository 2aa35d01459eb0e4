import type { Element, ElementContent, Root as HastRoot } from 'hast'
import type { PhrasingContent, RootContent } from 'mdast'
import { fromParse5 } from 'hast-util-from-parse5'
import { toString as hastToString } from 'hast-util-to-string'
import { h } from 'hastscript'
import { parseFragment } from 'parse5'
import { VFile } from 'vfile'
import type { Hero } from '../../contract/index.ts'
import type { HeroSource } from '../content/hero.ts'
import type { AssetReference } from './asset-targets.ts'
import type { ResolvedLink } from './plugins/rehype-links.ts'
import { heroHtmlProcessor } from './processor.ts'

export interface RenderedHero {
  hero: Hero
  /** `<header class="hero">`, sanitized, its links and image resolved as the page's are. */
  html: string
  links: ResolvedLink[]
  assets: AssetReference[]
}

/**
 * The hero's HTML and structured data, from the hast it makes run through
 * the page chain's sanitizer, link and asset passes (a file of its own, as
 * those passes record what they find per file). Starlight reads the title
 * and tagline as HTML, so they are parsed as HTML and sanitized.
 */
export function renderHero(source: HeroSource, page: VFile, h1: string | null): RenderedHero {
  const context = page.data.linkContext
  const file = new VFile({ path: page.path })
  if (context) file.data.linkContext = context
  const children: ElementContent[] = []
  if (source.image) children.push(h('img', { src: source.image.src, alt: source.image.alt }))
  children.push(h('h1', htmlText(source.title ?? source.pageTitle ?? h1 ?? '')))
  if (source.tagline) children.push(h('p', { className: ['hero-tagline'] }, htmlText(source.tagline)))
  const actions = source.actions.map((action) => h('a', { className: ['hero-action'], dataKind: action.variant, href: action.link }, action.text))
  if (actions.length > 0) children.push(h('p', { className: ['hero-actions'] }, actions))
  const tree = heroHtmlProcessor.runSync({ type: 'root', children: [h('header', { className: ['hero'] }, children)] }, file)
  // Above the fold: it loads at once, not lazily as the page's other images.
  for (const image of elementsIn(tree)) if (image.tagName === 'img') image.properties.loading = 'eager'
  // All of it was written at `hero:` in front matter: what the passes found is reported at that line.
  const atHero = <T extends { line: number }>(found: T[] | undefined): T[] => (found ?? []).map((item) => ({ ...item, line: source.line }))
  return { hero: heroOf(tree, source), html: heroHtmlProcessor.stringify(tree, file), links: atHero(file.data.links), assets: atHero(file.data.assets) }
}

/** The hero as the sanitized, resolved HTML says it: what a front end building its own header reads. */
function heroOf(tree: HastRoot, source: HeroSource): Hero {
  const header = elementsIn(tree).find((node) => node.tagName === 'header')
  const inside = header ? elementsIn(header) : []
  const image = inside.find((node) => node.tagName === 'img')
  const tagline = inside.find((node) => node.tagName === 'p' && classes(node).includes('hero-tagline'))
  const src = image?.properties.src
  return {
    title: hastToString(inside.find((node) => node.tagName === 'h1') ?? { type: 'root', children: [] }).trim(),
    tagline: tagline ? hastToString(tagline).trim() : null,
    image: typeof src === 'string' ? { src, alt: String(image?.properties.alt ?? '') } : null,
    // In the order written; one whose link the sanitizer refused (`javascript:`) leads nowhere, so it is left out.
    actions: inside
      .filter((node) => node.tagName === 'a' && classes(node).includes('hero-action'))
      .flatMap((node, index) => {
        const href = node.properties.href
        return typeof href === 'string' ? [{ text: hastToString(node).trim(), link: href, variant: source.actions[index]?.variant ?? 'primary' }] : []
      }),
  }
}

/**
 * The hero in the Markdown copy, before the body: its title when it is not
 * the page's (the copy's `# Title`), tagline, image and actions, with links
 * and image as written, which the copy's passes point where the HTML's go.
 */
export function heroCopy(source: HeroSource): RootContent[] {
  const text = (value: string): PhrasingContent => ({ type: 'text', value: plainText(value) })
  const nodes: RootContent[] = []
  if (source.title && source.title !== source.pageTitle) nodes.push({ type: 'paragraph', children: [{ type: 'strong', children: [text(source.title)] }] })
  if (source.tagline) nodes.push({ type: 'paragraph', children: [text(source.tagline)] })
  if (source.image) nodes.push({ type: 'paragraph', children: [{ type: 'image', url: source.image.src, alt: source.image.alt }] })
  const links = source.actions.flatMap((action, index): PhrasingContent[] => [
    ...(index > 0 ? [{ type: 'text' as const, value: ' · ' }] : []),
    { type: 'link', url: action.link, children: [text(action.text)] },
  ])
  if (links.length > 0) nodes.push({ type: 'paragraph', children: links })
  return nodes
}

function htmlText(value: string): ElementContent[] {
  return (fromParse5(parseFragment(value)) as HastRoot).children.filter((node): node is ElementContent => node.type !== 'doctype')
}

/** The text of a title or tagline that may be written in HTML. */
function plainText(value: string): string {
  return hastToString({ type: 'root', children: htmlText(value) }).trim()
}

function elementsIn(parent: HastRoot | Element): Element[] {
  return parent.children.flatMap((node) => (node.type === 'element' ? [node, ...elementsIn(node)] : []))
}

function classes(node: Element): string[] {
  const value = node.properties.className
  return Array.isArray(value) ? value.map(String) : []
}
