import { Hono } from 'hono'
import { AssetNameSchema } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { conditionalResponse } from '../http/conditional.ts'
import { notFound } from '../http/problem.ts'

/**
 * Authors' files are untrusted: opened directly, an SVG is a document on this
 * origin. The policy lets it draw (inline styles) and run nothing: no script,
 * no plugin, no request, and `sandbox` gives it an opaque origin besides.
 * `nosniff` keeps browsers to the declared type.
 */
export const ASSET_SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
} as const

/** `GET /v1/assets/{hash}.{ext}`: a file a page references, named by the hash of its bytes. */
export const assets = new Hono<AppEnv>()

assets.get('/v1/assets/:name', async function getAsset(c) {
  const name = c.req.param('name')
  // A malformed name is no asset: answered before any storage read.
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
