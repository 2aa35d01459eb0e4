import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildSite, type BuildResult } from '../../build/build.ts'
import { readDist } from '../../publish/read-dist.ts'
import { KV_KEYS } from '../../contract/index.ts'
import { inMemorySource, publishBuild } from '../../publish/publish.ts'
import { TOKEN, startFakeCloudflare, type FakeCloudflare } from './fake-cloudflare.ts'

let cloudflare: FakeCloudflare
beforeEach(async () => {
  cloudflare = await startFakeCloudflare()
})
afterEach(() => cloudflare.close())

describe('cloudflareKvTarget', () => {
  it('puts, gets, lists a prefix across pages and deletes', async () => {
    const target = cloudflare.target()
    const blobs = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ key: `blob:${name}`, value: `value of ${name}` }))
    await target.putMany([...blobs, { key: 'pointer', value: '{"buildId":"x"}' }, { key: 'docs/guide é.md', value: 'ünïcode ✓' }])

    expect(await target.get('blob:c')).toBe('value of c')
    expect(await target.get('docs/guide é.md')).toBe('ünïcode ✓')
    expect((await target.list('blob:')).sort()).toEqual(blobs.map((blob) => blob.key))
    expect(cloudflare.requests.filter((request) => request.route === 'keys').length).toBe(3)

    await target.deleteMany(['blob:a', 'blob:e'])
    expect((await target.list('blob:')).sort()).toEqual(['blob:b', 'blob:c', 'blob:d'])
    expect(await target.get('blob:a')).toBeNull()
    expect(cloudflare.kv.has('pointer')).toBe(true)
  })

  it('answers null for a missing key, without retrying the 404', async () => {
    expect(await cloudflare.target().get('nowhere')).toBeNull()
    expect(cloudflare.requests.length).toBe(1)
  })

  it('retries a 429 with Retry-After and then succeeds', async () => {
    cloudflare.faults.push({ status: 429, headers: { 'Retry-After': '0' }, times: 1 })
    await cloudflare.target().putMany([{ key: 'k', value: 'v' }])
    expect(cloudflare.requests.map((request) => request.status)).toEqual([429, 200])
    expect(cloudflare.appliedWrites()).toBe(1)
    expect(cloudflare.text('k')).toBe('v')
  })

  it('retries a 503 with Retry-After and then succeeds', async () => {
    cloudflare.kv.set('k', Buffer.from('v'))
    cloudflare.faults.push({ status: 503, headers: { 'Retry-After': '0' }, times: 2 })
    expect(await cloudflare.target().get('k')).toBe('v')
    expect(cloudflare.requests.map((request) => request.status)).toEqual([503, 503, 200])
  })

  it('retries a 500 without Retry-After after its own backoff and then succeeds', async () => {
    cloudflare.kv.set('blob:a', Buffer.from('v'))
    cloudflare.faults.push({ status: 500, times: 1 })
    const started = performance.now()
    expect(await cloudflare.target({ maxRetries: 1 }).list('blob:')).toEqual(['blob:a'])
    expect(cloudflare.requests.map((request) => request.status)).toEqual([500, 200])
    // The SDK's first backoff is 0.5 s less up to 25% jitter.
    expect(performance.now() - started).toBeGreaterThanOrEqual(350)
  })

  it('fails at once on a 400, naming the status, without retrying', async () => {
    cloudflare.faults.push({ status: 400, times: 1 })
    await expect(cloudflare.target().putMany([{ key: 'k', value: 'v' }])).rejects.toThrow(/400/)
    expect(cloudflare.requests.length).toBe(1)
    expect(cloudflare.kv.size).toBe(0)
  })

  it('gives up on a persistent 5xx after maxRetries and throws', async () => {
    cloudflare.faults.push({ status: 503, headers: { 'Retry-After': '0' }, times: Infinity })
    await expect(cloudflare.target({ maxRetries: 2 }).putMany([{ key: 'k', value: 'v' }])).rejects.toThrow(/503/)
    expect(cloudflare.requests.length).toBe(3)
  })

  it('retries four times by default', async () => {
    cloudflare.faults.push({ status: 429, headers: { 'Retry-After': '0' }, times: Infinity })
    await expect(cloudflare.target().get('k')).rejects.toThrow(/429/)
    expect(cloudflare.requests.length).toBe(5)
  })

  it('fails a bulk write whose answer lists unsuccessful keys', async () => {
    cloudflare.refused.add('blob:b')
    await expect(
      cloudflare.target().putMany([
        { key: 'blob:a', value: '1' },
        { key: 'blob:b', value: '2' },
      ]),
    ).rejects.toThrow(/1 keys undone: blob:b/)
    expect(cloudflare.text('blob:a')).toBe('1')
  })

  it('splits bulk writes and deletes into batches of at most 5,000', async () => {
    const target = cloudflare.target()
    const entries = Array.from({ length: 10_001 }, (_, index) => ({ key: `blob:${index}`, value: String(index) }))
    await target.putMany(entries)
    await target.deleteMany(entries.map((entry) => entry.key))
    const sizes = (route: string) => cloudflare.requests.filter((request) => request.route === route).map((request) => request.keys.length)
    expect(sizes('bulk')).toEqual([5_000, 5_000, 1])
    expect(sizes('bulk/delete')).toEqual([5_000, 5_000, 1])
    expect(cloudflare.kv.size).toBe(0)
  })

  it('writes bytes as they are, sent as base64 for the API to decode', async () => {
    // Not valid UTF-8: a text round trip would change them.
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x80])
    await cloudflare.target().putMany([
      { key: 'blob:image', value: bytes },
      { key: 'blob:text', value: 'ünïcode' },
    ])
    expect(new Uint8Array(cloudflare.kv.get('blob:image') ?? [])).toEqual(bytes)
    expect(cloudflare.text('blob:text')).toBe('ünïcode')
  })

  it('sends the API token as a Bearer Authorization header', async () => {
    const target = cloudflare.target()
    await target.putMany([{ key: 'k', value: 'v' }])
    await target.get('k')
    await target.list('')
    await target.deleteMany(['k'])
    expect(cloudflare.requests.map((request) => request.authorization)).toEqual(Array(4).fill(`Bearer ${TOKEN}`))
  })

  it('fails on a wrong token with the 401, without retrying', async () => {
    await expect(cloudflare.target({ apiToken: 'wrong' }).get('k')).rejects.toThrow(/401/)
    expect(cloudflare.requests.length).toBe(1)
  })
})

