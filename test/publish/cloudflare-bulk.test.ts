import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildSite, type BuildResult } from '../../build/build.ts'
import { KV_KEYS, KV_VALUE_LIMIT, blobListOf, type BuildSource } from '../../contract/index.ts'
import { bulkPair, pairBytes } from '../../publish/batches.ts'
import { readPointer } from '../../publish/history.ts'
import { inMemorySource, publishBuild } from '../../publish/publish.ts'
import { CLOUDFLARE_BULK, TOKEN, startFakeCloudflare, type FakeCloudflare } from './fake-cloudflare.ts'

let cloudflare: FakeCloudflare
let outDir: string
let site: BuildResult
beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'docs-cloudflare-bulk-'))
  site = await buildSite({ contentDir: 'test/fixtures/site', outDir, cacheDir: null, keepBlobs: true })
}, 60_000)
afterAll(() => rm(outDir, { recursive: true, force: true }))
beforeEach(async () => {
  cloudflare = await startFakeCloudflare()
})
afterEach(() => cloudflare.close())

const hashOf = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 32)

/** The fixture site as build `buildId`, with `extra` more blobs (texts or bytes) beside its own. */
function siteWith(buildId: string, extra: Map<string, string | Uint8Array>): BuildSource {
  const blobs = new Map(site.blobs)
  const assets = new Map<string, { bytes: Uint8Array }>()
  for (const [hash, value] of extra) {
    if (typeof value === 'string') blobs.set(hash, value)
    else assets.set(hash, { bytes: value })
  }
  const manifest = { ...site.manifest, buildId }
  return inMemorySource({ manifest, blobList: blobListOf(buildId, [...site.blobList.blobs, ...extra.keys()]), blobs, assets })
}

/** What the bulk writes of blobs carried, in order: pairs and body bytes of each. */
function blobWrites() {
  const writes = cloudflare.requests.filter((request) => request.route === 'bulk' && request.keys.some((key) => key.startsWith('blob:')))
  return { pairs: writes.map((request) => request.keys.length), bytes: writes.map((request) => request.bytes), keys: writes.flatMap((request) => request.keys) }
}

describe("the fake Cloudflare API's bulk limits", () => {
  const put = (body: string) => fetch(cloudflare.bulkUrl, { method: 'PUT', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }, body })

  it('refuses a bulk write of more than 10,000 pairs, whole, in the v4 error envelope', async () => {
    const response = await put(JSON.stringify(Array.from({ length: CLOUDFLARE_BULK.pairs + 1 }, (_, index) => ({ key: `k${index}`, value: 'v' }))))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ success: false, errors: [{ code: expect.any(Number), message: expect.stringMatching(/10001 pairs/) }], result: null })
    expect(cloudflare.kv.size).toBe(0)
  })

  it('refuses a bulk body over 100 MB with a 413, and a value over 25 MiB', async () => {
    const overBody = await put(JSON.stringify([{ key: 'a', value: 'x'.repeat(CLOUDFLARE_BULK.bodyBytes) }]))
    expect(overBody.status).toBe(413)
    expect(await overBody.json()).toMatchObject({ success: false, errors: [{ message: expect.stringMatching(/request body of \d+ bytes/) }] })
    const overValue = await put(JSON.stringify([{ key: 'a', value: 'x'.repeat(KV_VALUE_LIMIT + 1) }]))
    expect(overValue.status).toBe(413)
    expect(cloudflare.kv.size).toBe(0)
  })
})

