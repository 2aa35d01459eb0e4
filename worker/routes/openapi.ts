import { z, type OpenAPIHono } from '@hono/zod-openapi'
import { ASSET_TYPES, DocumentResponseSchema, NavTreeNodeSchema, TocEntrySchema, UNKNOWN_ASSET_TYPE } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { headers, notModified, problems, versionQuery } from './openapi-responses.ts'

/**
 * Stored shapes that responses share, named as OpenAPI components. They are
 * recursive (a TOC entry holds entries), which zod's own JSON Schema output
 * handles with references; the route-level generator does not.
 */
const CONTRACT_COMPONENTS = { Document: DocumentResponseSchema, TocEntry: TocEntrySchema, NavItem: NavTreeNodeSchema }
export const componentRef = (name: keyof typeof CONTRACT_COMPONENTS) => ({ $ref: `#/components/schemas/${name}` })

function registerContractComponents(app: OpenAPIHono<AppEnv>) {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of Object.entries(CONTRACT_COMPONENTS)) registry.add(schema, { id })
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}` })
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...component } = schema
    app.openAPIRegistry.registerComponent('schemas', id, component as never)
  }
}

/** Each media type an asset can be served as (its extension decides), so a client can check the Content-Type it gets. */
const assetContent = () => {
  const types = new Set([...Object.values(ASSET_TYPES), UNKNOWN_ASSET_TYPE].map((type) => type.replace(/;.*/, '')))
  return Object.fromEntries([...types].map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]))
}

const localeQuery = z.object({ locale: z.string().optional().openapi({ example: 'fr' }), version: versionQuery })
const conditionalHeaders = z.object({ 'accept-language': z.string().optional(), 'if-none-match': z.string().optional() })

/**
 * The routes that are plain Hono routes (slugs contain `/`, llms files are
 * text) are described here; the others describe themselves from their schemas.
 */
export function registerOpenApi(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'previewToken', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
  registerContractComponents(app)
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/v1/documents/{slug}',
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
  for (const [path, operationId, summary] of [
    ['/llms.txt', 'getLlmsTxt', 'llms.txt of a locale (llmstxt.org): every published page, in sidebar order, with its Markdown URL'],
    ['/llms-full.txt', 'getLlmsFullTxt', 'Every published page of a locale in Markdown, in sidebar order, streamed'],
  ] as const) {
    app.openAPIRegistry.registerPath({
      method: 'get',
      path,
      operationId,
      tags: ['ai'],
      summary,
      request: { query: localeQuery, headers: conditionalHeaders },
      responses: {
        200: { description: 'Plain text', headers: headers('ETag', 'Cache-Control', 'Vary', 'Content-Language'), content: { 'text/plain': { schema: z.string() } } },
        ...notModified,
        ...problems(401, 404, 503),
      },
    })
  }
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/v1/assets/{hash}.{ext}',
    operationId: 'getAsset',
    tags: ['assets'],
    summary: 'A file a page references (an image, a download), named by the hash of its bytes',
    description:
      'Immutable: `Cache-Control: public, max-age=31536000, immutable`. Served with `X-Content-Type-Options: nosniff` and a `Content-Security-Policy` that runs no script.',
    request: {
      params: z.object({
        hash: z.string().openapi({ example: '3f2a9c0b7d1e4f5a6b7c8d9e0f1a2b3c', description: 'The hash of the bytes, as document HTML links it' }),
        ext: z.string().openapi({ example: 'png', description: "The file's extension" }),
      }),
      headers: z.object({ 'if-none-match': z.string().optional() }),
    },
    responses: {
      200: {
        description: 'The file, with its Content-Type',
        headers: headers('ETag', 'Cache-Control', 'Content-Security-Policy', 'X-Content-Type-Options'),
        content: assetContent(),
      },
      304: { description: 'Not modified', headers: headers('ETag', 'Cache-Control', 'Content-Security-Policy', 'X-Content-Type-Options') },
      ...problems(401, 404, 503),
    },
  })
  // The server is the deployment that serves the document, so a client generated from it calls that one.
  app.doc31('/v1/openapi.json', (c) => ({
    openapi: '3.1.0',
    info: { title: 'Docs service API', version: '1.0.0', description: 'Documents, navigation, search and release notes, served from Workers KV.' },
    servers: [{ url: new URL(c.req.url).origin, description: 'This deployment' }],
    // Every operation reads published docs without a token; a bearer token with `drafts:read` adds drafts, and a bad one is a 401.
    security: [{}, { previewToken: [] }],
    tags: [
      { name: 'documents', description: 'One page, as JSON or Markdown' },
      { name: 'navigation', description: 'The sidebar of a locale' },
      { name: 'search', description: 'Full-text search' },
      { name: 'releases', description: 'Release notes by stream' },
      { name: 'assets', description: 'Images and files that pages reference' },
      { name: 'ai', description: 'llms.txt and llms-full.txt for AI tools' },
      { name: 'status', description: 'The live build' },
    ],
  }))
}
