import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Miniflare } from 'miniflare'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { buildSite } from '../../build/build.ts'
import { publishBuild } from '../../publish/publish.ts'
import { readDist } from '../../publish/read-dist.ts'
import { workerInMiniflare } from '../shared/worker-miniflare.ts'
import { startFakeCloudflare, type FakeCloudflare } from './fake-cloudflare.ts'

// The worker, in workerd, serving what the fake Cloudflare API holds at each
// step of a publish that a bulk write stops: the namespace is copied into the
// worker's KV before each request.
const INSTALL = 'guides/install.md'
let workDir: string
let mf: Miniflare
let cloudflare: FakeCloudflare

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'docs-cloudflare-served-'))
  const next = join(workDir, 'next')
  await cp('test/fixtures/site', next, { recursive: true })
  const page = join(next, 'docs/en', INSTALL)
  await writeFile(page, (await readFile(page, 'utf8')).replace('title: Installing the service', 'title: Installing the next service'))
  await buildSite({ contentDir: 'test/fixtures/site', outDir: join(workDir, 'dist-live'), cacheDir: null, threads: 1 })
  await buildSite({ contentDir: next, outDir: join(workDir, 'dist-next'), cacheDir: null, threads: 1 })
  mf = await workerInMiniflare(workDir, { bindings: { POINTER_TTL_SECONDS: '0' } })
}, 120_000)
afterAll(async () => {
  await mf?.dispose()
  await rm(workDir, { recursive: true, force: true })
})
beforeEach(async () => {
  cloudflare = await startFakeCloudflare()
})
afterEach(() => cloudflare.close())

/** The install page's title as the worker serves it from what the namespace holds now. */
async function servedTitle(): Promise<string> {
  const kv = await mf.getKVNamespace('DOCS_KV')
  for (const [key, value] of cloudflare.kv) await kv.put(key, new Uint8Array(value))
  const response = await mf.dispatchFetch('http://docs.test/v1/documents/guides/install')
  expect(response.status).toBe(200)
  return ((await response.json()) as { title: string }).title
}

it('serves the live build while a stopped publish has landed part of the next, and the next once a re-run finishes it', async () => {
  await publishBuild(cloudflare.target(), await readDist(join(workDir, 'dist-live')))
  expect(await servedTitle()).toBe('Installing the service')

  const next = await readDist(join(workDir, 'dist-next'))
  cloudflare.faults.push({ status: 503, headers: { 'Retry-After': '0' }, times: Infinity, route: 'bulk', after: 1 })
  await expect(publishBuild(cloudflare.target({ maxRetries: 0 }), next, { batchSize: 2 })).rejects.toThrow(/^2 of \d+ blobs landed/)
  expect(await servedTitle()).toBe('Installing the service')

  cloudflare.faults.length = 0
  const report = await publishBuild(cloudflare.target(), next, { batchSize: 2 })
  expect(report.switched).toBe(true)
  expect(await servedTitle()).toBe('Installing the next service')
}, 60_000)
