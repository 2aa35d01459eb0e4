import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { AppEnv } from '../app-env.ts'

export const StatusResponse = z
  .object({
    buildId: z.string(),
    builtAt: z.string(),
    publishedAt: z.string(),
    commit: z.string().nullable(),
    schemaVersion: z.int(),
    documents: z.record(z.string(), z.int()).openapi({ description: 'Published documents written in each locale (fallbacks not counted)', example: { en: 16, fr: 5 } }),
  })
  .openapi('Status')

export const statusRoute = createRoute({
  method: 'get',
  path: '/v1/status',
  summary: 'The live build, for uptime monitors and the author preview',
  responses: {
    200: { description: 'The live build', content: { 'application/json': { schema: StatusResponse } } },
    503: { description: 'Nothing published yet, or storage unavailable (with Retry-After)' },
  },
})

export const status = new OpenAPIHono<AppEnv>().openapi(statusRoute, async (c) => {
  const { pointer, manifest } = await c.var.store.live()
  const body = {
    buildId: manifest.buildId,
    builtAt: manifest.builtAt,
    publishedAt: pointer.publishedAt,
    commit: manifest.commit,
    schemaVersion: manifest.schemaVersion,
    documents: manifest.documentCounts,
  }
  return c.json(body, 200, { 'Cache-Control': 'no-store' })
})
