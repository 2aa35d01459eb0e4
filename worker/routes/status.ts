import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { StatusResponseSchema } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { openReader } from '../http/reader.ts'

export const statusRoute = createRoute({
  method: 'get',
  path: '/v1/status',
  summary: 'The live build and its site, for uptime monitors and the author preview',
  responses: {
    200: { description: 'The live build', content: { 'application/json': { schema: StatusResponseSchema } } },
    503: { description: 'Nothing published yet, or storage unavailable (with Retry-After)' },
  },
})

export const status = new OpenAPIHono<AppEnv>().openapi(statusRoute, async (c) => {
  const reader = await openReader(c)
  return c.json(reader.status(), 200, { 'Cache-Control': 'no-store' })
})
