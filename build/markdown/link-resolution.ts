import type { AssetTargets } from './asset-targets.ts'
import { stripNumberPrefixes } from '../content/number-prefix.ts'
import { notContentPath, resolveRelative, safeDecode } from './content-paths.ts'

/** Where links can point; links are rewritten with it. */
export interface LinkTargets {
  /** Content path of every document to its public (HTML) URL, for the rendered HTML. */
  urls: Record<string, string>
  /** Content path to the URL of its Markdown, for the Markdown copy. */
  markdownUrls: Record<string, string>
  /** How root links and Docusaurus ids name documents; without it, only relative file links resolve. */
  routes?: LinkRoutes
  /** Files pages may reference (images, downloads); see rehype-assets. */
  assets?: AssetTargets
}

interface LinkRoutes {
  /** The site's `baseUrl`, ending in `/`: a root link may carry it or not. */
  baseUrl: string
  /**
   * Under another version than the default, its `baseUrl` is the version's (`/docs/next/`) and this
   * is the site's (`/docs/`): Docusaurus authors link to `/docs/options` from every version.
   */
  siteBaseUrl?: string
  /** Locale codes, the default first: a root link may start with one. */
  locales: string[]
  /** `<locale>:<slug>` and `<locale>:<Docusaurus id>` to the content path of the document. */
  aliases: Record<string, string>
}

export type TargetKind = 'urls' | 'markdownUrls'

const documentExtensions = new Set(['md', 'mdx', 'html'])

/**
 * The URL a document link points at: `undefined` when it is no document link
 * at all (external, an anchor, a file such as `/img/x.png`), `null` when it
 * names a document that does not exist.
 */
export function resolveHref(from: string, href: string, targets: LinkTargets, kind: TargetKind): string | null | undefined {
  if (notContentPath.test(href)) return undefined
  // A query (`/guide?tab=npm`) names no other page.
  const path = safeDecode(splitHash(href)[0].replace(/\?.*$/, ''))
  const candidates = path.startsWith('/') ? rootCandidates(from, path, targets.routes) : relativeCandidates(from, path, targets.routes)
  if (candidates === undefined) return undefined
  const table = targets[kind]
  return candidates.map((candidate) => table[candidate]).find((value) => value !== undefined) ?? null
}

/** `href` pointed at the document it names, keeping its `#fragment`; `undefined` and `null` as resolveHref. */
export function rewriteHref(from: string, href: string, targets: LinkTargets, kind: TargetKind): string | null | undefined {
  const url = resolveHref(from, href, targets, kind)
  return typeof url === 'string' ? withFragment(url, href) : url
}

export function withFragment(url: string, href: string): string {
  const hash = splitHash(href)[1]
  return hash === undefined ? url : `${url}#${hash}`
}

function splitHash(href: string): [string, string | undefined] {
  const at = href.indexOf('#')
  return at === -1 ? [href, undefined] : [href.slice(0, at), href.slice(at + 1)]
}

function extensionOf(path: string): string | null {
  return /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? null
}

/** The content paths a link to `path` (a content path, maybe without its extension) may mean. */
function fileCandidates(path: string): string[] {
  const extension = extensionOf(path)
  if (extension === 'md' || extension === 'mdx') return [path]
  const bare = path.replace(/\.html$/i, '').replace(/\/$/, '')
  return [`${bare}.md`, `${bare}.mdx`, `${bare}/index.md`, `${bare}/index.mdx`]
}

/**
 * A relative link names a file (`../api/search.md`, `./features`), or, as
 * Docusaurus writes them, a doc id relative to the page's folder
 * (`configuration#options`, `../api/cli`). Files with other extensions
 * (`./diagram.png`) are not document links.
 */
function relativeCandidates(from: string, target: string, routes: LinkRoutes | undefined): string[] | undefined {
  if (target === '') return undefined
  const extension = extensionOf(target)
  if (extension !== null && !documentExtensions.has(extension)) return undefined
  const files = fileCandidates(resolveRelative(from, target))
  const page = /^docs\/([^/]+)\/(.+)$/.exec(from)
  if (!routes || !page || (extension !== null && extension !== 'html')) return files
  const [, locale = '', localPath = ''] = page
  const id = resolveRelative(`${locale}/${stripNumberPrefixes(localPath)}`, target.replace(/\.html$/i, '').replace(/\/$/, ''))
  // A link that climbs out of the locale's folder names no id.
  return id.startsWith(`${locale}/`) ? [...files, ...alias(routes, locale, id.slice(locale.length + 1))] : files
}

/**
 * A root link (`/guide/features`, `/guide/features.html`, `/config/x.md`,
 * `/docs/intro` under `baseUrl: /docs/`, `/fr/guide/`) names a slug, a
 * Docusaurus id or a file, in the locale it starts with or else in the
 * locale of the page it is in.
 */
function rootCandidates(from: string, path: string, routes: LinkRoutes | undefined): string[] | undefined {
  if (!routes) return undefined
  const extension = extensionOf(path)
  if (extension !== null && !documentExtensions.has(extension)) return undefined
  // The version's base first: it is the longer one when both apply.
  const base = [routes.baseUrl, routes.siteBaseUrl ?? '/'].find((candidate) => candidate !== '/' && (path === candidate.slice(0, -1) || path.startsWith(candidate)))
  const segments = (base === undefined ? path : path.slice(base.length)).split('/').filter((segment) => segment !== '')
  const named = routes.locales.includes(segments[0] ?? '') ? segments.shift() : undefined
  const locale = named ?? /^docs\/([^/]+)\//.exec(from)?.[1] ?? routes.locales[0] ?? ''
  const rest = segments.join('/')
  const slug = rest.replace(/\.(?:html|mdx?)$/i, '').replace(/(^|\/)index$/, '') || 'index'
  return [...alias(routes, locale, slug), ...fileCandidates(rest === '' ? `docs/${locale}/index` : `docs/${locale}/${rest}`)]
}

function alias(routes: LinkRoutes, locale: string, name: string): string[] {
  const path = routes.aliases[`${locale}:${name}`]
  return path === undefined ? [] : [path]
}
