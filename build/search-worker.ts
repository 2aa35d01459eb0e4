import { existsSync, openSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { DIST_FILES } from '../contract/index.ts'
import { withOrigin } from './markdown/rendering-origin.ts'
import { createTokenCache, readTermsAhead } from '../search/engine.ts'
import { IndexedPage, type IndexedRendering } from './pipeline/indexed-page.ts'
import { indexKey, SearchIndexes } from './pipeline/search-index.ts'
import { BlockReader, renderingAt } from './rendering-blocks.ts'
import type { AheadRendering, FromSearchThread, SearchThreadDist, SearchThreadJob, ThreadPage, ToSearchThread } from './search-thread-messages.ts'

// The search thread (search-thread.ts): a locale's pages arrive with where their texts are; its key is
// computed when asked, then the index is made, each value stored as it is encoded and named back in batches.

const { renderingsPath, dist } = workerData as { renderingsPath: string; dist: SearchThreadDist }
const reader = new BlockReader({ path: renderingsPath, fd: openSync(renderingsPath, 'r') })
// The terms of every index made here, those read ahead included.
const tokens = createTokenCache()
// Made with the first job's choice: a one-shot build of several versions keeps each locale's builder, to patch it from one version to the next.
let indexes: SearchIndexes | undefined
// Each rendering, by its number, while builders are kept (they tell an unchanged page by it), and each read ahead (its terms are cached by it).
const renderings = new Map<number, IndexedRendering>()
// Values are named back in batches of this many: one message per value was 100,000 messages at 100k pages.
const BATCH_VALUES = 256
// The values written so far: two locales' indexes share many (the pages one shows for want of a translation), each written once.
const written = new Set<string>()

function renderingOf(page: ThreadPage, keep: boolean): IndexedRendering {
  const kept = renderings.get(page.rendering)
  if (kept) return kept
  // A rendering in memory brings its sections and terms along, which is all the index reads of it.
  const rendering = withOrigin('place' in page.texts ? renderingAt({}, page.texts.place, reader) : page.texts, page.origin)
  if (keep) renderings.set(page.rendering, rendering)
  return rendering
}

function readAhead(ahead: AheadRendering[]): void {
  for (const { rendering: id, place, origin } of ahead) {
    if (renderings.has(id)) continue
    const rendering = withOrigin(renderingAt({}, place, reader), origin)
    try {
      const written = rendering.recordTerms
      if (written) readTermsAhead(tokens, rendering, written)
      renderings.set(id, rendering)
    } catch {
      // Read again by the index that shows it, which fails with the reason.
    }
  }
}

function post(answer: FromSearchThread): void {
  parentPort?.postMessage(answer)
}

/** Stores a job's values as they are made, and names them back in batches: `store` for each value, `flush` at the end. */
function valueStore(id: number) {
  let batch = { id, placed: [] as string[], written: [] as string[] }
  const flush = () => {
    if (batch.placed.length + batch.written.length === 0) return
    post(batch)
    batch = { id, placed: [], written: [] }
  }
  const store = (json: string, hash: string) => {
    // A value the previous build has is linked from it at commit (BuildWriter), as the writer does with any blob.
    if (written.has(hash)) batch.written.push(hash)
    else if (existsSync(join(dist.previous, DIST_FILES.blob(hash)))) batch.placed.push(hash)
    else {
      writeFileSync(join(dist.staging, DIST_FILES.blob(hash)), json)
      written.add(hash)
      batch.written.push(hash)
    }
    if (batch.placed.length + batch.written.length >= BATCH_VALUES) flush()
  }
  return { store, flush }
}

function make({ id, locale, settings, pages, keyed, keepBuilders }: SearchThreadJob): void {
  const values = valueStore(id)
  indexes ??= new SearchIndexes({ keepBuilders, tokens })
  const documents = pages.map((page) => new IndexedPage(page.fields, renderingOf(page, keepBuilders)))
  if (keyed) post({ id, key: indexKey(locale, documents, settings) })
  const index = indexes.writeList(locale, documents, settings, values.store)
  values.flush()
  post({ id, index })
}

parentPort?.on('message', (job: ToSearchThread) => {
  if ('ahead' in job) return readAhead(job.ahead)
  try {
    make(job)
  } catch (error) {
    post({ id: job.id, error: error instanceof Error ? error.message : String(error) })
  }
})
