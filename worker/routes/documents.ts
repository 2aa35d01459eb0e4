import { Hono } from 'hono'
import type { Manifest, VariantEntry } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { CACHE_CONTROL, noneMatch, strongEtag } from '../http/etag.ts'
import { chooseLocale } from '../http/locale.ts'
import { notFound } from '../http/problem.ts'

const PREFIX = '/v1/documents/'

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

/** Only the published slug map leads to a blob. */
function findVariant(manifest: Manifest, slug: string, locale: string): VariantEntry | undefined {
  if (!Object.hasOwn(manifest.slugs, slug)) return undefined
  const docId = manifest.slugs[slug] as string
  const entries = manifest.documents[locale]
  return entries && Object.hasOwn(entries, docId) ? entries[docId] : undefined
}

export const documents = new Hono<AppEnv>().get('/*', async function getDocument(c) {
  const slug = safeSlug(new URL(c.req.url).pathname)
  if (slug === null) throw notFound()
  const manifest = await c.var.store.manifest()
  // A localized slug names its locale's version unless `?locale=` asks otherwise.
  const slugLocale = Object.hasOwn(manifest.localizedSlugs, slug) ? manifest.localizedSlugs[slug] : undefined
  const { locale, negotiated } = chooseLocale(c.req.query('locale') ?? slugLocale, c.req.header('Accept-Language'), manifest.site)
  const found = findVariant(manifest, slug, locale)
  const variant = c.var.canReadDrafts && found?.preview ? found.preview : found
  // A draft without the scope is indistinguishable from a slug that does not exist.
  if (!variant || (variant.draft && !c.var.canReadDrafts)) throw notFound()

  const etag = strongEtag(variant.blob)
  const vary = [negotiated ? 'Accept-Language' : null, variant.draft ? 'Authorization' : null].filter(Boolean).join(', ')
  const headers: Record<string, string> = {
    ETag: etag,
    'Cache-Control': variant.draft ? CACHE_CONTROL.private : CACHE_CONTROL.public,
    'Content-Language': variant.locale,
    ...(vary ? { Vary: vary } : {}),
  }
  if (noneMatch(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers)
  const body = await c.var.store.document(variant.blob)
  return c.body(body, 200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' })
})
