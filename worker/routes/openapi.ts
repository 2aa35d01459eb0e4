import { z, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../app-env.ts'

/**
 * The documents route is a plain wildcard route (slugs contain `/`), so it is
 * described here; search and releases describe themselves from their schemas.
 */
export function registerOpenApi(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'previewToken', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/v1/documents/{slug}',
    summary: 'One document, negotiated by locale',
    request: {
      params: z.object({ slug: z.string().openapi({ example: 'guides/publishing', description: 'May contain "/"' }) }),
      query: z.object({ locale: z.string().optional().openapi({ example: 'fr' }) }),
      headers: z.object({
        'accept-language': z.string().optional(),
        'if-none-match': z.string().optional(),
      }),
    },
    responses: {
      200: { description: 'The document, with html, toc, nav, edit and translations' },
      304: { description: 'Not modified' },
      401: { description: 'A token was sent and is not valid' },
      404: { description: 'No published document has this slug' },
      406: { description: 'Accept excludes JSON' },
      503: { description: 'Nothing published yet, or storage unavailable' },
    },
  })
  app.doc31('/v1/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Docs service API', version: '1.0.0', description: 'Documents, search and release notes, served from Workers KV.' },
  })
}
