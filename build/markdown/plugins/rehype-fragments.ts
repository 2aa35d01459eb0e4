import type { Root } from 'hast'
import type { VFile } from 'vfile'
import { eachElement } from './each-element.ts'

declare module 'vfile' {
  interface DataMap {
    /** Every name a `#fragment` may give a place in this document, to the id that place has. */
    anchors: ReadonlyMap<string, string>
    /** In-page links (`#x`) that name no place in the document, at their file lines. */
    missingAnchors: Array<{ href: string; line: number }>
  }
}

/**
 * Settles where each `#fragment` of the document lands. A place is named by
 * its id (or an `<a name>`), and by two other names: the unprefixed id of an
 * author's element, which the sanitizer prefixes (`user-content-`) so it
 * cannot collide with heading ids or the host page (`#fn-1`); and the id the
 * site's other heading rule would have given a heading (rehype-heading-ids),
 * so a link copied from the old site still lands. In-page links are pointed
 * at the id; those that land nowhere are recorded for the build to report.
 * Links into this document from others are settled the same way once every
 * document is rendered (build/pipeline/fragments.ts), from `anchors`.
 */
export function rehypeFragments(options: { prefix: string }) {
  const { prefix } = options
  return function transform(tree: Root, file: VFile) {
    // One walk collects both: a link may come before the element it names.
    const places: string[] = []
    const inPageLinks: Array<{ href: string; line: number; set: (href: string) => void }> = []
    eachElement(tree, (node) => {
      const { id, name, href } = node.properties
      if (typeof id === 'string') places.push(id)
      if (node.tagName === 'a' && typeof name === 'string') places.push(name)
      if (node.tagName === 'a' && typeof href === 'string' && href.startsWith('#')) {
        inPageLinks.push({ href, line: node.position?.start.line ?? 1, set: (value) => (node.properties.href = value) })
      }
    })
    const anchors = anchorsOf(places, prefix, file.data.headingAliases ?? new Map())
    const fileLine = file.data.linkContext?.fileLine ?? ((line: number) => line)
    const missing: Array<{ href: string; line: number }> = []
    for (const link of inPageLinks) {
      const fragment = fragmentOf(link.href)
      if (fragment === null) continue
      const id = anchors.get(fragment)
      if (id === undefined) missing.push({ href: link.href, line: fileLine(link.line) })
      else if (id !== fragment) link.set(`#${id}`)
    }
    file.data.anchors = anchors
    file.data.missingAnchors = missing
  }
}

function anchorsOf(places: string[], prefix: string, aliases: ReadonlyMap<string, string>): Map<string, string> {
  const anchors = new Map(places.map((id) => [id, id]))
  for (const id of places) if (id.startsWith(prefix) && !anchors.has(id.slice(prefix.length))) anchors.set(id.slice(prefix.length), id)
  for (const [alias, id] of aliases) if (!anchors.has(alias)) anchors.set(alias, id)
  return anchors
}

/**
 * The id a fragment names, decoded; null for one that names no place: empty
 * or `#top` (the top of the page, as browsers read it), or a malformed
 * escape (`#%`), which stays as written rather than failing the build.
 */
export function fragmentOf(hrefFragment: string): string | null {
  const raw = hrefFragment.startsWith('#') ? hrefFragment.slice(1) : hrefFragment
  if (raw === '' || raw.toLowerCase() === 'top') return null
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}