describe('publishing a build through the Cloudflare API', () => {
  let outDir: string
  let build: BuildResult
  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'docs-cloudflare-publish-'))
    build = await buildSite({ contentDir: 'test/fixtures/site', outDir, cacheDir: null, keepBlobs: true })
  }, 60_000)
  afterAll(() => rm(outDir, { recursive: true, force: true }))

  it('writes the pointer, the blob list and every blob, and a second publish writes no blob', async () => {
    const source = inMemorySource(build)
    const first = await publishBuild(cloudflare.target(), source)
    expect(first.switched).toBe(true)
    expect(first.blobWrites).toBe(build.blobList.blobs.length)
    expect(JSON.parse(cloudflare.text(KV_KEYS.pointer) ?? 'null')).toMatchObject({ buildId: build.manifest.buildId })
    expect(cloudflare.kv.has(KV_KEYS.manifest(build.manifest.buildId))).toBe(true)
    expect(JSON.parse(cloudflare.text(KV_KEYS.blobList(build.manifest.buildId)) ?? 'null')).toEqual(build.blobList)
    for (const hash of build.blobList.blobs) expect(cloudflare.text(KV_KEYS.blob(hash))).toBe(build.blobs.get(hash))

    cloudflare.requests.length = 0
    const second = await publishBuild(cloudflare.target(), source)
    expect(second.blobWrites).toBe(0)
    expect(second.switched).toBe(false)
    expect(cloudflare.requests.flatMap((request) => request.keys).filter((key) => key.startsWith('blob:'))).toEqual([])
  })

  it("uploads a build's assets from dist/ as their bytes, once", async () => {
    const assetsOut = join(outDir, 'assets-site')
    await buildSite({ contentDir: 'test/fixtures/assets', outDir: assetsOut, cacheDir: null })
    const source = await readDist(assetsOut)
    await publishBuild(cloudflare.target(), source)
    const names = await readdir(join(assetsOut, 'assets'))
    expect(names.length).toBe(5)
    for (const name of names) {
      const stored = cloudflare.kv.get(KV_KEYS.blob(name.slice(0, name.indexOf('.'))))
      expect(stored?.equals(await readFile(join(assetsOut, 'assets', name)))).toBe(true)
    }
    cloudflare.requests.length = 0
    expect((await publishBuild(cloudflare.target(), source)).blobWrites).toBe(0)
  })
})
