import { Hono } from 'hono'
import type { Manifest, RouteEntry, RouteVariant } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { CACHE_CONTROL, noneMatch, strongEtag } from '../http/etag.ts'
import { chooseLocale } from '../http/locale.ts'
import { preferredDocumentFormat } from '../http/negotiation.ts'
import { Problem, notFound } from '../http/problem.ts'
import type { Route, Store } from '../store.ts'

const PREFIX = '/v1/documents/'
const MARKDOWN_SUFFIX = '.md'

/**
 * The slug as sent, before any decoding: encoded slashes, backslashes, NUL,
 * dot segments and empty segments never name a document.
 */
export function safeSlug(rawPath: string): string | null {
  if (!rawPath.startsWith(PREFIX)) return null
  const raw = rawPath.slice(PREFIX.length)
  if (raw === '' || /%(?:2f|5c|00)/i.test(raw)) return null
  let slug: string
  try {
    slug = decodeURIComponent(raw)
  } catch {
    return null
  }
  if (/[\\\u0000]/.test(slug)) return null
  return slug.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..') ? slug : null
}

/** What a page serves to readers asking for `locale`: only the published route shards lead to a blob. */
export function variantIn(page: RouteEntry | undefined, locale: string): RouteVariant | undefined {
  return page && Object.hasOwn(page.variants, locale) ? page.variants[locale] : undefined
}

/** The page at `slug`, where a redirect leads (the build collapsed chains, so a redirect never leads to another). */
export async function pageAt(store: Store, manifest: Manifest, slug: string): Promise<RouteEntry | undefined> {
  const route = await store.route(manifest, slug)
  return route?.kind === 'page' ? route.page : undefined
}

/**
 * The route of a requested slug. `guides/install.md` asks for the Markdown of
 * `guides/install`, unless a page or redirect has that very slug; both names
 * are in one shard, so this reads one.
 */
export async function resolveSlug(store: Store, manifest: Manifest, requested: string): Promise<{ slug: string; markdown: boolean; route: Route | null }> {
  const route = await store.route(manifest, requested)
  if (route || !requested.endsWith(MARKDOWN_SUFFIX)) return { slug: requested, markdown: false, route }
  const slug = requested.slice(0, -MARKDOWN_SUFFIX.length)
  return { slug, markdown: true, route: await store.route(manifest, slug) }
}

export const documents = new Hono<AppEnv>().get('/*', async function getDocument(c) {
  const requested = safeSlug(new URL(c.req.url).pathname)
  if (requested === null) throw notFound()
  const manifest = await c.var.store.manifest()
  const { markdown: bySuffix, route } = await resolveSlug(c.var.store, manifest, requested)
  const format = bySuffix ? 'markdown' : preferredDocumentFormat(c.req.header('Accept'))
  if (format === null) throw new Problem(406, 'Documents are available as application/json or text/markdown.')

  if (route?.kind === 'redirect') return redirect(c.req.url, c.var.store, manifest, route.to, bySuffix, c.var.canReadDrafts)
  const page = route?.page
  // A localized slug names its locale's version unless `?locale=` asks otherwise.
  const { locale, negotiated } = chooseLocale(c.req.query('locale') ?? page?.locale, c.req.header('Accept-Language'), manifest.site)
  const found = variantIn(page, locale)
  const variant = c.var.canReadDrafts && found?.preview ? found.preview : found
  // A draft without the scope is indistinguishable from a slug that does not exist.
  if (!variant || (variant.draft && !c.var.canReadDrafts)) throw notFound()

  const hash = format === 'markdown' ? variant.markdown : variant.blob
  const etag = strongEtag(hash)
  const vary = [negotiated ? 'Accept-Language' : null, bySuffix ? null : 'Accept', variant.draft ? 'Authorization' : null].filter(Boolean).join(', ')
  const headers: Record<string, string> = {
    ETag: etag,
    'Cache-Control': variant.draft ? CACHE_CONTROL.private : CACHE_CONTROL.public,
    'Content-Language': variant.locale,
    ...(vary ? { Vary: vary } : {}),
  }
  if (noneMatch(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers)
  if (format === 'markdown') return c.body(await c.var.store.text(hash), 200, { ...headers, 'Content-Type': 'text/markdown; charset=utf-8' })
  return c.body(await c.var.store.document(hash), 200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' })
})

/** 308 to where a moved page lives now, keeping the query and the `.md` suffix. Hidden drafts stay hidden. */
async function redirect(url: string, store: Store, manifest: Manifest, slug: string, markdown: boolean, canReadDrafts: boolean): Promise<Response> {
  const target = variantIn(await pageAt(store, manifest, slug), manifest.site.defaultLocale)
  if (!target || (target.draft && !canReadDrafts)) throw notFound()
  const { search } = new URL(url)
  const path = `${PREFIX}${slug.split('/').map(encodeURIComponent).join('/')}${markdown ? MARKDOWN_SUFFIX : ''}`
  const headers = { Location: `${path}${search}`, 'Cache-Control': target.draft ? CACHE_CONTROL.private : CACHE_CONTROL.public }
  return new Response(null, { status: 308, headers })
}
