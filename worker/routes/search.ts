import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { AppEnv } from '../app-env.ts'
import { chooseLocale } from '../http/locale.ts'
import { Problem, StoreUnavailable } from '../http/problem.ts'
import { runSearch } from '../../search/results.ts'
import { readLimited } from '../http/read-limited.ts'
import { validationHook } from '../http/validation.ts'

export const MAX_BODY_BYTES = 16 * 1024

export const SearchRequest = z
  .object({
    query: z.string().trim().min(1).max(200).openapi({ example: 'install' }),
    limit: z.int().min(1).max(50).default(10),
    sectionBoost: z.array(z.string().min(1).max(64)).max(20).default([]).openapi({ example: ['api'] }),
    locale: z.string().min(2).max(35).optional().openapi({ example: 'fr' }),
  })
  .openapi('SearchRequest')

const SearchHitSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    section: z.string(),
    heading: z.object({ id: z.string(), text: z.string() }).nullable(),
    url: z.string(),
    excerpt: z.string().openapi({ description: 'HTML: the section text with matches in <mark>' }),
    score: z.number(),
    locale: z.string(),
  })
  .openapi('SearchHit')

export const searchRoute = createRoute({
  method: 'post',
  path: '/v1/search',
  summary: 'Full-text search over published documents',
  request: { body: { required: true, content: { 'application/json': { schema: SearchRequest } } } },
  responses: {
    200: { description: 'Best match per document', content: { 'application/json': { schema: z.object({ results: z.array(SearchHitSchema) }) } } },
    400: { description: 'Malformed JSON' },
    413: { description: 'Body over 16 KiB' },
    415: { description: 'Not application/json' },
    422: { description: 'Invalid fields, with JSON pointers' },
  },
})

export const search = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })

// 415 and 413 come before field validation, each as problem+json.
search.use('/v1/search', async function requireJsonBody(c, next) {
  if (c.req.method !== 'POST') return next()
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json' && !type?.endsWith('+json')) throw new Problem(415, 'Send the search as application/json.')
  const bytes = await readLimited(c.req.raw, MAX_BODY_BYTES)
  // Hand the buffered body on, as hono's own body-limit middleware does; the
  // route's validator parses it once, and answers malformed JSON with a 400.
  c.req.raw = new Request(c.req.raw, { body: bytes })
  return next()
})

search.openapi(searchRoute, async (c) => {
  const body = c.req.valid('json')
  const manifest = await c.var.store.manifest()
  const { locale, negotiated } = chooseLocale(body.locale, c.req.header('Accept-Language'), manifest.site)
  const index = await c.var.store.searchIndex(manifest, locale)
  const query = { query: body.query, limit: body.limit, sectionBoost: body.sectionBoost, canReadDrafts: c.var.canReadDrafts }
  const results = await runSearch(index, manifest.site, query, async (chunk) => {
    const hash = index.displayChunks[chunk]
    if (hash === undefined) throw new StoreUnavailable(`search index of ${locale} has no display chunk ${chunk}`)
    return c.var.store.displayChunk(hash)
  })
  const vary = [negotiated ? 'Accept-Language' : null, 'Authorization'].filter(Boolean).join(', ')
  return c.json({ results }, 200, { 'Cache-Control': 'no-store', 'Content-Language': locale, Vary: vary })
})