describe('publishing in bulk writes within Cloudflare’s limits', () => {
  it('measures each pair as the bytes it adds to the JSON body the SDK sends, escapes, multi-byte text and base64 counted', () => {
    const entries = [
      { key: 'blob:a', value: '{"title":"Ünïcode ✓ \\ \n\t"}' },
      { key: 'blob:é', value: '' },
      ...[0, 1, 2, 3, 1000].map((length) => ({ key: `blob:${length}`, value: new Uint8Array(length).fill(255) })),
    ]
    const body = JSON.stringify(entries.map(bulkPair))
    // Each pair counts a comma; the body has one fewer, and its two brackets.
    expect(entries.reduce((sum, entry) => sum + pairBytes(entry), 0) + 1).toBe(Buffer.byteLength(body))
  })

  it('sends 10,001 small blobs as bulk writes of 5,000, 5,000 and 1 pairs, half the API limit as wrangler packs them', async () => {
    const extra = new Map(Array.from({ length: 10_001 - site.blobList.blobs.length }, (_, index) => [hashOf(`small ${index}`), `"small ${index}"`]))
    const report = await publishBuild(cloudflare.target(), siteWith('many', extra))
    expect(blobWrites().pairs).toEqual([5_000, 5_000, 1])
    expect(report).toMatchObject({ blobsToUpload: 10_001, blobWrites: 10_001, blobBatches: 3, switched: true })
  })

  it('packs no batch past 5,000 pairs whatever batchSize asks, so a batch is one request and the landed count exact', async () => {
    const extra = new Map(Array.from({ length: 10_001 - site.blobList.blobs.length }, (_, index) => [hashOf(`asked ${index}`), `"asked ${index}"`]))
    const report = await publishBuild(cloudflare.target(), siteWith('asked', extra), { batchSize: 20_000 })
    expect(report.blobBatches).toBe(3)
    expect(blobWrites().pairs).toEqual([5_000, 5_000, 1])
  })

  it('splits 5,000 blobs of 20 KB, one request by count but over 100 MB, by bytes', async () => {
    const value = `"${'b'.repeat(20_200)}"`
    const extra = new Map(Array.from({ length: 5_000 - site.blobList.blobs.length }, (_, index) => [hashOf(`large ${index}`), value]))
    const report = await publishBuild(cloudflare.target(), siteWith('large', extra))
    const { pairs, bytes } = blobWrites()
    expect(pairs.length).toBe(2)
    expect(pairs.reduce((sum, count) => sum + count, 0)).toBe(5_000)
    for (const size of bytes) expect(size).toBeLessThanOrEqual(CLOUDFLARE_BULK.bodyBytes)
    expect(bytes[0]).toBeGreaterThan(90_000_000)
    expect(report.blobBatches).toBe(2)
    for (const hash of extra.keys()) expect(cloudflare.kv.get(KV_KEYS.blob(hash))?.byteLength).toBe(value.length)
  })

  it('counts an asset by its base64 size: 25 MiB files go two to a request, each under 100 MB', async () => {
    const files = ['one', 'two', 'three'].map((name) => new Uint8Array(KV_VALUE_LIMIT).fill(name.length))
    const extra = new Map(files.map((bytes, index) => [hashOf(`file ${index}`), bytes]))
    await publishBuild(cloudflare.target(), siteWith('files', extra))
    const fileKeys = [...extra.keys()].map(KV_KEYS.blob)
    const writes = cloudflare.requests.filter((request) => request.route === 'bulk' && request.keys.some((key) => fileKeys.includes(key)))
    expect(writes.map((request) => request.keys.filter((key) => fileKeys.includes(key)).length)).toEqual([2, 1])
    for (const { bytes } of writes) expect(bytes).toBeLessThanOrEqual(CLOUDFLARE_BULK.bodyBytes)
    for (const [hash, file] of extra) expect(cloudflare.kv.get(KV_KEYS.blob(hash))?.equals(file)).toBe(true)
  })
})

describe('a publish that a bulk write stops', () => {
  const extra = new Map(Array.from({ length: 12 }, (_, index) => [hashOf(`next ${index}`), `"next ${index}"`]))

  it('stops saying how many blobs landed, serves the old build, and a re-run writes only the rest before switching', async () => {
    await publishBuild(cloudflare.target(), inMemorySource(site))
    cloudflare.requests.length = 0
    // The second bulk write of the next build, and every retry of it, answers 503.
    cloudflare.faults.push({ status: 503, headers: { 'Retry-After': '0' }, times: Infinity, route: 'bulk', after: 1 })
    await expect(publishBuild(cloudflare.target({ maxRetries: 2 }), siteWith('next', extra), { batchSize: 4 })).rejects.toThrow(
      /^4 of 12 blobs landed before a bulk write of 4 failed \(503 .*\); the pointer has not moved; publishing again lists what landed and uploads only the rest \(8 blobs at most\)$/,
    )
    const landed = blobWrites().keys.slice(0, 4)
    expect(cloudflare.requests.filter((request) => request.route === 'bulk').map((request) => request.status)).toEqual([200, 503, 503, 503])
    expect((await readPointer(cloudflare.target()))?.buildId).toBe(site.manifest.buildId)
    expect(cloudflare.kv.has(KV_KEYS.manifest('next'))).toBe(false)
    expect(cloudflare.kv.has(KV_KEYS.blobList('next'))).toBe(false)

    cloudflare.faults.length = 0
    cloudflare.requests.length = 0
    const report = await publishBuild(cloudflare.target(), siteWith('next', extra), { batchSize: 4 })
    expect(report).toMatchObject({ blobsToUpload: 8, blobWrites: 8, blobBatches: 2, switched: true })
    const rest = blobWrites().keys
    expect(rest.sort()).toEqual(
      [...extra.keys()]
        .map(KV_KEYS.blob)
        .filter((key) => !landed.includes(key))
        .sort(),
    )
    // Requests are recorded in order, and each was answered before the next was sent.
    const written = cloudflare.requests.filter((request) => request.route === 'bulk').map((request) => request.keys)
    const pointerAt = written.findIndex((keys) => keys.includes(KV_KEYS.pointer))
    expect(pointerAt).toBeGreaterThan(written.findLastIndex((keys) => keys.some((key) => key.startsWith('blob:'))))
    expect(pointerAt).toBeGreaterThan(written.findIndex((keys) => keys.includes(KV_KEYS.manifest('next'))))
    expect((await readPointer(cloudflare.target()))?.buildId).toBe('next')
  })

  it('finds what landed by listing blob keys a first hex digit at a time, never reading blobs one by one', async () => {
    await publishBuild(cloudflare.target(), siteWith('next', extra))
    cloudflare.requests.length = 0
    expect((await publishBuild(cloudflare.target(), siteWith('next', extra))).blobWrites).toBe(0)
    const listed = new Set(cloudflare.requests.filter((request) => request.route === 'keys').map((request) => request.prefix))
    expect([...listed].sort()).toEqual([...'0123456789abcdef'].map((digit) => `blob:${digit}`))
    const reads = cloudflare.requests.filter((request) => request.route === 'values').flatMap((request) => request.keys)
    expect(reads.length).toBeGreaterThan(0)
    expect(reads.filter((key) => key.startsWith('blob:'))).toEqual([])
  })
})
