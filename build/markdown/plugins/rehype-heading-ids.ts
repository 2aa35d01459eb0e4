import GithubSlugger from 'github-slugger'
import type { Element, Root } from 'hast'
import { toString } from 'hast-util-to-string'
import type { VFile } from 'vfile'
import { eachElement } from './each-element.ts'

const headingTag = /^h[1-6]$/
/** A dot between two letters or digits, as in `build.target` or `v1.2`. */
const innerDot = /(?<=[\p{L}\p{N}_])\.(?=[\p{L}\p{N}_])/gu

/**
 * Gives every heading without an id one: its `{#id}` when its author wrote
 * one (see remark-heading-ids), else GitHub's slug of its text, except that
 * a dot inside a word becomes a hyphen as VitePress and Docusaurus make it
 * (`build.target` -> `build-target`, where GitHub drops it), so deep links
 * copied from the old site keep working. Repeats get `-1`, `-2` as on
 * GitHub, and a slug never takes an id that a `{#id}` claims further down.
 * Headings that already have an id (an author's HTML, prefixed by the
 * sanitizer) keep it. One slugger per document.
 */
export function rehypeHeadingIds() {
  return function transform(tree: Root, file: VFile) {
    const custom = file.data.customHeadingIds ?? new Map<number, string>()
    const headings: Element[] = []
    eachElement(tree, (element) => {
      if (headingTag.test(element.tagName) && element.properties.id === undefined) headings.push(element)
    })
    const claimed = new Set(custom.values())
    const used = new Set<string>()
    const slugger = new GithubSlugger()
    for (const heading of headings) {
      const offset = heading.position?.start.offset
      const written = offset === undefined ? undefined : custom.get(offset)
      let id = written === undefined ? slugger.slug(slugText(heading)) : unique(written, used)
      while (written === undefined && (claimed.has(id) || used.has(id))) id = slugger.slug(slugText(heading))
      used.add(id)
      heading.properties.id = id
    }
  }
}

function slugText(heading: Element): string {
  return toString(heading).replace(innerDot, '-')
}

/** The same `{#id}` written twice still gives two ids. */
function unique(id: string, used: Set<string>): string {
  let candidate = id
  for (let count = 1; used.has(candidate); count++) candidate = `${id}-${count}`
  return candidate
}
