import { execFile } from 'node:child_process'
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { readDist } from '../publish/read-dist.ts'
import { documentPath, generateCorpus, sampleDocuments, writeCorpus } from './corpus.ts'
import { measureStart, type StartRun } from './measure-author-loop.ts'
import { buildOnce, firstDocument, type ChildResult } from './measure-build.ts'
import { measureWorker, type WorkerFigures } from './measure-worker.ts'
import { queryMix } from './queries.ts'
import { routesOf } from './routes.ts'

const run = promisify(execFile)
const CLI = resolve('build/cli.ts')
/** Where build/cli.ts keeps its render cache, relative to the directory it runs in. */
const CLI_CACHE = 'node_modules/.cache/docs-service'

/** A build that may not complete at this size: its figures, or how it failed. */
type Attempt<T> = { ok: true; value: T } | { ok: false; error: string }

export interface ScaleFigures {
  documents: number
  cold10k: Attempt<ChildResult>
  cold: Attempt<ChildResult>
  noChangeMs: Attempt<number>
  oneEditMs: Attempt<number>
  largest: Attempt<{ anyBytes: number; anyKey: string; notDocumentBytes: number; notDocumentKey: string }>
  shards: Attempt<{ halvesMs: number[]; finalMs: number; finalRendered: number | null }>
  worker: Attempt<WorkerFigures>
  /** Per locale, MB of heap its search takes (bench/measure-search-heap.ts). */
  searchHeap: Attempt<Record<string, { loadedMb: number; afterQueriesMb: number }>>
  firstStart: Attempt<StartRun>
}

async function attempt<T>(name: string, work: () => Promise<T>): Promise<Attempt<T>> {
  console.error(`scale: ${name}…`)
  try {
    const value = await work()
    // Each step's figures as it ends: a run stopped early still says what it measured.
    console.error(`scale: ${name}: ${JSON.stringify(value)}`)
    return { ok: true, value }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    console.error(`scale: ${name} failed: ${message.slice(-2000)}`)
    return { ok: false, error: message.slice(-2000) }
  }
}

/**
 * The issue-28 targets at `documents` pages per locale (seed 42): cold builds
 * here and at 10k, rebuilds, the largest stored value, two `--shard` halves
 * and the final build, search in workerd, and the first `npm start` (unless
 * `start` is false). Each step reports its failure instead of ending the run.
 */
export async function measureScale(documents: number, workDir: string, options: { start: boolean }): Promise<ScaleFigures> {
  const content = join(workDir, 'content')
  const corpus = generateCorpus({ documents, seed: 42 })
  await writeCorpus(corpus, content)
  const small = join(workDir, 'content-10k')
  await writeCorpus(generateCorpus({ documents: 10_000, seed: 42 }), small)
  const out = join(workDir, 'dist')
  const cache = join(workDir, 'cache')
  const cold10k = await attempt('cold build, 10k', () => buildOnce(small, join(workDir, 'dist-10k')))
  const cold = await attempt(`cold build, ${documents}`, () => buildOnce(content, out, cache))
  const noChangeMs = await attempt('rebuild, no change', async () => (await buildOnce(content, out, cache)).ms)
  const oneEditMs = await attempt('rebuild, one edit', () => oneEdit(content, out, cache))
  const largest = await attempt('largest stored values', () => largestValues(out))
  const shards = await attempt('two shards, then the final build', () => shardedBuild(content, workDir))
  const sampled = sampleDocuments(corpus, 3)
  const queries = queryMix(corpus.words, corpus.sections)
  const worker = await attempt('search and cold isolates in workerd', () =>
    measureWorker(
      out,
      workDir,
      queries,
      sampled.map((document) => documentPath(document)),
    ),
  )
  const searchHeap = await attempt('search heap', async () => {
    const queriesFile = join(workDir, 'queries.json')
    await writeFile(queriesFile, JSON.stringify({ queries }))
    const { stdout } = await run(process.execPath, ['--expose-gc', 'bench/measure-search-heap.ts', out, queriesFile], { maxBuffer: 64 * 1024 * 1024 })
    return JSON.parse(stdout) as Record<string, { loadedMb: number; afterQueriesMb: number }>
  })
  const served = documentPath(sampled[0] as Parameters<typeof documentPath>[0], true)
  const firstStart: Attempt<StartRun> = options.start
    ? await attempt('first npm start', () => measureStart(content, { persist: join(workDir, 'start-state'), cache: join(workDir, 'start-cache') }, { path: served }))
    : { ok: false, error: 'not measured in this run (--skip-start)' }
  return { documents, cold10k, cold, noChangeMs, oneEditMs, largest, shards, worker, searchHeap, firstStart }
}

async function oneEdit(content: string, out: string, cache: string): Promise<number> {
  const edited = join(content, 'docs/en', (await firstDocument(content)) ?? '')
  const original = await readFile(edited, 'utf8')
  await writeFile(edited, `${original}\nOne edit at scale.\n`)
  try {
    return (await buildOnce(content, out, cache)).ms
  } finally {
    await writeFile(edited, original)
  }
}

/** The largest value a build stores, and the largest that is not a page's own document or Markdown. */
async function largestValues(distDir: string) {
  const { manifest, readBlob } = await readDist(distDir)
  const pages = new Set<string>()
  for (const variants of Object.values((await routesOf(manifest, readBlob)).documents)) {
    for (const variant of Object.values(variants)) pages.add(variant.blob).add(variant.markdown)
  }
  const found = { anyBytes: 0, anyKey: '', notDocumentBytes: 0, notDocumentKey: '' }
  const blobs = join(distDir, 'blobs')
  for (const name of await readdir(blobs)) {
    const { size } = await stat(join(blobs, name))
    const hash = name.replace(/\.json$/, '')
    if (size > found.anyBytes) Object.assign(found, { anyBytes: size, anyKey: hash })
    if (!pages.has(hash) && size > found.notDocumentBytes) Object.assign(found, { notDocumentBytes: size, notDocumentKey: hash })
  }
  return found
}

/** Two `--shard` halves, each in a folder of its own as two CI runners would, their caches copied together, then the final build there. */
async function shardedBuild(content: string, workDir: string) {
  const halvesMs: number[] = []
  for (const index of [1, 2]) {
    const runner = join(workDir, `runner-${index}`)
    await mkdir(runner, { recursive: true })
    const started = performance.now()
    await run(process.execPath, [CLI, '--content', content, '--out', 'dist', '--shard', `${index}/2`], { cwd: runner, maxBuffer: 64 * 1024 * 1024 })
    halvesMs.push(performance.now() - started)
  }
  const final = join(workDir, 'runner-final')
  for (const index of [1, 2]) await cp(join(workDir, `runner-${index}`, CLI_CACHE), join(final, CLI_CACHE), { recursive: true })
  const started = performance.now()
  const { stdout } = await run(process.execPath, [CLI, '--content', content, '--out', 'dist'], { cwd: final, maxBuffer: 64 * 1024 * 1024 })
  const finalMs = performance.now() - started
  const rendered = /rendered (\d+), from cache/.exec(stdout)?.[1]
  return { halvesMs, finalMs, finalRendered: rendered === undefined ? null : Number(rendered) }
}
