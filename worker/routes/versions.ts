import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { VersionsResponseSchema, blobHash } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { JSON_TYPE, conditionalResponse } from '../http/conditional.ts'
import { openReader } from '../http/reader.ts'
import { headers, notModified, problems } from './openapi-responses.ts'

const versionsRoute = createRoute({
  method: 'get',
  path: '/v1/versions',
  operationId: 'listVersions',
  tags: ['versions'],
  summary: 'The docs versions, in site.yml order, with their status, aliases and document counts',
  responses: {
    200: {
      description: 'Every version; one unnamed version on a site without versions',
      headers: headers('ETag', 'Cache-Control'),
      content: { 'application/json': { schema: VersionsResponseSchema } },
    },
    ...notModified,
    ...problems(401, 406, 503),
  },
})

export const versions = new OpenAPIHono<AppEnv>().openapi(versionsRoute, async (c) => {
  const reader = await openReader(c, undefined)
  const json = JSON.stringify(reader.versions())
  return conditionalResponse(c, { view: { hash: await blobHash(json), private: false, load: async () => json }, contentType: JSON_TYPE })
})
