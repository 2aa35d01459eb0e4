import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { SearchResponseSchema } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { jsonBodyLimit } from '../http/body-limit.ts'
import { Problem } from '../http/problem.ts'
import { unknownFields } from '../http/strict-fields.ts'
import { openReader, versionField } from '../http/reader.ts'
import { validationHook } from '../http/validation.ts'
import { limitField, localeField, namesField, queryField } from '../http/request-fields.ts'
import { headers, problems, versionQuery } from './openapi-responses.ts'

const names = namesField
const filterFields = {
  sections: names.optional().openapi({ description: 'Keep results in any of these sections', example: ['guides'] }),
  tags: names.optional().openapi({ description: 'Keep results with any of these tags', example: ['deploy'] }),
}

const searchFields = {
  query: queryField.openapi({ example: 'install' }),
  limit: limitField,
  sectionBoost: names.default([]).openapi({ example: ['api'] }),
  locale: localeField.optional().openapi({ example: 'fr' }),
  version: versionQuery,
  filters: z.strictObject(filterFields, { error: unknownFields(Object.keys(filterFields)) }).optional(),
  explain: z.boolean().default(false).openapi({ description: 'Add to each result which terms matched where, and what each added to the score' }),
}

// Inline, not a named component: generators (openapi-typescript) take a named schema's
// defaulted fields as always present, true of answers and not of a request.
// Strict: a misspelled field is a 422 that names it, not a default used in silence.
const SearchRequest = z.strictObject(searchFields, { error: unknownFields(Object.keys(searchFields)) })

const searchRoute = createRoute({
  method: 'post',
  path: '/v1/search',
  operationId: 'searchDocuments',
  tags: ['search'],
  summary: 'Full-text search over published documents',
  request: { body: { required: true, content: { 'application/json': { schema: SearchRequest } } } },
  responses: {
    200: {
      description: 'Best match per document',
      headers: headers('Cache-Control', 'Vary', 'Content-Language'),
      content: { 'application/json': { schema: SearchResponseSchema } },
    },
    ...problems(400, 401, 404, 406, 413, 415, 422, 503),
  },
})

export const search = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })

// 415 and 413 come before field validation, each as problem+json.
search.post('/v1/search', async function requireJsonBody(c, next) {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json' && !type?.endsWith('+json')) throw new Problem(415, 'Send the search as application/json.')
  return next()
})
search.post('/v1/search', jsonBodyLimit)

search.openapi(searchRoute, async (c) => {
  const { locale: explicit, version, ...ask } = c.req.valid('json')
  const reader = await openReader(c, version)
  const choice = reader.locale(explicit)
  const { locale, ...found } = await reader.search(choice, ask)
  const vary = [choice.negotiated ? 'Accept-Language' : null, 'Authorization'].filter(Boolean).join(', ')
  return c.json({ ...versionField(reader), ...found }, 200, { 'Cache-Control': 'no-store', 'Content-Language': locale, Vary: vary })
})
