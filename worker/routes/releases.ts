import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { ReleasesResponseSchema } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { JSON_TYPE, conditionalResponse, jsonView } from '../http/conditional.ts'
import { Problem } from '../http/problem.ts'
import { openReader } from '../http/reader.ts'
import { validationHook } from '../http/validation.ts'
import { fromNotAfterTo, isoDateField, rangeField, streamField } from '../http/request-fields.ts'
import { headers, notModified, problems } from './openapi-responses.ts'

const ReleasesQuery = z
  .object({
    stream: z
      .union([streamField, z.array(streamField)])
      .optional()
      .openapi({ description: 'Repeat to ask for several streams', example: 'stable' }),
    version: rangeField.optional().openapi({ example: '^2.0.0' }),
    from: isoDateField('from').optional(),
    to: isoDateField('to').optional(),
  })
  .refine(fromNotAfterTo.check, { message: 'from must not be after to', path: ['from'] })

const releasesRoute = createRoute({
  method: 'get',
  path: '/v1/releases',
  operationId: 'listReleases',
  tags: ['releases'],
  summary: 'Release notes by stream, newest version first',
  request: { query: ReleasesQuery },
  responses: {
    200: {
      description: 'Matching releases',
      headers: headers('ETag', 'Cache-Control', 'Vary'),
      content: { 'application/json': { schema: ReleasesResponseSchema } },
    },
    ...notModified,
    ...problems(401, 406, 422, 503),
  },
})

export const releases = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(releasesRoute, async (c) => {
  const query = c.req.valid('query')
  const reader = await openReader(c, undefined)
  const view = reader.releases({ streams: query.stream === undefined ? [] : [query.stream].flat(), range: query.version, from: query.from, to: query.to })
  // Validation comes first: preconditions only apply to what would be a 2xx (RFC 9110 §13.2.1).
  if (view.unknown.length > 0) {
    const detail = `unknown stream; known streams: ${view.known.join(', ')}`
    throw new Problem(422, 'The request has invalid fields.', { errors: view.unknown.map(() => ({ pointer: '/stream', detail })) })
  }
  return conditionalResponse(c, { view: jsonView(view), contentType: JSON_TYPE, chosenBy: ['Authorization'] })
})
