import { env } from 'cloudflare:workers'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { rollback } from '../../publish/history.ts'
import { publishBuild } from '../../publish/publish.ts'
import { kvBindingTarget } from '../../publish/targets/kv-binding.ts'
import { STACK_FRAME, call, clearKv, fixtureManifest, publishFixture, readJson, searchCall, spyOnKvReads, variantOf, type ProblemBody } from './helpers.ts'
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

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503)
  expect(response.headers.get('Retry-After')).toBe('30')
  expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  const text = await response.text()
  expect(JSON.parse(text)).toEqual({
    type: 'about:blank',
    title: 'Service Unavailable',
    status: 503,
    detail: 'The docs are not available right now; try again shortly.',
  } satisfies ProblemBody)
  expect(text).not.toMatch(STACK_FRAME)
}

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

  it("answers 503 when a document's blob is missing", async () => {
    await env.DOCS_KV.delete(`blob:${variantOf('guides/install').blob}`)
    await expectUnavailable(await call('/v1/documents/guides/install'))
    expect((await call('/v1/documents/guides/deploy')).status).toBe(200)
  })

  it('answers 503 when the releases blob is missing', async () => {
    await env.DOCS_KV.delete(`blob:${fixtureManifest().releases}`)
    await expectUnavailable(await call('/v1/releases'))
  })

  it('answers 503 when the pointer names a build whose manifest is not there', async () => {
    await env.DOCS_KV.put('pointer', JSON.stringify({ buildId: 'no-such-build' }))
    await expectUnavailable(await call('/v1/documents/guides/install'))
  })

  it('answers 503 when the live manifest has a schema version this worker does not read', async () => {
    await env.DOCS_KV.put('manifest:from-the-future', JSON.stringify({ ...fixtureManifest(), buildId: 'from-the-future', schemaVersion: 99 }))
    await env.DOCS_KV.put('pointer', JSON.stringify({ buildId: 'from-the-future' }))
    await expectUnavailable(await call('/v1/documents/guides/install'))
  })

  it('answers 503 with Retry-After and no stack trace when the live manifest is incomplete', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await env.DOCS_KV.put('manifest:corrupt', JSON.stringify({ schemaVersion: 1, buildId: 'corrupt' }))
    await env.DOCS_KV.put('pointer', JSON.stringify({ buildId: 'corrupt' }))
    const response = await call('/v1/documents/guides/install')
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('30')
    const text = await response.text()
    expect(JSON.parse(text)).toMatchObject({ type: 'about:blank', title: 'Service Unavailable', status: 503 })
    expect(text).not.toMatch(STACK_FRAME)
  })

  it('serves again as soon as the pointer is back', async () => {
    await env.DOCS_KV.put('pointer', JSON.stringify({ buildId: 'no-such-build' }))
    expect((await call('/v1/documents/guides/install')).status).toBe(503)
    await env.DOCS_KV.put('pointer', JSON.stringify({ buildId: fixtureManifest().buildId }))
    expect(await title()).toBe('Installing the service')
  })
})

describe('isolate cache', () => {
  it('reads the pointer once for two requests within POINTER_TTL_SECONDS', async () => {
    // The store caches per KV binding object, so a delegating binding gets a cache of its own.
    const fresh = { get: (key: string, options?: unknown) => env.DOCS_KV.get(key, options as 'text') } as unknown as KVNamespace
    const overrides = { DOCS_KV: fresh, POINTER_TTL_SECONDS: '5' }
    const reads = spyOnKvReads()
    expect((await call('/v1/documents/guides/install', {}, overrides)).status).toBe(200)
    expect((await call('/v1/documents/guides/deploy', {}, overrides)).status).toBe(200)
    expect(reads.keys().filter((key) => key === 'pointer')).toHaveLength(1)
    expect(reads.keys().filter((key) => key.startsWith('manifest:'))).toHaveLength(1)
  })

  it('reads the pointer on every request with POINTER_TTL_SECONDS 0, and the manifest only when the build changes', async () => {
    await call('/v1/documents/index')
    const reads = spyOnKvReads()
    await call('/v1/documents/guides/install')
    await call('/v1/documents/guides/deploy')
    expect(reads.keys().filter((key) => key === 'pointer')).toHaveLength(2)
    expect(reads.keys().filter((key) => key.startsWith('manifest:'))).toEqual([])
  })

  it('loads a search index once per build and locale', async () => {
    await searchCall({ query: 'install' })
    const reads = spyOnKvReads()
    await searchCall({ query: 'deploy' })
    await searchCall({ query: 'marmoset' })
    expect(reads.keys().filter((key) => key.startsWith('blob:'))).toEqual([])
  })
})

describe('publishing and rolling back', () => {
  it('switches what is served on publish, and back on rollback', async () => {
    const fixtureId = fixtureManifest().buildId
    expect(await title()).toBe('Installing the service')
    await publishBuild(target(), variantBuild('storage-second', { installTitle: 'Installing, second edition' }))
    expect(await title()).toBe('Installing, second edition')
    const record = await rollback(target(), 'storage-second')
    expect(record.buildId).toBe(fixtureId)
    expect(await title()).toBe('Installing the service')
    expect(await env.DOCS_KV.get('pointer', 'json')).toEqual({ buildId: fixtureId })
  })

  it('never mixes two builds: the ETag and the body come from the same build', async () => {
    await publishBuild(target(), variantBuild('storage-mix', { installTitle: 'Mixed?' }))
    const response = await call('/v1/documents/guides/install')
    expect(response.headers.get('ETag')).toBe('"install-of-storage-mix"')
    expect((await readJson(response)).title).toBe('Mixed?')
  })
})
