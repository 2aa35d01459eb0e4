import type { ListItem, Paragraph, PhrasingContent, Root, RootContent } from 'mdast'
import { toMarkdown } from 'mdast-util-to-markdown'

/**
 * A page with no content of its own, such as VitePress's `layout: home`
 * (a `hero:` and `features:` in front matter, drawn by the theme): its
 * front matter text as Markdown, so readers still get a page. Null when
 * the front matter has nothing to show either.
 */
export function frontMatterPage(data: Record<string, unknown>): string | null {
  const hero = record(data.hero)
  const heading = text(hero.name) ?? text(data.title)
  const paragraphs = [text(hero.text), text(hero.tagline), text(data.description)].filter((line, index, all): line is string => line !== undefined && all.indexOf(line) === index)
  const features = (Array.isArray(data.features) ? data.features : []).map(record).flatMap(feature)
  const children: RootContent[] = paragraphs.map((value): Paragraph => ({ type: 'paragraph', children: [{ type: 'text', value }] }))
  if (heading) children.unshift({ type: 'heading', depth: 1, children: [{ type: 'text', value: heading }] })
  if (features.length > 0) children.push({ type: 'list', ordered: false, spread: false, children: features })
  if (children.length === 0) return null
  return toMarkdown({ type: 'root', children } satisfies Root)
}

/** Whether front matter says the page is a theme's layout rather than a document. */
export function isLayoutFrontMatter(data: Record<string, unknown>): boolean {
  return data.layout !== undefined || data.hero !== undefined || data.features !== undefined
}

function feature(item: Record<string, unknown>): ListItem[] {
  const title = text(item.title)
  const details = text(item.details)
  const line: PhrasingContent[] = []
  if (title) line.push({ type: 'strong', children: [{ type: 'text', value: title }] })
  if (details) line.push({ type: 'text', value: title ? `: ${details}` : details })
  return line.length > 0 ? [{ type: 'listItem', spread: false, children: [{ type: 'paragraph', children: line }] }] : []
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}
