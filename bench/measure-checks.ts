import { readDist } from '../publish/read-dist.ts'
import { DocumentBlobSchema, ManifestSchema, ReleasesBlobSchema, SearchIndexBlobSchema, blobHash } from '../contract/index.ts'
import { jsonValueReader, SearchEngine } from '../search/engine.ts'
import { defaultDocsOf, routesOf } from './routes.ts'
import { median } from './stats.ts'

export interface CheckFigures {
  /** Per document request: decoding the bytes alone (what serving needs) and with every check. */
  documentServeMs: number
  documentCheckedMs: number
  /** Once per build per isolate. */
  manifestCheckMs: number
  searchIndexCheckMs: number
  releasesCheckMs: number
}

const timeOf = async (work: () => unknown | Promise<unknown>) => {
  const started = performance.now()
  await work()
  return performance.now() - started
}

/**
 * What the store's integrity checks cost, in process (Node's Web Crypto and
 * V8, as workerd has them), against the bare decode the worker did before.
 */
export async function measureChecks(distDir: string, rounds = 5): Promise<CheckFigures> {
  const { manifest, readBlob } = await readDist(distDir)
  const bytesOf = async (hash: string) => new TextEncoder().encode(await readBlob(hash)).buffer as ArrayBuffer
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const documents = await Promise.all(
    Object.values((await routesOf(manifest, readBlob)).documents.en ?? {})
      .slice(0, 2000)
      .map(async (entry) => bytesOf(entry.blob)),
  )
  const serve: number[] = []
  const checked: number[] = []
  for (let round = 0; round < rounds; round++) {
    for (const bytes of documents) {
      serve.push(await timeOf(() => decoder.decode(bytes)))
      checked.push(
        await timeOf(async () => {
          await blobHash(bytes)
          return DocumentBlobSchema.parse(JSON.parse(decoder.decode(bytes)))
        }),
      )
    }
  }
  const manifestText = JSON.stringify(manifest)
  const indexBytes = await bytesOf((await defaultDocsOf(manifest, readBlob)).search.en as string)
  const releasesBytes = await bytesOf(manifest.releases)
  const repeat = async (work: () => unknown | Promise<unknown>) => {
    const times: number[] = []
    for (let round = 0; round < rounds; round++) times.push(await timeOf(work))
    return median(times)
  }
  return {
    documentServeMs: median(serve),
    documentCheckedMs: median(checked),
    manifestCheckMs: await repeat(() => ManifestSchema.parse(JSON.parse(manifestText))),
    searchIndexCheckMs: await repeat(async () => {
      // The head and its record lengths: what every search of a cold isolate loads before its shards.
      await blobHash(indexBytes)
      const reader = jsonValueReader(async (hash) => {
        const bytes = await bytesOf(hash)
        await blobHash(bytes)
        return decoder.decode(bytes)
      })
      return SearchEngine.load(SearchIndexBlobSchema.parse(JSON.parse(decoder.decode(indexBytes))), reader)
    }),
    releasesCheckMs: await repeat(async () => {
      await blobHash(releasesBytes)
      return ReleasesBlobSchema.parse(JSON.parse(decoder.decode(releasesBytes)))
    }),
  }
}
