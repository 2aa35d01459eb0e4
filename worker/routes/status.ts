import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { StatusResponseSchema } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { openReader } from '../http/reader.ts'
import { headers, problems } from './openapi-responses.ts'

const statusRoute = createRoute({
  method: 'get',
  path: '/v1/status',
  operationId: 'getStatus',
  tags: ['status'],
  summary: 'The live build and its site, for uptime monitors and the author preview',
  responses: {
    200: { description: 'The live build', headers: headers('Cache-Control'), content: { 'application/json': { schema: StatusResponseSchema } } },
    ...problems(401, 406, 503),
  },
})

export const status = new OpenAPIHono<AppEnv>().openapi(statusRoute, async (c) => {
  const reader = await openReader(c, undefined)
  return c.json(reader.status(), 200, { 'Cache-Control': 'no-store' })
})
