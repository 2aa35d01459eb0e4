import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildSite, type BuildResult } from '../../build/build.ts'
import { readDist } from '../../publish/read-dist.ts'
import { KV_KEYS } from '../../contract/index.ts'
import { inMemorySource, publishBuild } from '../../publish/publish.ts'
import { cloudflareKvTarget, type CloudflareKvOptions } from '../../publish/targets/cloudflare.ts'

const ACCOUNT = 'test-account'
const NAMESPACE = 'test-namespace'
const TOKEN = 'test-token'
// Fewer than Cloudflare's minimum of 10, so a handful of keys already spans pages.
const KEYS_PER_PAGE = 2

interface Fault {
  status: number
  headers?: Record<string, string>
  /** How many requests in a row get this answer. */
  times: number
}

interface Recorded {
  method: string
  route: string
  authorization: string | undefined
  status: number
  /** The keys a bulk request carried. */
  keys: string[]
}

/**
 * The part of the Cloudflare v4 API that the SDK calls for KV values, keys and
 * bulk writes and deletes, over a real map, in Cloudflare's envelope.
 */
async function startFakeCloudflare() {
  // Values as stored bytes: a bulk write sends text, or base64 that the API decodes.
  const kv = new Map<string, Buffer>()
  const text = (key: string) => kv.get(key)?.toString('utf8')
  const requests: Recorded[] = []
  const faults: Fault[] = []
  /** Keys a bulk write reports as unsuccessful instead of storing. */
  const refused = new Set<string>()
  let appliedWrites = 0

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body))
    return status
  }
  const ok = (response: ServerResponse, result: unknown, resultInfo?: unknown) =>
    send(response, 200, { success: true, errors: [], messages: [], result, ...(resultInfo ? { result_info: resultInfo } : {}) })
  const fail = (response: ServerResponse, status: number, code: number, message: string, headers?: Record<string, string>) =>
    send(response, status, { success: false, errors: [{ code, message }], messages: [], result: null }, headers)

  const answer = async (request: IncomingMessage, response: ServerResponse, record: Recorded): Promise<number> => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')

    const fault = faults[0]
    if (fault) {
      if (--fault.times === 0) faults.shift()
      return fail(response, fault.status, 10_000 + fault.status, `injected ${fault.status}`, fault.headers)
    }
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return fail(response, 401, 10_000, 'Authentication error')

    const url = new URL(request.url ?? '/', 'http://localhost')
    const match = /^\/client\/v4\/accounts\/([^/]+)\/storage\/kv\/namespaces\/([^/]+)\/(.+)$/.exec(url.pathname)
    if (!match || match[1] !== ACCOUNT || match[2] !== NAMESPACE) return fail(response, 404, 7003, `Could not route to ${url.pathname}`)
    const rest = match[3] as string

    if (request.method === 'GET' && rest.startsWith('values/')) {
      record.route = 'values'
      const value = kv.get(decodeURIComponent(rest.slice('values/'.length)))
      if (value === undefined) return fail(response, 404, 10009, "get: 'key not found'")
      response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(value)
      return 200
    }
    if (request.method === 'GET' && rest === 'keys') {
      record.route = 'keys'
      const prefix = url.searchParams.get('prefix') ?? ''
      const after = url.searchParams.get('cursor') ?? ''
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 1000), KEYS_PER_PAGE)
      const names = [...kv.keys()].filter((name) => name.startsWith(prefix) && name > after).sort()
      const page = names.slice(0, limit)
      const cursor = names.length > limit ? (page.at(-1) as string) : ''
      return ok(
        response,
        page.map((name) => ({ name })),
        { count: page.length, cursor },
      )
    }
    if (request.method === 'PUT' && rest === 'bulk') {
      record.route = 'bulk'
      const pairs = JSON.parse(body) as Array<{ key: string; value: string; base64?: boolean }>
      record.keys = pairs.map((pair) => pair.key)
      if (pairs.length > 10_000) return fail(response, 400, 10_026, 'too many pairs')
      const unsuccessful = pairs.filter((pair) => refused.has(pair.key)).map((pair) => pair.key)
      for (const pair of pairs) if (!refused.has(pair.key)) kv.set(pair.key, Buffer.from(pair.value, pair.base64 ? 'base64' : 'utf8'))
      appliedWrites++
      return ok(response, { successful_key_count: pairs.length - unsuccessful.length, unsuccessful_keys: unsuccessful })
    }
    if (request.method === 'POST' && rest === 'bulk/delete') {
      record.route = 'bulk/delete'
      const keys = JSON.parse(body) as string[]
      record.keys = keys
      if (keys.length > 10_000) return fail(response, 400, 10_026, 'too many keys')
      for (const key of keys) kv.delete(key)
      return ok(response, { successful_key_count: keys.length, unsuccessful_keys: [] })
    }
    return fail(response, 404, 7003, `No route for ${request.method} ${url.pathname}`)
  }

  const server = createServer((request, response) => {
    const record: Recorded = { method: request.method ?? '', route: '', authorization: request.headers.authorization, status: 0, keys: [] }
    requests.push(record)
    answer(request, response, record).then(
      (status) => (record.status = status),
      (error: unknown) => {
        record.status = 500
        response.writeHead(500).end(String(error))
      },
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    kv,
    text,
    requests,
    faults,
    refused,
    appliedWrites: () => appliedWrites,
    target: (options: Partial<CloudflareKvOptions> = {}) =>
      cloudflareKvTarget({ accountId: ACCOUNT, namespaceId: NAMESPACE, apiToken: TOKEN, baseURL: `http://127.0.0.1:${port}/client/v4`, ...options }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let cloudflare: Awaited<ReturnType<typeof startFakeCloudflare>>
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

  it('splits bulk writes and deletes into batches of at most 10,000', async () => {
    const target = cloudflare.target()
    const entries = Array.from({ length: 10_001 }, (_, index) => ({ key: `blob:${index}`, value: String(index) }))
    await target.putMany(entries)
    await target.deleteMany(entries.map((entry) => entry.key))
    const sizes = (route: string) => cloudflare.requests.filter((request) => request.route === route).map((request) => request.keys.length)
    expect(sizes('bulk')).toEqual([10_000, 1])
    expect(sizes('bulk/delete')).toEqual([10_000, 1])
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
