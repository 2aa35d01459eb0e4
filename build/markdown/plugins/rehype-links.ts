import type { Root } from 'hast'
import type { VFile } from 'vfile'
import type { AssetTargets } from '../asset-targets.ts'
import { eachElement } from './each-element.ts'

/** Content path of every document to its URLs; links are rewritten with them. */
export interface LinkTargets {
  /** To its public (HTML) URL, for the rendered HTML. */
  urls: Record<string, string>
  /** To the URL of its Markdown, for the Markdown copy. */
  markdownUrls: Record<string, string>
  /** Files pages may reference (images, downloads); see rehype-assets. */
  assets?: AssetTargets
}

/** Per-document context, passed through `file.data` because the processor is frozen. */
export interface LinkContext {
  /** The document's path relative to the content root, e.g. `docs/en/guides/a.md`. */
  path: string
  targets: LinkTargets
  /** Added to a body line to get the file line. */
  lineOffset: number
}

export interface ResolvedLink {
  href: string
  line: number
  /** The URL it was rewritten to, or null when it points at no document. */
  url: string | null
  /** The Markdown URL the Markdown copy links to instead, or null likewise. */
  markdownUrl: string | null
}

declare module 'vfile' {
  interface DataMap {
    linkContext: LinkContext
    links: ResolvedLink[]
  }
}

const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#|\/)/i

/**
 * Rewrites relative links to other Markdown files into the target document's
 * URL and records each one, so the build can report those that point nowhere.
 */
export function rehypeLinks() {
  return function transform(tree: Root, file: VFile) {
    const context = file.data.linkContext
    if (!context) return
    const links: ResolvedLink[] = []
    eachElement(tree, (node) => {
      const href = node.tagName === 'a' ? node.properties.href : undefined
      if (typeof href !== 'string') return
      const url = resolveHref(context.path, href, context.targets.urls)
      if (url === undefined) return
      const markdownUrl = resolveHref(context.path, href, context.targets.markdownUrls) ?? null
      const line = (node.position?.start.line ?? 1) + context.lineOffset
      links.push({ href, line, url, markdownUrl })
      if (url !== null) node.properties.href = withFragment(url, href)
    })
    file.data.links = links
  }
}

/**
 * The URL a relative document link points at: `undefined` when it is no
 * document link at all, `null` when it names a document that does not exist.
 */
export function resolveHref(from: string, href: string, targets: Record<string, string>): string | null | undefined {
  if (external.test(href)) return undefined
  const candidates = candidatePaths(from, safeDecode(splitHash(href)[0]))
  if (candidates.length === 0) return undefined
  return candidates.map((candidate) => targets[candidate]).find((value) => value !== undefined) ?? null
}

/** `href` pointed at the document it names, in `targets`, keeping its `#fragment`; `undefined` and `null` as resolveHref. */
export function rewriteHref(from: string, href: string, targets: Record<string, string>): string | null | undefined {
  const url = resolveHref(from, href, targets)
  return typeof url === 'string' ? withFragment(url, href) : url
}

function withFragment(url: string, href: string): string {
  const hash = splitHash(href)[1]
  return hash === undefined ? url : `${url}#${hash}`
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

function splitHash(href: string): [string, string | undefined] {
  const at = href.indexOf('#')
  return at === -1 ? [href, undefined] : [href.slice(0, at), href.slice(at + 1)]
}

/** Only `.md` links and extensionless links are document links; `./diagram.png` is not. */
function candidatePaths(from: string, target: string): string[] {
  if (target === '') return []
  const resolved = resolveRelative(from, target)
  if (target.endsWith('.md')) return [resolved]
  if (/\.[a-z0-9]+$/i.test(target)) return []
  const bare = resolved.replace(/\/$/, '')
  return [`${bare}.md`, `${bare}/index.md`]
}

/** The content path `relative` names from the file `from` (`docs/en/a/b.md` + `../c.md` -> `docs/en/c.md`). */
export function resolveRelative(from: string, relative: string): string {
  const parts = from.slice(0, from.lastIndexOf('/')).split('/')
  for (const segment of relative.split('/')) {
    if (segment === '..') parts.pop()
    else if (segment !== '.' && segment !== '') parts.push(segment)
  }
  return parts.join('/')
}
