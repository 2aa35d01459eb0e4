import { env } from 'cloudflare:workers'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { KV_KEYS, SCHEMA_VERSION, shardOf } from '../../contract/index.ts'
import { rollback } from '../../publish/history.ts'
import { publishBuild } from '../../publish/publish.ts'
import { kvBindingTarget } from '../../publish/targets/kv-binding.ts'
import {
  call,
  clearKv,
  expectUnavailable as expectStoreUnavailable,
  fixtureDocs,
  fixtureLlms,
  fixtureManifest,
  freshKv,
  publishFixture,
  readJson,
  searchCall,
  spyOnKvReads,
  variantOf,
} from './helpers.ts'
import { variantBuild } from './variants.ts'

// Every test starts from a KV namespace holding exactly the published fixture.
beforeEach(async () => {
  vi.restoreAllMocks()
  vi.spyOn(console, 'warn').mockImplementation(() => {}) // the worker logs each 503
  await clearKv()
  await publishFixture()
})

const target = () => kvBindingTarget(env.DOCS_KV)
const title = async (path = '/v1/documents/guides/install') => (await readJson(await call(path))).title as string

/** The 503 of the shared helper, with the exact detail storage faults give. */
async function expectUnavailable(response: Response) {
  expect(JSON.parse(await expectStoreUnavailable(response)).detail).toBe('The docs are not available right now; try again shortly.')
}

const putPointer = (buildId: string) => env.DOCS_KV.put(KV_KEYS.pointer, JSON.stringify({ buildId, publishedAt: new Date().toISOString() }))
const everyEndpoint = () => [call('/v1/documents/guides/install'), searchCall({ query: 'install' }), call('/v1/releases')]

describe('storage unavailable answers 503 with Retry-After, never 500', () => {
  it('answers 503 on documents, search and releases when nothing is published', async () => {
    await clearKv()
    for (const response of await Promise.all(everyEndpoint())) await expectUnavailable(response)
  })

  it('answers 503 when KV reads throw', async () => {
    vi.spyOn(env.DOCS_KV, 'get').mockRejectedValue(new Error('KV is down'))
    for (const response of await Promise.all(everyEndpoint())) await expectUnavailable(response)
  })

  it("answers 503 when a document's blob is missing, and serves the other documents", async () => {
    await env.DOCS_KV.delete(`blob:${variantOf('guides/install').blob}`)
    await expectUnavailable(await call('/v1/documents/guides/install'))
    expect((await call('/v1/documents/guides/deploy')).status).toBe(200)
  })

  it('answers 503 when the pointer names a build whose manifest is not there', async () => {
    await putPointer('no-such-build')
    await expectUnavailable(await call('/v1/documents/guides/install'))
  })

  it('serves again as soon as the pointer is back', async () => {
    await putPointer('no-such-build')
    expect((await call('/v1/documents/guides/install')).status).toBe(503)
    await putPointer(fixtureManifest().buildId)
    expect(await title()).toBe('Installing the service')
  })

  it("ignores another schema version's pointer: a worker reads only builds of its own format", async () => {
    await env.DOCS_KV.put(`pointer:v${SCHEMA_VERSION + 1}`, (await env.DOCS_KV.get(KV_KEYS.pointer, 'text')) ?? '')
    await env.DOCS_KV.delete(KV_KEYS.pointer)
    await expectUnavailable(await call('/v1/documents/guides/install'))
  })
})

