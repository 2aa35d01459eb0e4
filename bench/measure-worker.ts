import { join } from 'node:path'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { readDist } from '../publish/read-dist.ts'
import { bulkPair } from '../publish/batches.ts'
import { publishBuild } from '../publish/publish.ts'
import { strongEtag } from '../worker/http/etag.ts'
import type { KVNamespace } from '@cloudflare/workers-types/index.ts'
import type { PublishTarget } from '../publish/target.ts'
import { kvBindingTarget } from '../publish/targets/kv-binding.ts'
import { measureColdIsolate, type ColdIsolateFigures } from './measure-cold-isolate.ts'
import type { BenchQuery } from './queries.ts'
import { routesOf } from './routes.ts'
import { median, percentile } from './stats.ts'

export interface WorkerFigures {
  publish: { firstBlobWrites: number; republishBlobWrites: number; republishWrites: number }
  noopMs: number
  coldIndexMs: Record<string, number>
  search: Record<string, { p50: number; p99: number }>
  document200Ms: number
  document304Ms: number
  reads: Record<string, Record<string, number>>
  coldIsolate: ColdIsolateFigures
  /** A fresh isolate's first search, one probe per query kind: what it reads and how long it takes. */
  coldSearch: ColdIsolateFigures
}

/** Our worker in workerd through Miniflare, with the build published by the real publish code. */
export async function measureWorker(distDir: string, workDir: string, queries: BenchQuery[], coldPaths: string[]): Promise<WorkerFigures> {
  const options = miniflareOptions(await bundleBenchWorker(workDir), workDir)
  const mf = new Miniflare(options)
  try {
    const source = await readDist(distDir)
    const { manifest } = source
    const publish = await measurePublish(mf, source)
    const time = timer(mf)
    const noopMs = median(await time('/__bench/noop', undefined, 300))
    const coldIndexMs: Record<string, number> = {}
    for (const locale of manifest.site.locales) coldIndexMs[locale] = median(await time(`/__bench/cold-index?locale=${locale}`, undefined, 5)) - noopMs
    const search: WorkerFigures['search'] = {}
    for (const query of queries) {
      // Enough warm-up for V8 to optimise the scoring loops, as on a busy isolate.
      await time('/v1/search', post(query.body), 50)
      const times = (await time('/v1/search', post(query.body), 200)).map((ms) => ms - noopMs)
      search[query.name] = { p50: median(times), p99: percentile(times, 99) }
    }
    const { slug, etag } = await publishedDocument(manifest, source.readBlob)
    const document200Ms = median(await time(`/v1/documents/${slug}`, undefined, 200)) - noopMs
    const document304Ms = median(await time(`/v1/documents/${slug}`, { headers: { 'If-None-Match': etag } }, 200)) - noopMs
    const reads = await measureReads(mf, slug, etag, queries)
    // Last: each probe restarts workerd (same options, KV kept) for an isolate with nothing cached.
    const restart = () => mf.setOptions(options)
    const coldIsolate = await measureColdIsolate(
      mf,
      restart,
      coldPaths.map((path) => ({ path })),
    )
    const coldSearch = await measureColdIsolate(
      mf,
      restart,
      queries.map((query) => ({ path: '/v1/search', body: query.body })),
    )
    return { publish, noopMs, coldIndexMs, search, document200Ms, document304Ms, reads, coldIsolate, coldSearch }
  } finally {
    await mf.dispose()
  }
}

async function bundleBenchWorker(workDir: string): Promise<string> {
  const bundle = join(workDir, 'bench-worker.js')
  await build({
    entryPoints: ['bench/bench-worker.ts'],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    minify: true,
    logLevel: 'error',
  })
  return bundle
}

function miniflareOptions(bundle: string, workDir: string) {
  return {
    modules: true,
    scriptPath: bundle,
    modulesRoot: workDir,
    compatibilityDate: '2026-07-01',
    kvNamespaces: ['DOCS_KV'],
    bindings: {
      JWT_SECRET: 'bench-secret-of-at-least-thirty-two-bytes',
      JWT_ISSUER: 'docs-service',
      JWT_AUDIENCE: 'docs-preview',
      CORS_ORIGINS: '*',
      POINTER_TTL_SECONDS: '5',
      JWT_JWKS_URL: '',
    },
  }
}

type DistSource = Awaited<ReturnType<typeof readDist>>

/** Publishes the build twice, counting the writes: all of them the first time, none of the blobs the second. */
async function measurePublish(mf: Miniflare, source: DistSource): Promise<WorkerFigures['publish']> {
  const kv = (await mf.getKVNamespace('DOCS_KV')) as unknown as KVNamespace
  let writes: string[] = []
  // The real publish code; its writes go to KV in batches through bench-worker
  // (one request per batch, not one Node-to-workerd call per value: at 10k
  // that took four minutes), and are counted here.
  const countingTarget: PublishTarget = {
    ...kvBindingTarget(kv),
    async putMany(entries) {
      writes.push(...entries.map((entry) => entry.key))
      const response = await mf.dispatchFetch('http://bench/__bench/put-many', { method: 'POST', body: JSON.stringify(entries.map(bulkPair)) })
      await response.arrayBuffer()
      if (response.status !== 204) throw new Error(`bench-worker's put-many answered ${response.status}`)
    },
  }
  await publishBuild(countingTarget, source)
  const firstBlobWrites = writes.filter((key) => key.startsWith('blob:')).length
  writes = []
  await publishBuild(countingTarget, source)
  return { firstBlobWrites, republishBlobWrites: writes.filter((key) => key.startsWith('blob:')).length, republishWrites: writes.length }
}

/** Milliseconds of each of `count` requests for `path`, the body read. */
function timer(mf: Miniflare) {
  return async (path: string, init?: RequestInit, count = 100) => {
    const times: number[] = []
    for (let i = 0; i < count; i++) {
      const started = performance.now()
      const response = await mf.dispatchFetch(`http://bench${path}`, init as never)
      await response.arrayBuffer()
      times.push(performance.now() - started)
    }
    return times
  }
}

const post = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

/** The first English document that is not a draft: its slug, and the ETag a client would send back. */
async function publishedDocument(manifest: DistSource['manifest'], readBlob: DistSource['readBlob']) {
  const routes = await routesOf(manifest, readBlob)
  const docId = Object.keys(routes.documents.en ?? {}).find((id) => !routes.documents.en?.[id]?.draft) as string
  const slug = Object.entries(routes.slugs).find(([, id]) => id === docId)?.[0] as string
  const etag = strongEtag(routes.documents.en?.[docId]?.blob as string)
  return { slug, etag }
}

/** KV reads of a warm isolate's second request to each route (the first fills its caches). */
async function measureReads(mf: Miniflare, slug: string, etag: string, queries: BenchQuery[]): Promise<WorkerFigures['reads']> {
  const readsOf = async (path: string, init?: RequestInit) => {
    await mf.dispatchFetch(`http://bench${path}`, init as never).then((r) => r.arrayBuffer())
    await mf.dispatchFetch('http://bench/__bench/reads')
    await mf.dispatchFetch(`http://bench${path}`, init as never).then((r) => r.arrayBuffer())
    return (await (await mf.dispatchFetch('http://bench/__bench/reads')).json()) as Record<string, number>
  }
  return {
    'document 200': await readsOf(`/v1/documents/${slug}`),
    'document 304': await readsOf(`/v1/documents/${slug}`, { headers: { 'If-None-Match': etag } }),
    search: await readsOf('/v1/search', post(queries[0]?.body)),
    releases: await readsOf('/v1/releases'),
  }
}
