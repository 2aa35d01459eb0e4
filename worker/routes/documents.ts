import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { Context, Next } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { JSON_TYPE, conditionalResponse } from '../http/conditional.ts'
import { CACHE_CONTROL } from '../http/etag.ts'
import { preferredDocumentFormat } from '../http/negotiation.ts'
import { Problem, notFound } from '../http/problem.ts'
import { openReader } from '../http/reader.ts'
import { validationHook } from '../http/validation.ts'
import { documentPath, markdownPath, type RouteVariant } from '../../contract/index.ts'
import { safeSlug, type Reader } from '../read-model/index.ts'
import { componentRef } from './openapi.ts'
import { conditionalHeaders, headers, localeQuery, notModified, problems } from './openapi-responses.ts'

const documentRoute = createRoute({
  method: 'get',
  path: '/{slug}',
  operationId: 'getDocument',
  tags: ['documents'],
  summary: 'One document as JSON or Markdown, negotiated by locale',
  description: 'Add `.md` to the slug, or send `Accept: text/markdown`, for Markdown.',
  request: {
    params: z.object({ slug: z.string().openapi({ example: 'guides/publishing', description: 'May contain "/"; ends in ".md" for Markdown' }) }),
    query: localeQuery,
    headers: conditionalHeaders.extend({ accept: z.string().optional().openapi({ example: 'text/markdown' }) }),
  },
  responses: {
    200: {
      description: 'The document',
      headers: headers('ETag', 'Cache-Control', 'Vary', 'Content-Language', 'Link'),
      content: { 'application/json': { schema: componentRef('Document') }, 'text/markdown': { schema: z.string() } },
    },
    ...notModified,
    308: { description: 'The page moved; Location has its new URL, with the same query and suffix', headers: headers('Location', 'Cache-Control') },
    ...problems(401, 404, 406, 503),
  },
})

/** The slug of the path asked for, decoded and checked; a path that names no slug is a 404. */
function requestedSlug(c: Context<AppEnv>): string {
  const slug = safeSlug(new URL(c.req.url).pathname)
  if (slug === null) throw notFound()
  return slug
}

/**
 * The path is settled before the query is validated, as a client would read
 * it: a trailing slash (what front ends and crawlers make of a page URL;
 * every docs framework sends it on) is a 308 to the page, and a path that
 * names no slug is a 404 whatever its query.
 */
async function settlePath(c: Context<AppEnv>, next: Next) {
  const { pathname, search } = new URL(c.req.url)
  const withoutSlash = pathname.replace(/\/+$/, '')
  if (withoutSlash !== pathname && safeSlug(withoutSlash) !== null) return permanentRedirect(`${withoutSlash}${search}`, false)
  requestedSlug(c)
  await next()
}

/**
 * A slug may hold "/" and "%2F", which no route parameter matches: the
 * handler takes every path below `/v1/documents` and reads its own slug,
 * while the document names it `{slug}`. Query and headers are validated by
 * the same schemas the document shows.
 */
const { params: _slug, ...belowDocuments } = documentRoute.request

export const documents = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
documents.openAPIRegistry.registerPath(documentRoute)
documents.openapi({ ...documentRoute, path: '/*', request: belowDocuments, middleware: [settlePath], hide: true }, async function getDocument(c) {
  const { locale, version } = c.req.valid('query')
  const reader = await openReader(c, version)
  const answer = await reader.document(requestedSlug(c), { locale })
  const format = answer.bySuffix ? 'markdown' : preferredDocumentFormat(c.req.valid('header').accept)
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
