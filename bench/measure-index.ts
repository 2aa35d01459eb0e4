import { readFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import MiniSearch from 'minisearch'
import { readDist } from '../publish/read-dist.ts'
import { DisplayChunkSchema, SearchIndexBlobSchema, type DisplayChunk } from '../contract/index.ts'
import { jsonValueReader, SearchEngine, SearchValueCache, type SearchValueReader } from '../search/engine.ts'
import { buildBaseline, VITEPRESS } from './baseline.ts'
import { defaultDocsOf } from './routes.ts'
import type { BenchQuery } from './queries.ts'
import { median, percentile } from './stats.ts'

// Runs in a child with --expose-gc, so heap figures are of one index alone.
const [distDir, queriesFile] = process.argv.slice(2) as [string, string]
const { queries, bodyOnlyWords } = JSON.parse(await readFile(queriesFile, 'utf8')) as {
  queries: BenchQuery[]
  bodyOnlyWords: Array<{ slug: string; word: string }>
}
const { manifest, readBlob } = await readDist(distDir)
const gc = (globalThis as { gc?: () => void }).gc as () => void
// As the worker's store does it: parse, check the schema, decode; shards as queries need them.
const loadSearchIndex = (text: string, reader: SearchValueReader = jsonValueReader(readBlob), cache?: SearchValueCache) =>
  SearchEngine.load(SearchIndexBlobSchema.parse(JSON.parse(text)), reader, cache ? { cache } : {})

// The baseline (bench/baseline.ts): MiniSearch configured the way VitePress's local search is.
const baselineJson = async (locale: string) => JSON.stringify(await buildBaseline(manifest, readBlob, locale))

/** JS heap plus ArrayBuffer backing stores: typed arrays live outside `heapUsed`. */
const memoryInUse = () => {
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.arrayBuffers
}

async function heapAfter<T>(load: () => T | Promise<T>): Promise<{ value: T; heapMb: number; loadMs: number }> {
  gc()
  const before = memoryInUse()
  const started = performance.now()
  const value = await load()
  const loadMs = performance.now() - started
  gc()
  return { value, heapMb: (memoryInUse() - before) / 1024 / 1024, loadMs }
}

async function latency(search: (query: BenchQuery) => unknown): Promise<Record<string, { p50: number; p99: number }>> {
  const figures: Record<string, { p50: number; p99: number }> = {}
  for (const query of queries) {
    for (let i = 0; i < 20; i++) await search(query)
    const times: number[] = []
    for (let i = 0; i < 200; i++) {
      const started = performance.now()
      await search(query)
      times.push(performance.now() - started)
    }
    figures[query.name] = { p50: median(times), p99: percentile(times, 99) }
  }
  return figures
}

/**
 * What one query reads of a sharded index on a cold isolate, display chunks
 * of its hits included: the head and record lengths, then the shards (and,
 * for a typo, its typo buckets) of its terms.
 */
async function coldReadBytes(head: string, query: BenchQuery): Promise<number> {
  let bytes = Buffer.byteLength(head)
  const counting = async (hash: string) => {
    const text = await readBlob(hash)
    bytes += Buffer.byteLength(text)
    return text
  }
  const engine = await loadSearchIndex(head, jsonValueReader(counting), new SearchValueCache(Number.POSITIVE_INFINITY))
  const readChunk = async (chunk: number) => DisplayChunkSchema.parse(JSON.parse(await counting(await engine.displayChunkHash(chunk))))
  await engine.search(manifest.site, { query: query.body.query, limit: 10, sectionBoost: query.body.sectionBoost ?? [], canReadDrafts: false }, readChunk)
  return bytes
}

/** Every value of a locale's index but its display chunks: the head and what it names. */
async function indexValues(head: string): Promise<string[]> {
  const parsed = SearchIndexBlobSchema.parse(JSON.parse(head))
  const hashes = [...parsed.shards.map((shard) => shard.hash), ...parsed.typoBuckets, ...parsed.recordLengths, ...parsed.displayDirectories]
  return [head, ...(await Promise.all(hashes.map(readBlob)))]
}

const result: Record<string, unknown> = {}
for (const locale of manifest.site.locales) {
  const head = await readBlob((await defaultDocsOf(manifest, readBlob)).search[locale] as string)
  const values = await indexValues(head)
  const ours = values.join('')
  const theirs = await baselineJson(locale)
  const oursLoad: Array<Awaited<ReturnType<typeof heapAfter<SearchEngine>>>> = []
  for (let run = 0; run < 3; run++) oursLoad.push(await heapAfter(() => loadSearchIndex(head)))
  const theirsLoad: Array<Awaited<ReturnType<typeof heapAfter<MiniSearch>>>> = []
  for (let run = 0; run < 3; run++) theirsLoad.push(await heapAfter(() => MiniSearch.loadJSON(theirs, VITEPRESS)))
  const index = oursLoad[0]?.value as SearchEngine
  const baseline = theirsLoad[0]?.value as MiniSearch
  // Display chunks are read once, as the worker's isolate cache does.
  const chunkTexts = await Promise.all((await index.allDisplayChunkHashes()).map(readBlob))
  const displayLoad = await heapAfter(() => chunkTexts.map((text) => DisplayChunkSchema.parse(JSON.parse(text))))
  const chunks = displayLoad.value
  const readChunk = async (chunk: number) => chunks[chunk] as DisplayChunk
  const search = { query: '', limit: 10, sectionBoost: [] as string[], canReadDrafts: false }
  // The rare words sit at the end of default-locale documents, which translations leave out.
  const recallWords = locale === manifest.site.defaultLocale ? bodyOnlyWords : []
  const ourRecall = await Promise.all(
    recallWords.map(async ({ slug, word }) => (await index.search(manifest.site, { ...search, query: word }, readChunk)).results.some((hit) => hit.slug === slug)),
  )
  result[locale] = {
    ours: {
      bytes: Buffer.byteLength(ours),
      gzipBytes: gzipSync(ours).length,
      headBytes: Buffer.byteLength(head),
      shards: SearchIndexBlobSchema.parse(JSON.parse(head)).shards.length,
      largestValueBytes: Math.max(...values.map((value) => Buffer.byteLength(value))),
      largestDisplayChunkBytes: Math.max(0, ...chunkTexts.map((text) => Buffer.byteLength(text))),
      coldQueryBytes: Object.fromEntries(await Promise.all(queries.map(async (query) => [query.name, await coldReadBytes(head, query)] as const))),
      loadMs: median(oursLoad.map((r) => r.loadMs)),
      heapMb: median(oursLoad.map((r) => r.heapMb)),
      displayBytes: chunkTexts.reduce((total, text) => total + Buffer.byteLength(text), 0),
      displayHeapMb: displayLoad.heapMb,
      latency: await latency((q) => index.search(manifest.site, { ...search, query: q.body.query, sectionBoost: q.body.sectionBoost ?? [] }, readChunk)),
      recall: recallWords.length === 0 ? null : ourRecall.filter(Boolean).length / recallWords.length,
    },
    baseline: {
      bytes: Buffer.byteLength(theirs),
      gzipBytes: gzipSync(theirs).length,
      loadMs: median(theirsLoad.map((r) => r.loadMs)),
      heapMb: median(theirsLoad.map((r) => r.heapMb)),
      latency: await latency((q) => baseline.search(q.body.query)),
      recall: recallWords.length === 0 ? null : recallWords.filter(({ slug, word }) => baseline.search(word).some((hit) => hit.id === slug)).length / recallWords.length,
    },
  }
}
console.log(JSON.stringify(result))
