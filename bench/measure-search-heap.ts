import { readFile } from 'node:fs/promises'
import { DisplayChunkSchema, SearchIndexBlobSchema } from '../contract/index.ts'
import { readDist } from '../publish/read-dist.ts'
import { jsonValueReader, SearchEngine } from '../search/engine.ts'
import type { BenchQuery } from './queries.ts'
import { defaultDocsOf } from './routes.ts'

// Runs in a child with --expose-gc: the heap one locale's search takes in an isolate, measured in Node
// (workerd reports no heap figures). Loaded: the head, its record lengths and the per-document arrays.
// After the query mix: also the per-query scratch and the shards those queries decoded. Display chunks
// are read for each query and dropped: the worker keeps them in the store's own cache, shared with every other value.
const [distDir, queriesFile] = process.argv.slice(2) as [string, string]
const { queries } = JSON.parse(await readFile(queriesFile, 'utf8')) as { queries: BenchQuery[] }
const { manifest, readBlob } = await readDist(distDir)
const gc = (globalThis as { gc?: () => void }).gc as () => void
const inUse = () => {
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.arrayBuffers
}
const megabytes = (bytes: number) => bytes / 2 ** 20

const figures: Record<string, { loadedMb: number; afterQueriesMb: number }> = {}
// Every engine stays alive to the end: one let go during the next locale's figures would be taken off them.
const engines: SearchEngine[] = []
for (const locale of manifest.site.locales) {
  const head = await readBlob((await defaultDocsOf(manifest, readBlob)).search[locale] as string)
  gc()
  const before = inUse()
  const engine = await SearchEngine.load(SearchIndexBlobSchema.parse(JSON.parse(head)), jsonValueReader(readBlob))
  gc()
  const loaded = inUse()
  const readChunk = async (chunk: number) => DisplayChunkSchema.parse(JSON.parse(await readBlob(await engine.displayChunkHash(chunk))))
  for (const { body } of queries) {
    await engine.search(manifest.site, { query: body.query, limit: 10, sectionBoost: body.sectionBoost ?? [], canReadDrafts: false }, readChunk)
  }
  gc()
  figures[locale] = { loadedMb: megabytes(loaded - before), afterQueriesMb: megabytes(inUse() - before) }
  engines.push(engine)
}
console.log(JSON.stringify(figures))
if (engines.length !== manifest.site.locales.length) throw new Error('an engine was not kept')
