import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { ASSET_TYPES, AssetNameSchema, UNKNOWN_ASSET_TYPE } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { ASSET_SECURITY_HEADERS } from '../http/asset-security.ts'
import { conditionalResponse } from '../http/conditional.ts'
import { notFound } from '../http/problem.ts'
import { validationHook } from '../http/validation.ts'
import { headers, problems } from './openapi-responses.ts'

/** Each media type an asset can be served as (its extension decides), so a client can check the Content-Type it gets. */
const assetContent = () => {
  const types = new Set([...Object.values(ASSET_TYPES), UNKNOWN_ASSET_TYPE].map((type) => type.replace(/;.*/, '')))
  return Object.fromEntries([...types].map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]))
}

const assetRoute = createRoute({
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

/**
 * `GET /v1/assets/{hash}.{ext}`: a file a page references, named by the hash
 * of its bytes. Hono cannot route two parameters in one segment, so the
 * handler matches the whole name and checks it against the asset name schema
 * (a malformed name is no asset: answered before any storage read), while the
 * document names its two parts.
 */
const byName = { ...assetRoute.request, params: z.object({ name: z.string() }) }

export const assets = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
assets.openAPIRegistry.registerPath(assetRoute)
assets.openapi({ ...assetRoute, path: '/v1/assets/{name}', request: byName, hide: true }, async function getAsset(c) {
  const { name } = c.req.valid('param')
  if (!AssetNameSchema.safeParse(name).success) throw notFound()
  const store = c.var.store
  const manifest = await store.manifest()
  const index = await store.assetIndex(manifest)
  const type = Object.hasOwn(index.assets, name) ? index.assets[name] : undefined
  if (type === undefined) throw notFound()
  const hash = name.slice(0, name.indexOf('.'))
  const view = { hash, private: false, load: () => store.asset(hash) }
  return conditionalResponse(c, { view, contentType: type, immutable: true, headers: ASSET_SECURITY_HEADERS })
})
