import { z, type OpenAPIHono } from '@hono/zod-openapi'
import { DocumentResponseSchema, NavItemSchema, TocEntrySchema } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'

/**
 * Stored shapes that responses share, named as OpenAPI components. They are
 * recursive (a TOC entry holds entries), which zod's own JSON Schema output
 * handles with references; the route-level generator does not.
 */
const CONTRACT_COMPONENTS = { Document: DocumentResponseSchema, TocEntry: TocEntrySchema, NavItem: NavItemSchema }
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

/** The document's metadata and the components routes share; each route describes itself from the schemas that validate it. */
export function registerOpenApi(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'previewToken', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
  registerContractComponents(app)
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