describe('isolate cache', () => {
  it("reads the pointer, the manifest, the version's tables, one route shard and the document on a cold isolate's first document request", async () => {
    const { buildId, versions } = fixtureManifest()
    const { routes } = fixtureDocs()
    const reads = spyOnKvReads()
    expect((await call('/v1/documents/guides/install', {}, { DOCS_KV: freshKv() })).status).toBe(200)
    const shard = routes[shardOf('guides/install', routes.length)] as string
    expect(reads.keys()).toEqual([
      KV_KEYS.pointer,
      KV_KEYS.manifest(buildId),
      KV_KEYS.blob(versions[0]?.docs ?? ''),
      KV_KEYS.blob(shard),
      KV_KEYS.blob(variantOf('guides/install').blob),
    ])
  })

  it("keeps the llms part lists out of what a cold isolate's first document request reads: the version's tables name them, as one value", async () => {
    const llms = fixtureLlms()
    const reads = spyOnKvReads()
    expect((await call('/v1/documents/guides/install', {}, { DOCS_KV: freshKv() })).status).toBe(200)
    expect(reads.keys()).not.toContain(KV_KEYS.blob(llms.parts))
    const tables = JSON.stringify(fixtureDocs())
    expect(llms.full.length).toBeGreaterThan(0)
    for (const part of llms.full) expect(tables).not.toContain(part)
  })

  it('reads the llms part lists once per build, for the first llms-full.txt an isolate serves, and not for a 304 of it', async () => {
    const kv = freshKv()
    const { parts } = fixtureLlms()
    const reads = spyOnKvReads()
    const etag = (await call('/llms-full.txt', {}, { DOCS_KV: kv })).headers.get('ETag') as string
    expect((await call('/llms-full.txt', {}, { DOCS_KV: kv })).status).toBe(200)
    expect((await call('/llms-full/guides.txt', {}, { DOCS_KV: kv })).status).toBe(404)
    expect(reads.keys().filter((key) => key === KV_KEYS.blob(parts))).toHaveLength(1)
    reads.spy.mockClear()
    expect((await call('/llms-full.txt', { headers: { 'If-None-Match': etag } }, { DOCS_KV: freshKv() })).status).toBe(304)
    expect(reads.keys().filter((key) => key.startsWith('blob:'))).toEqual([KV_KEYS.blob(fixtureManifest().versions[0]?.docs ?? '')])
  })

  it('reads the pointer once for two requests within POINTER_TTL_SECONDS', async () => {
    // The store caches per KV binding object, so a delegating binding gets a cache of its own.
    const fresh = { get: (key: string, options?: unknown) => env.DOCS_KV.get(key, options as 'text') } as unknown as KVNamespace
    const overrides = { DOCS_KV: fresh, POINTER_TTL_SECONDS: '5' }
    const reads = spyOnKvReads()
    expect((await call('/v1/documents/guides/install', {}, overrides)).status).toBe(200)
    expect((await call('/v1/documents/guides/deploy', {}, overrides)).status).toBe(200)
    expect(reads.keys().filter((key) => key === KV_KEYS.pointer)).toHaveLength(1)
    expect(reads.keys().filter((key) => key.startsWith('manifest:'))).toHaveLength(1)
  })

  it('reads the pointer on every request with POINTER_TTL_SECONDS 0, and the manifest only when the build changes', async () => {
    await call('/v1/documents/index')
    const reads = spyOnKvReads()
    await call('/v1/documents/guides/install')
    await call('/v1/documents/guides/deploy')
    expect(reads.keys().filter((key) => key === KV_KEYS.pointer)).toHaveLength(2)
    expect(reads.keys().filter((key) => key.startsWith('manifest:'))).toEqual([])
  })

  it('loads a search index once per build and locale, and each value a query needs once', async () => {
    // Queries read the shards, typo buckets and display chunks of their own words and hits, as they need them.
    const queries = [{ query: 'install' }, { query: 'deploy' }, { query: 'marmoset' }]
    for (const query of queries) await searchCall(query)
    const reads = spyOnKvReads()
    for (const query of queries) await searchCall(query)
    expect(reads.keys().filter((key) => key.startsWith('blob:'))).toEqual([])
  })
})

describe('publishing and rolling back', () => {
  it('switches what is served on publish, and back on rollback', async () => {
    const fixtureId = fixtureManifest().buildId
    expect(await title()).toBe('Installing the service')
    await publishBuild(target(), await variantBuild('storage-second', { installTitle: 'Installing, second edition' }))
    expect(await title()).toBe('Installing, second edition')
    const record = await rollback(target(), 'storage-second')
    expect(record.buildId).toBe(fixtureId)
    expect(await title()).toBe('Installing the service')
    expect(await env.DOCS_KV.get(KV_KEYS.pointer, 'json')).toMatchObject({ buildId: fixtureId })
  })

  it('never mixes two builds: the ETag and the body come from the same build', async () => {
    const mixed = await variantBuild('storage-mix', { installTitle: 'Mixed?' })
    await publishBuild(target(), mixed)
    const response = await call('/v1/documents/guides/install')
    expect(response.headers.get('ETag')).toBe(`"${mixed.installHash}"`)
    expect((await readJson(response)).title).toBe('Mixed?')
  })
})
