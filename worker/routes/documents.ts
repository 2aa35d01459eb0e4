import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { JSON_TYPE, conditionalResponse } from '../http/conditional.ts'
import { CACHE_CONTROL } from '../http/etag.ts'
import { preferredDocumentFormat } from '../http/negotiation.ts'
import { Problem, notFound } from '../http/problem.ts'
import { openReader } from '../http/reader.ts'
import { LocaleQuery } from '../http/request-fields.ts'
import { validQuery } from '../http/validation.ts'
import { documentPath, markdownPath, type RouteVariant } from '../../contract/index.ts'
import { safeSlug, type Reader } from '../read-model/index.ts'

export const documents = new Hono<AppEnv>().get('/*', async function getDocument(c) {
  const { pathname, search } = new URL(c.req.url)
  const withoutSlash = pathname.replace(/\/+$/, '')
  // What front ends and crawlers make of a page URL; every docs framework sends it on.
  if (withoutSlash !== pathname && safeSlug(withoutSlash) !== null) return permanentRedirect(`${withoutSlash}${search}`, false)
  const requested = safeSlug(pathname)
  if (requested === null) throw notFound()
  const { locale } = validQuery(LocaleQuery, c.req.query())
  const reader = await openReader(c, c.req.query('version'))
  const answer = await reader.document(requested, { locale })
  const format = answer.bySuffix ? 'markdown' : preferredDocumentFormat(c.req.header('Accept'))
  if (format === null) throw new Problem(406, 'Documents are available as application/json or text/markdown.')
  if (answer.kind === 'redirect') return redirect(c.req.url, answer.slug, answer.bySuffix, answer.private)
  if (answer.kind === 'missing') throw notFound()

  const { variant, choice } = answer
  const body = format === 'markdown' ? answer.markdown : answer.json
  return conditionalResponse(c, {
    view: body,
    contentType: format === 'markdown' ? 'text/markdown; charset=utf-8' : JSON_TYPE,
    chosenBy: [choice.negotiated && 'Accept-Language', !answer.bySuffix && 'Accept', body.private && 'Authorization'],
    headers: { 'Content-Language': variant.locale },
    bodyHeaders: { Link: agentLinks(reader, variant, format) },
  })
})

/**
 * Where agents find the other form of this page and the site's index, as the
 * llms.txt proposal has pages say: the JSON names its Markdown, the Markdown
 * its JSON, and both the llms.txt of their locale and version.
 */
function agentLinks(reader: Reader, variant: RouteVariant, format: 'markdown' | 'json'): string {
  const other = format === 'json' ? { path: markdownPath(variant.slug), type: 'text/markdown' } : { path: documentPath(variant.slug), type: 'application/json' }
  return `<${reader.readUrl(other.path, variant.locale)}>; rel="alternate"; type="${other.type}", <${reader.readUrl('/llms.txt', variant.locale)}>; rel="describedby"`
}

/** 308 to where a moved page lives now, keeping the query and the `.md` suffix. */
function redirect(url: string, slug: string, markdown: boolean, isPrivate: boolean): Response {
  const { search } = new URL(url)
  const path = markdown ? markdownPath(slug) : documentPath(slug)
  return permanentRedirect(`${path}${search}`, isPrivate)
}

function permanentRedirect(location: string, isPrivate: boolean): Response {
  const headers = { Location: location, 'Cache-Control': isPrivate ? CACHE_CONTROL.private : CACHE_CONTROL.public }
  return new Response(null, { status: 308, headers })
}
