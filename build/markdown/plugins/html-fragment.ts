import type { Element, ElementContent, Root, RootContent } from 'hast'
import { fromParse5 } from 'hast-util-from-parse5'
import { sanitize, type Schema } from 'hast-util-sanitize'
import { toHtml } from 'hast-util-to-html'
import { parseFragment } from 'parse5'
import { visit } from 'unist-util-visit'
import { VFile } from 'vfile'

const leadingEndTags = /^(?:\s*<\/([a-z][a-z0-9-]*)\s*>)+/i
const endTag = /<\/([a-z][a-z0-9-]*)\s*>/gi

/**
 * One raw HTML node of Markdown, as the sanitizer would leave it, or '' when
 * nothing is left. Markdown splits raw HTML into pieces around the Markdown
 * between them (`<details>`, a paragraph, `</details>`), so a piece may open
 * an element it does not close, or close one opened in an earlier piece:
 * such tags are kept open, or kept as end tags, when the schema allows the
 * element. `rewriteHref` rewrites the URLs of `<a href>` and `<img src>` it knows.
 */
export function sanitizeHtmlFragment(html: string, schema: Schema, rewriteHref: (href: string) => string | undefined): string {
  const leading = leadingEndTags.exec(html)?.[0] ?? ''
  const closing = [...leading.matchAll(endTag)].flatMap(([, name]) => (allows(schema, name) ? [`</${name?.toLowerCase()}>`] : []))
  const rest = html.slice(leading.length)
  const tree = fromParse5(parseFragment(rest, { sourceCodeLocationInfo: true }), { file: new VFile(rest), verbose: true }) as Root
  const clean = sanitize(tree, schema) as Root
  visit(clean, 'element', (node: Element) => {
    const attribute = node.tagName === 'a' ? 'href' : node.tagName === 'img' ? 'src' : undefined
    const url = attribute ? node.properties[attribute] : undefined
    const rewritten = typeof url === 'string' ? rewriteHref(url) : undefined
    if (attribute && rewritten !== undefined) node.properties[attribute] = rewritten
  })
  const result = closing.join('') + leftOpen(clean.children)
  return result.trim() === '' ? '' : result
}

function allows(schema: Schema, name: string | undefined): boolean {
  const tag = name?.toLowerCase() ?? ''
  return (schema.tagNames ?? []).includes(tag) && !(schema.strip ?? []).includes(tag)
}

/** The HTML of `nodes`, leaving open the elements still open where the source ended. */
function leftOpen(nodes: Array<RootContent | ElementContent>): string {
  const last = nodes.at(-1)
  if (last?.type !== 'element' || closedInSource(last)) return toHtml(nodes)
  const element = toHtml({ ...last, children: [] })
  const startTag = element.endsWith(`</${last.tagName}>`) ? element.slice(0, -`</${last.tagName}>`.length) : element
  return toHtml(nodes.slice(0, -1)) + startTag + leftOpen(last.children)
}

// `verbose` parsing records where an element's end tag is; the sanitizer keeps that data.
function closedInSource(element: Element): boolean {
  return element.data?.position?.closing !== undefined
}
