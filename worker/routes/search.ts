import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { runSearch } from '../../search/results.ts'
import type { AppEnv } from '../app-env.ts'
import { chooseLocale } from '../http/locale.ts'
import { Problem } from '../http/problem.ts'
import { validationHook } from '../http/validation.ts'

export const MAX_BODY_BYTES = 16 * 1024

const names = z.array(z.string().min(1).max(64)).max(20)

export const SearchRequest = z
  .object({
    query: z.string().trim().min(1).max(200).openapi({ example: 'install' }),
    limit: z.int().min(1).max(50).default(10),
    sectionBoost: names.default([]).openapi({ example: ['api'] }),
    locale: z.string().min(2).max(35).optional().openapi({ example: 'fr' }),
    filters: z
      .object({
        sections: names.optional().openapi({ description: 'Keep results in any of these sections', example: ['guides'] }),
        tags: names.optional().openapi({ description: 'Keep results with any of these tags', example: ['deploy'] }),
      })
      .optional(),
    explain: z.boolean().default(false).openapi({ description: 'Add to each result which terms matched where, and what each added to the score' }),
  })
  .openapi('SearchRequest')

const ExplanationSchema = z
  .object({
    contributions: z.array(
      z.object({
        query: z.string(),
        term: z.string(),
        kind: z.enum(['exact', 'prefix', 'typo', 'synonym']),
        field: z.enum(['title', 'heading', 'text']),
        record: z.int().openapi({ description: '0 for the intro, n for the n-th heading section' }),
        score: z.number(),
      }),
    ),
    best: z.number(),
    others: z.number(),
    otherRecordsWeight: z.number(),
    sectionBoost: z.number(),
  })
  .openapi('SearchExplanation', { description: 'score = (best + otherRecordsWeight × others) × sectionBoost' })

const SearchHitSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    section: z.string(),
    tags: z.array(z.string()),
    heading: z.object({ id: z.string(), text: z.string() }).nullable(),
    url: z.string(),
    excerpt: z.string().openapi({ description: 'HTML: the section text with matches in <mark>' }),
    score: z.number(),
    locale: z.string(),
    explain: ExplanationSchema.optional(),
  })
  .openapi('SearchHit')

const counts = z.record(z.string(), z.int())
const SearchResponse = z.object({
  results: z.array(SearchHitSchema),
  facets: z.object({ sections: counts, tags: counts }).openapi({ description: 'Counts over every match, before limit' }),
})

export const searchRoute = createRoute({
  method: 'post',
  path: '/v1/search',
  summary: 'Full-text search over published documents',
  request: { body: { required: true, content: { 'application/json': { schema: SearchRequest } } } },
  responses: {
    200: { description: 'Best match per document', content: { 'application/json': { schema: SearchResponse } } },
    400: { description: 'Malformed JSON' },
    413: { description: 'Body over 16 KiB' },
    415: { description: 'Not application/json' },
    422: { description: 'Invalid fields, with JSON pointers' },
  },
})

export const search = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })

// 415 and 413 come before field validation, each as problem+json.
search.post('/v1/search', async function requireJsonBody(c, next) {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json' && !type?.endsWith('+json')) throw new Problem(415, 'Send the search as application/json.')
  return next()
})
// hono's body limit counts what arrives (a chunked body has no length, and a Content-Length may lie).
search.post(
  '/v1/search',
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new Problem(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`)
    },
  }),
)

search.openapi(searchRoute, async (c) => {
  const body = c.req.valid('json')
  const manifest = await c.var.store.manifest()
  const { locale, negotiated } = chooseLocale(body.locale, c.req.header('Accept-Language'), manifest.site)
  const index = await c.var.store.searchIndex(manifest, locale)
  const query = { ...body, canReadDrafts: c.var.canReadDrafts }
  const found = await runSearch(index, manifest.site, query, (chunk) => c.var.store.displayChunk(manifest, index, chunk))
  const vary = [negotiated ? 'Accept-Language' : null, 'Authorization'].filter(Boolean).join(', ')
  return c.json(found, 200, { 'Cache-Control': 'no-store', 'Content-Language': locale, Vary: vary })
})
