import type { Element, Root } from 'hast'
import { toString as hastToString } from 'hast-util-to-string'
import type { VFile } from 'vfile'
import { DEFAULT_HEADING_ID_RULE, HEADING_ID_RULES, type HeadingIdRule } from '../../content/markdown-options.ts'
import { sluggerFor } from '../heading-slugs.ts'
import { eachElement } from './each-element.ts'

declare module 'vfile' {
  interface DataMap {
    /** The site's rule for heading ids (site.yml `markdown.headingIds`). */
    headingIdRule: HeadingIdRule
    /** The ids each rule would have given the headings, to the ids they have, where the two differ. */
    headingAliases: ReadonlyMap<string, string>
  }
}

const headingTag = /^h[1-6]$/

/**
 * Gives every element an author named with `{#id}` (see remark-heading-ids)
 * that id, and every other heading without an id the slug of its text under
 * the site's rule (heading-slugs.ts). Repeats get `-1`, `-2` as the rule
 * does, and a slug never takes an id that a `{#id}` claims further down.
 * Headings that already have an id (an author's HTML, prefixed by the
 * sanitizer) keep it. One slugger per document.
 *
 * It also records what each rule would have called each heading, so a
 * `#fragment` written for the site's other rule still finds its heading.
 */
export function rehypeHeadingIds() {
  return function transform(tree: Root, file: VFile) {
    const custom = file.data.customIds ?? new Map<number, string>()
    const named: Array<{ element: Element; written: string | undefined }> = []
    const taken = new Set<number>()
    eachElement(tree, (element) => {
      const offset = element.position?.start.offset
      // The outermost element at an offset is the one named: a list, not its first item.
      const written = offset === undefined || taken.has(offset) ? undefined : custom.get(offset)
      if (written !== undefined) taken.add(offset as number)
      if (written !== undefined || (headingTag.test(element.tagName) && element.properties.id === undefined)) named.push({ element, written })
    })
    const claimed = new Set(custom.values())
    const used = new Set<string>()
    const slugger = sluggerFor(file.data.headingIdRule ?? DEFAULT_HEADING_ID_RULE)
    for (const { element, written } of named) {
      let id = written === undefined ? slugger.slug(hastToString(element)) : unique(written, used)
      while (written === undefined && (claimed.has(id) || used.has(id))) id = slugger.slug(hastToString(element))
      used.add(id)
      element.properties.id = id
    }
    file.data.headingAliases = aliasesOf(named.flatMap(({ element }) => (headingTag.test(element.tagName) ? [element] : [])))
  }
}

/** The same `{#id}` written twice still gives two ids. */
function unique(id: string, used: Set<string>): string {
  let candidate = id
  for (let count = 1; used.has(candidate); count++) candidate = `${id}-${count}`
  return candidate
}

/** Each rule's ids for the headings, in order, to the ids the headings got; the first heading keeps a name two share. */
function aliasesOf(headings: Element[]): Map<string, string> {
  const aliases = new Map<string, string>()
  for (const rule of HEADING_ID_RULES) {
    const slugger = sluggerFor(rule)
    for (const heading of headings) {
      const alias = slugger.slug(hastToString(heading))
      if (alias !== heading.properties.id && !aliases.has(alias)) aliases.set(alias, String(heading.properties.id))
    }
  }
  return aliases
}
