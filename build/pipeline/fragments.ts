import type { ContentProblem } from '../content/problems.ts'
import { fragmentOf } from '../markdown/plugins/rehype-fragments.ts'
import type { RenderedDocument } from '../markdown/render.ts'

export interface SettledFragments {
  /** By content path: the renderings, those with a link to re-point replaced by a rewritten copy. */
  documents: Map<string, RenderedDocument>
  /** Links whose `#fragment` lands nowhere: broken links, warnings under `links: warn`. */
  broken: ContentProblem[]
}

/** What a link's fragment is rewritten to: `from` and `to` are whole URLs, with their fragments. */
interface Rewrite {
  from: string
  to: string
}

/** Makes (or, in a long-lived build, keeps) the rewritten copy of `output`; `key` names the rewrites. */
export type KeepRewritten = (output: RenderedDocument, key: string, make: () => RenderedDocument) => RenderedDocument

/**
 * Settles the `#fragment` of every link from one document into another,
 * now that every document is rendered and its places are known (`anchors`,
 * see rehype-fragments). A fragment that names a place by the site's other
 * heading rule (or an author id without its `user-content-` prefix) is
 * rewritten to the id, in the HTML and the Markdown copy; one that names no
 * place under any rule is a broken link at the link's line, as is an
 * in-page link found so at render time.
 */
export function settleFragments(
  documents: Map<string, RenderedDocument>,
  urls: Record<string, string>,
  keep: KeepRewritten = (_output, _key, make) => make(),
): SettledFragments {
  const pathOfUrl = new Map(Object.entries(urls).map(([path, url]) => [url, path]))
  const settled = new Map<string, RenderedDocument>()
  const broken: ContentProblem[] = []
  for (const [path, output] of documents) {
    for (const link of output.missingAnchors) broken.push({ path, line: link.line, message: `link "${link.href}" points at no heading or anchor of this page` })
    const htmlRewrites: Rewrite[] = []
    const markdownRewrites: Rewrite[] = []
    for (const link of output.links) {
      const hash = link.href.indexOf('#')
      const target = hash === -1 || link.url === null ? undefined : pathOfUrl.get(link.url)
      const anchors = target === undefined ? undefined : documents.get(target)?.anchors
      if (target === undefined || anchors === undefined) continue
      const written = link.href.slice(hash + 1)
      const fragment = fragmentOf(written)
      if (fragment === null || (Object.hasOwn(anchors, fragment) && anchors[fragment] === fragment)) continue
      const id = Object.hasOwn(anchors, fragment) ? anchors[fragment] : undefined
      if (id === undefined || !PLAIN_URL.test(written) || !PLAIN_URL.test(id)) {
        broken.push({ path, line: link.line, message: `link "${link.href}" points at no heading or anchor "#${fragment}" in ${target}` })
        continue
      }
      htmlRewrites.push({ from: `${link.url}#${written}`, to: `${link.url}#${id}` })
      if (link.markdownUrl !== null) markdownRewrites.push({ from: `${link.markdownUrl}#${written}`, to: `${link.markdownUrl}#${id}` })
    }
    const key = JSON.stringify([htmlRewrites, markdownRewrites])
    settled.set(path, htmlRewrites.length === 0 ? output : keep(output, key, () => rewritten(output, htmlRewrites, markdownRewrites)))
  }
  return { documents: settled, broken }
}

// A URL that the HTML and Markdown writers print as it is: no quote, angle bracket, parenthesis, ampersand, backtick or space.
const PLAIN_URL = /^[^\s&"'`<>()]*$/

function rewritten(output: RenderedDocument, html: Rewrite[], markdown: Rewrite[]): RenderedDocument {
  return {
    ...output,
    html: html.reduce((text, { from, to }) => text.replaceAll(`href="${from}"`, `href="${to}"`), output.html),
    // The copy writes a link's destination after `](`, maybe in angle brackets, then `)` or its title;
    // raw HTML in it keeps `href="…"`.
    markdown: markdown.reduce(
      (text, { from, to }) => text.replaceAll(`href="${from}"`, `href="${to}"`).replace(destination(from), (_match, open: string, close: string) => `${open}${to}${close}`),
      output.markdown,
    ),
  }
}

function destination(url: string): RegExp {
  return new RegExp(`(\\]\\(<?)${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([>)\\s])`, 'g')
}
