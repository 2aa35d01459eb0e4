import type { ContentProblem } from '../content/problems.ts'
import { fragmentOf } from '../markdown/plugins/rehype-fragments.ts'
import type { RenderedDocument } from '../markdown/render.ts'
import type { RenderedRelease } from './render-all.ts'

export interface SettledFragments {
  /** By content path: the renderings, those with a link to re-point replaced by a rewritten copy. */
  documents: Map<string, RenderedDocument>
  /** Release notes, likewise: they link into the pages too. */
  releases: Map<string, RenderedRelease>
  /** Links whose `#fragment` lands nowhere: broken links, warnings under `links: warn`. */
  broken: ContentProblem[]
}

/** What a link's fragment is rewritten to: `from` and `to` are whole URLs, with their fragments. */
interface Rewrite {
  from: string
  to: string
}

/** Makes (or, in a long-lived build, keeps) the rewritten copy of `output`; `key` names the rewrites. */
type KeepRewritten = (output: RenderedDocument, key: string, make: () => RenderedDocument) => RenderedDocument

/** Settles the fragments of one rendering (a page, release notes) that links into `documents`. */
type SettleOne = (path: string, output: RenderedDocument) => { output: RenderedDocument; broken: ContentProblem[] }

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
  rendered: { documents: Map<string, RenderedDocument>; releases: Map<string, RenderedRelease> },
  urls: Record<string, string>,
  keep?: KeepRewritten,
): SettledFragments {
  const settle = fragmentSettler(rendered.documents, urls, keep)
  const broken: ContentProblem[] = []
  const settled = (path: string, output: RenderedDocument) => {
    const result = settle(path, output)
    broken.push(...result.broken)
    return result.output
  }
  const documents = new Map([...rendered.documents].map(([path, output]) => [path, settled(path, output)]))
  const releases = new Map(
    [...rendered.releases].map(([path, release]) => {
      const body = settled(path, release.body)
      const upgrade = release.upgrade && settled(path, release.upgrade)
      // The very same object when nothing changed: a long-lived build tells an untouched release by it.
      return [path, body === release.body && upgrade === release.upgrade ? release : { body, upgrade }]
    }),
  )
  return { documents, releases, broken }
}

/** Settles renderings that link into `documents`, whose URLs are `urls` (content path to URL). */
function fragmentSettler(documents: Map<string, RenderedDocument>, urls: Record<string, string>, keep: KeepRewritten = (_output, _key, make) => make()): SettleOne {
  const pathOfUrl = new Map(Object.entries(urls).map(([path, url]) => [url, path]))
  return (path, output) => {
    const broken: ContentProblem[] = output.missingAnchors.map((link) => ({ path, line: link.line, message: `link "${link.href}" points at no heading or anchor of this page` }))
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
      if (id === undefined) {
        broken.push({ path, line: link.line, message: `link "${link.href}" points at no heading or anchor "#${fragment}" in ${target}` })
        continue
      }
      if (!PLAIN_URL.test(written) || !PLAIN_URL.test(id)) {
        broken.push({ path, line: link.line, message: `link "${link.href}" names "#${id}" of ${target} in a form the build cannot rewrite: write "#${id}"` })
        continue
      }
      htmlRewrites.push({ from: `${link.url}#${written}`, to: `${link.url}#${id}` })
      if (link.markdownUrl !== null) markdownRewrites.push({ from: `${link.markdownUrl}#${written}`, to: `${link.markdownUrl}#${id}` })
    }
    if (htmlRewrites.length === 0) return { output, broken }
    return { output: keep(output, JSON.stringify([htmlRewrites, markdownRewrites]), () => rewritten(output, htmlRewrites, markdownRewrites)), broken }
  }
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
