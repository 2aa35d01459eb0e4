import { assetStillResolves, NO_ASSETS } from './asset-targets.ts'
import { resolveHref } from './link-resolution.ts'
import type { LinkTargets, RenderedDocument, RenderInput } from './render.ts'

/**
 * A rendering made with other link targets, made right for `targets`
 * without rendering again: the same page in another docs version links to
 * that version's URLs, and a page whose link target was renamed links to its
 * new URL. Each link's URL is rewritten in the HTML and the Markdown copy.
 * Undefined when that cannot be done faithfully: a link that resolved no
 * longer does (or the reverse), two links that shared a URL now part ways, or
 * a file reference resolves elsewhere. Then the page is rendered again.
 */
export function relinked(input: RenderInput, output: RenderedDocument, targets: LinkTargets): RenderedDocument | undefined {
  if (!output.assets.every((reference) => assetStillResolves(input.path, reference, targets.assets ?? NO_ASSETS))) return undefined
  const urls = new Map<string, string>()
  const markdownUrls = new Map<string, string>()
  const links = []
  for (const link of output.links) {
    const url = resolveHref(input.path, link.href, targets, 'urls') ?? null
    const markdownUrl = resolveHref(input.path, link.href, targets, 'markdownUrls') ?? null
    if (!remap(urls, link.url, url) || !remap(markdownUrls, link.markdownUrl, markdownUrl)) return undefined
    links.push(url === link.url && markdownUrl === link.markdownUrl ? link : { ...link, url, markdownUrl })
  }
  if (urls.size === 0 && markdownUrls.size === 0) return output
  return {
    ...output,
    links,
    html: output.html.replace(HREF, (value: string) => rewritten(value, urls)),
    hero: output.hero && { ...output.hero, actions: output.hero.actions.map((action) => ({ ...action, link: rewritten(action.link, urls) })) },
    // The copy keeps raw HTML links as `href="…"`, with their Markdown URLs too.
    markdown: output.markdown.replace(MARKDOWN_DESTINATION, (value: string) => rewritten(value, markdownUrls)).replace(HREF, (value: string) => rewritten(value, markdownUrls)),
  }
}

const PLAIN_URL = /^[^\s&"'<>()]*$/
const HREF = /(?<=\shref=")([^"]*)(?=")/g
// A link destination after `](`, bare or in angle brackets, up to its fragment, title or end.
const MARKDOWN_DESTINATION = /(?<=\]\(<?)([^)\s>]+)/g

/** Records old -> new for a changed URL; false when the change cannot be a rewrite. */
function remap(map: Map<string, string>, before: string | null, after: string | null): boolean {
  if (before === after) return true
  if (before === null || after === null) return false
  // A URL the HTML or Markdown writer would escape or wrap is left to a fresh rendering, byte for byte.
  if (!PLAIN_URL.test(before) || !PLAIN_URL.test(after)) return false
  const known = map.get(before)
  if (known !== undefined && known !== after) return false
  map.set(before, after)
  return true
}

/** `value` with its URL (before any `#fragment`) replaced when `map` has it. */
function rewritten(value: string, map: Map<string, string>): string {
  const hash = value.indexOf('#')
  const replacement = map.get(hash === -1 ? value : value.slice(0, hash))
  return replacement === undefined ? value : replacement + (hash === -1 ? '' : value.slice(hash))
}

/** A rendering stays valid while every link and file reference in it resolves to the URLs it was rendered with. */
export function linksStillResolve(input: RenderInput, output: RenderedDocument, targets: LinkTargets): boolean {
  return (
    output.links.every(
      (link) => resolveHref(input.path, link.href, targets, 'urls') === link.url && (resolveHref(input.path, link.href, targets, 'markdownUrls') ?? null) === link.markdownUrl,
    ) && output.assets.every((reference) => assetStillResolves(input.path, reference, targets.assets ?? NO_ASSETS))
  )
}
