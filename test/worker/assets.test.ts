import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { AssetIndexSchema, KV_KEYS, type AssetIndex } from '../../contract/index.ts'
import { publishBuild } from '../../publish/publish.ts'
import { call, clearKv, expectNotFound, expectUnavailable, kvTarget, readJson, sourceOf, spyOnKvReads } from './helpers.ts'

const site = () => inject('assetsSite')
const index = (): AssetIndex => AssetIndexSchema.parse(JSON.parse(site().blobs[site().manifest.assets] ?? 'null'))

/** The published name of the fixture's asset of this type, and its bytes. */
function assetOf(type: string): { name: string; hash: string; bytes: Uint8Array } {
  const name = Object.entries(index().assets).find(([, assetType]) => assetType === type)?.[0]
  if (!name) throw new Error(`the fixture publishes no ${type}`)
  const hash = name.slice(0, name.indexOf('.'))
  const base64 = site().assets[hash] ?? ''
  return { name, hash, bytes: Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)) }
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

beforeAll(async () => {
  await clearKv()
  await publishBuild(kvTarget(), sourceOf(site()))
})

describe('GET /v1/assets/{hash}.{ext}', () => {
  it('serves the bytes with their type, an immutable Cache-Control, the hash as strong ETag, nosniff and a CSP that runs nothing', async () => {
    const png = assetOf('image/png')
    const response = await call(`/v1/assets/${png.name}`, { headers: { Accept: 'image/avif,image/webp,image/*,*/*;q=0.8' } })
    expect(response.status).toBe(200)
    expect(
      Object.fromEntries(['Content-Type', 'Cache-Control', 'ETag', 'X-Content-Type-Options', 'Content-Security-Policy'].map((name) => [name, response.headers.get(name)])),
    ).toEqual({
      'Content-Type': 'image/png',
      'Cache-Control': IMMUTABLE,
      ETag: `"${png.hash}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': POLICY,
    })
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png.bytes)
  })

  it('serves an SVG as image/svg+xml and a PDF as application/pdf', async () => {
    for (const type of ['image/svg+xml', 'application/pdf']) {
      const asset = assetOf(type)
      const response = await call(`/v1/assets/${asset.name}`)
      expect(response.headers.get('Content-Type')).toBe(type)
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(asset.bytes)
    }
  })

  it('answers If-None-Match with 304 and the same headers, without reading the asset', async () => {
    const png = assetOf('image/png')
    await call(`/v1/assets/${png.name}`)
    const reads = spyOnKvReads()
    const response = await call(`/v1/assets/${png.name}`, { headers: { 'If-None-Match': `W/"other", "${png.hash}"` } })
    expect(response.status).toBe(304)
    expect(response.headers.get('ETag')).toBe(`"${png.hash}"`)
    expect(response.headers.get('Cache-Control')).toBe(IMMUTABLE)
    expect(await response.text()).toBe('')
    expect(reads.keys()).not.toContain(KV_KEYS.blob(png.hash))
    reads.spy.mockRestore()
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const svg = assetOf('image/svg+xml')
    const response = await call(`/v1/assets/${svg.name}`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml')
    expect(response.headers.get('ETag')).toBe(`"${svg.hash}"`)
    expect(response.headers.get('Content-Security-Policy')).toBe(POLICY)
    expect(await response.text()).toBe('')
  })

  it('answers 404 problem+json for a name the build does not publish', async () => {
    const png = assetOf('image/png')
    // The right hash under another extension, a hash of no asset, a name that is no asset name, a path below.
    for (const path of [`${png.hash}.gif`, `${'0'.repeat(32)}.png`, 'logo.png', `${png.hash}.png/more`]) {
      await expectNotFound(await call(`/v1/assets/${path}`))
    }
  })

  it('answers 404 for the hash of a JSON blob, which is no asset', async () => {
    await expectNotFound(await call(`/v1/assets/${site().manifest.releases}.png`))
  })

  it('answers 503, never damaged bytes, when the stored asset does not match its hash', async () => {
    const gif = assetOf('image/gif')
    await env.DOCS_KV.put(KV_KEYS.blob(gif.hash), new Uint8Array([...gif.bytes.slice(0, -1), 0]))
    try {
      await expectUnavailable(await call(`/v1/assets/${gif.name}`))
      await env.DOCS_KV.delete(KV_KEYS.blob(gif.hash))
      await expectUnavailable(await call(`/v1/assets/${gif.name}`))
    } finally {
      await env.DOCS_KV.put(KV_KEYS.blob(gif.hash), gif.bytes)
    }
    expect((await call(`/v1/assets/${gif.name}`)).status).toBe(200)
  })

  it('is described in the OpenAPI document with each answer it can give', async () => {
    const doc = await readJson(await call('/v1/openapi.json'))
    expect(Object.keys(doc.paths['/v1/assets/{hash}.{ext}'].get.responses)).toEqual(['200', '304', '401', '404', '503'])
  })

  it('is served where the document HTML points', async () => {
    const { html } = await readJson(await call('/v1/documents/index'))
    const sources = [...String(html).matchAll(/(?:src|href)="(\/v1\/assets\/[^"]+)"/g)].map((match) => match[1] as string)
    expect(sources).toHaveLength(5)
    for (const source of sources) expect((await call(source)).status).toBe(200)
  })
})

describe('publishing assets', () => {
  it('stores each asset as its bytes, once: publishing the same build again uploads nothing', async () => {
    await clearKv()
    const first = await publishBuild(kvTarget(), sourceOf(site()))
    const assetCount = Object.keys(site().assets).length
    expect(assetCount).toBe(5)
    expect(first.blobWrites).toBe(site().blobList.blobs.length)
    for (const hash of Object.keys(site().assets)) {
      const stored = await env.DOCS_KV.get(KV_KEYS.blob(hash), 'arrayBuffer')
      expect(new Uint8Array(stored ?? new ArrayBuffer(0))).toEqual(Uint8Array.from(atob(site().assets[hash] ?? ''), (char) => char.charCodeAt(0)))
    }
    const again = await publishBuild(kvTarget(), sourceOf(site()))
    expect(again.blobsToUpload).toBe(0)
    expect(again.blobWrites).toBe(0)
  })
})
