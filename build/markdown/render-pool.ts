import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { mapLimit } from '../map-limit.ts'
import type { RenderMany } from '../pipeline/render-all.ts'
import { renderDocument, type LinkTargets, type RenderedDocument, type RenderInput } from './render.ts'
import type { RenderCache } from './render-cache.ts'

export interface RenderPoolOptions {
  cache?: RenderCache | undefined
  /** Threads to render on; defaults to every core. */
  threads?: number
  onProgress?: (done: number, total: number) => void
}

// Below this many documents a thread's start-up costs more than it saves.
const PARALLEL_THRESHOLD = 48
const BATCH_SIZE = 16
const HEAP_CAP_MB = 384

/** Renders what the cache does not have, spread over every core. */
export function createRenderMany(options: RenderPoolOptions = {}): RenderMany {
  const threads = options.threads ?? availableParallelism()
  return async (inputs, targets) => {
    const outputs = new Map<string, RenderedDocument>()
    await mapLimit([...inputs], 64, async ([key, input]) => {
      const cached = await options.cache?.get(input, targets)
      if (cached) outputs.set(key, cached)
    })
    const misses = [...inputs].flatMap(([key, input]) => (outputs.has(key) ? [] : [{ key, input }]))
    let done = inputs.size - misses.length
    const progress = (count: number) => options.onProgress?.((done += count), inputs.size)
    progress(0)
    const rendered =
      misses.length >= PARALLEL_THRESHOLD && threads > 1
        ? await renderOnThreads(misses, targets, threads, progress)
        : misses.map(({ key, input }) => {
            progress(1)
            return { key, output: renderDocument(input, targets) }
          })
    for (const { key, output } of rendered) outputs.set(key, output)
    await mapLimit(rendered, 64, ({ key, output }) => options.cache?.set(inputs.get(key) as RenderInput, output))
    return outputs
  }
}

export type RenderJob = { key: string; input: RenderInput }
export type RenderResult = { key: string; output: RenderedDocument }

async function renderOnThreads(jobs: RenderJob[], targets: LinkTargets, threads: number, progress: (count: number) => void): Promise<RenderResult[]> {
  const queue = [...jobs]
  const results: RenderResult[] = []
  const runThread = async () => {
    // A render thread keeps little alive between batches: on the 10k corpus its heap
    // stays at 65-70 MB with any cap from 64 to 384 MB or with none, and the build's
    // peak comes after the threads exit. So the cap is only a ceiling for a runaway
    // document; a lower one fails on long ones (a 4 MB document needs over 128 MB).
    const worker = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData: { targets }, resourceLimits: { maxOldGenerationSizeMb: HEAP_CAP_MB } })
    try {
      for (let batch = queue.splice(0, BATCH_SIZE); batch.length > 0; batch = queue.splice(0, BATCH_SIZE)) {
        const output = await new Promise<RenderResult[]>((resolve, reject) => {
          worker.once('message', resolve)
          worker.once('error', reject)
          worker.postMessage(batch)
        })
        worker.removeAllListeners('error')
        results.push(...output)
        progress(output.length)
      }
    } finally {
      await worker.terminate()
    }
  }
  await Promise.all(Array.from({ length: Math.min(threads, Math.ceil(jobs.length / BATCH_SIZE)) }, runThread))
  return results
}

