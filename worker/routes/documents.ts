import { Hono } from 'hono'
import type { Manifest, VariantEntry } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { CACHE_CONTROL, noneMatch, strongEtag } from '../http/etag.ts'
import { chooseLocale } from '../http/locale.ts'
import { preferredDocumentFormat } from '../http/negotiation.ts'
import { Problem, notFound } from '../http/problem.ts'

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

/** Only the published slug map leads to a blob. */
export function findVariant(manifest: Manifest, slug: string, locale: string): VariantEntry | undefined {
  if (!Object.hasOwn(manifest.slugs, slug)) return undefined
  const docId = manifest.slugs[slug] as string
  const entries = manifest.documents[locale]
  return entries && Object.hasOwn(entries, docId) ? entries[docId] : undefined
}

/** `guides/install.md` asks for Markdown; a slug that itself ends in `.md` still names its document. */
function splitSuffix(manifest: Manifest, slug: string): { slug: string; markdown: boolean } {
  if (!slug.endsWith(MARKDOWN_SUFFIX) || Object.hasOwn(manifest.slugs, slug)) return { slug, markdown: false }
  return { slug: slug.slice(0, -MARKDOWN_SUFFIX.length), markdown: true }
}

export const documents = new Hono<AppEnv>().get('/*', async function getDocument(c) {
  const requested = safeSlug(new URL(c.req.url).pathname)
  if (requested === null) throw notFound()
  const manifest = await c.var.store.manifest()
  const { slug, markdown: bySuffix } = splitSuffix(manifest, requested)
  const format = bySuffix ? 'markdown' : preferredDocumentFormat(c.req.header('Accept'))
  if (format === null) throw new Problem(406, 'Documents are available as application/json or text/markdown.')

  if (!Object.hasOwn(manifest.slugs, slug) && Object.hasOwn(manifest.redirects, slug)) {
    return redirect(c.req.url, manifest, manifest.redirects[slug] as string, bySuffix, c.var.canReadDrafts)
  }
  // A localized slug names its locale's version unless `?locale=` asks otherwise.
  const slugLocale = Object.hasOwn(manifest.localizedSlugs, slug) ? manifest.localizedSlugs[slug] : undefined
  const { locale, negotiated } = chooseLocale(c.req.query('locale') ?? slugLocale, c.req.header('Accept-Language'), manifest.site)
  const found = findVariant(manifest, slug, locale)
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
function redirect(url: string, manifest: Manifest, slug: string, markdown: boolean, canReadDrafts: boolean): Response {
  const target = findVariant(manifest, slug, manifest.site.defaultLocale)
  if (!target || (target.draft && !canReadDrafts)) throw notFound()
  const { search } = new URL(url)
  const path = `${PREFIX}${slug.split('/').map(encodeURIComponent).join('/')}${markdown ? MARKDOWN_SUFFIX : ''}`
  const headers = { Location: `${path}${search}`, 'Cache-Control': target.draft ? CACHE_CONTROL.private : CACHE_CONTROL.public }
  return new Response(null, { status: 308, headers })
}
