import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { errorsOnlyRendering, renderDocument, type LinkTargets, type RenderedDocument, type RenderInput } from './markdown/render.ts'
import type { RenderMany } from './pipeline/render-all.ts'
import type { RenderCache } from './render-cache.ts'
import { withOrigin } from './markdown/rendering-origin.ts'

export interface RenderPoolOptions {
  cache?: RenderCache | undefined
  /** Threads to render on; defaults to every core. */
  threads?: number
  /** The old-generation heap of each render thread, in MB (tests make it small). */
  heapCapMb?: number
  onProgress?: (done: number, total: number) => void
  /** Told after each call how many inputs were rendered and how many came from the cache. */
  onRendered?: (rendered: number, cached: number) => void
  /** What is kept of each rendering handed back (the CLI's build puts its text in a file: rendering-file.ts). */
  keep?: (output: RenderedDocument) => RenderedDocument
  /** Told of each rendering the cache held, as kept, while the rest render (the CLI's build has its search terms read ahead). */
  onCached?: (kept: RenderedDocument) => void
}

// Below this many documents a thread's start-up costs more than it saves.
const PARALLEL_THRESHOLD = 48
const BATCH_SIZE = 16
const HEAP_CAP_MB = 384
// Dense Markdown (a link, bold and code in every line) was measured at about
// 190 bytes of heap per byte of text: 1 MB renders under a 384 MB cap, 2 MB
// does not. A document over 1/400 of the cap renders on a thread even alone,
// where running out of memory fails that document, not the build process.
const HEAP_BYTES_PER_CHAR_BOUND = 400

/** Renders what the cache does not have, spread over every core. */
export function createRenderMany(options: RenderPoolOptions = {}): RenderMany {
  const threads = options.threads ?? availableParallelism()
  const heapCapMb = options.heapCapMb ?? HEAP_CAP_MB
  const largeDocumentChars = (heapCapMb * 1024 * 1024) / HEAP_BYTES_PER_CHAR_BOUND
  const keep = options.keep ?? ((output: RenderedDocument) => output)
  return async (inputs, targets) => {
    const outputs = new Map<string, RenderedDocument>()
    for (const [key, input] of inputs) {
      const cached = options.cache?.get(input, targets)
      if (!cached) continue
      const kept = keep(cached)
      outputs.set(key, kept)
      options.onCached?.(kept)
    }
    const misses = [...inputs].flatMap(([key, input]) => (outputs.has(key) ? [] : [{ key, input }]))
    let done = inputs.size - misses.length
    options.onProgress?.(done, inputs.size)
    // Renderings go to the cache as they come, while the threads render the rest, not all at the end.
    const writes: Promise<void>[] = []
    let writeFailure: unknown
    const finished = (results: RenderResult[]) => {
      for (const { key, output } of results) {
        const kept = keep(output)
        outputs.set(key, kept)
        // A rendering with errors is not kept: the build fails until they are fixed, and
        // one too large to render now may render with more room.
        const input = inputs.get(key) as RenderInput
        if (options.cache && output.errors.length === 0) {
          writes.push(
            options.cache
              .set(input, output)
              // Named as the entry it is now, as it will be when read back (see originOf).
              .then((origin) => {
                withOrigin(kept, origin)
              })
              .catch((error: unknown) => {
                writeFailure ??= error
              }),
          )
        }
      }
      done += results.length
      options.onProgress?.(done, inputs.size)
    }
    if ((misses.length >= PARALLEL_THRESHOLD && threads > 1) || misses.some(({ input }) => input.body.length > largeDocumentChars)) {
      await renderOnThreads(misses, { targets, heapCapMb }, threads, finished)
    } else {
      for (const { key, input } of misses) finished([{ key, output: renderDocument(input, targets) }])
    }
    await Promise.all(writes)
    if (writeFailure !== undefined) throw writeFailure
    options.onRendered?.(misses.length, inputs.size - misses.length)
    return outputs
  }
}

export type RenderJob = { key: string; input: RenderInput }
export type RenderResult = { key: string; output: RenderedDocument }

/** What every render thread starts with. */
interface ThreadSetup {
  targets: LinkTargets
  heapCapMb: number
}

/** Renders the jobs on threads, handing each batch's results to `finished` as it comes back. */
async function renderOnThreads(jobs: RenderJob[], setup: ThreadSetup, threads: number, finished: (results: RenderResult[]) => void): Promise<void> {
  const arrived = (results: RenderResult[]) => finished(results.map(({ key, output }) => ({ key, output: withLinksMadeHere(output) })))
  const queue = [...jobs]
  // A thread that runs out of memory is gone: its batch is rendered again one
  // document at a time, and the thread's place is taken by a new one.
  const runThread = async () => {
    while (queue.length > 0) {
      const worker = startThread(setup)
      try {
        for (let batch = queue.splice(0, BATCH_SIZE); batch.length > 0; batch = queue.splice(0, BATCH_SIZE)) {
          const output = await renderBatch(worker, batch).catch(unlessOutOfMemory)
          arrived(output ?? (await renderEachAlone(batch, setup)))
          if (!output) break
        }
      } finally {
        await worker.terminate()
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(threads, Math.ceil(jobs.length / BATCH_SIZE)) }, runThread))
}

/**
 * A thread's rendering with its links made again in this thread. Deserialized
 * from a thread's message, each link object came with a hidden class (V8 map) of
 * its own: at 10,000 pages 22,568 maps and their descriptors, about 200 bytes a
 * link, kept for the whole build. Made by one literal here, they share one.
 */
function withLinksMadeHere(output: RenderedDocument): RenderedDocument {
  return { ...output, links: output.links.map(({ href, line, url, markdownUrl }) => ({ href, line, url, markdownUrl })) }
}

function startThread({ targets, heapCapMb }: ThreadSetup): Worker {
  // A render thread keeps little alive between batches: on the 10k corpus its heap
  // stays at 65-70 MB with any cap from 64 to 384 MB or with none, and the build's
  // peak comes after the threads exit. So the cap is only a ceiling for a runaway
  // document; a lower one fails on long ones (a 4 MB document needs over 128 MB).
  return new Worker(new URL('./render-worker.ts', import.meta.url), { workerData: { targets }, resourceLimits: { maxOldGenerationSizeMb: heapCapMb } })
}

function renderBatch(worker: Worker, batch: RenderJob[]): Promise<RenderResult[]> {
  return new Promise<RenderResult[]>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.postMessage(batch)
  }).finally(() => worker.removeAllListeners('error'))
}

function unlessOutOfMemory(error: unknown): null {
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') return null
  throw error
}

/** Each document on a thread of its own: one that still exhausts the heap is too large, and says so. */
async function renderEachAlone(batch: RenderJob[], setup: ThreadSetup): Promise<RenderResult[]> {
  const results: RenderResult[] = []
  for (const job of batch) {
    const worker = startThread(setup)
    try {
      const output = await renderBatch(worker, [job]).catch(unlessOutOfMemory)
      results.push(...(output ?? [{ key: job.key, output: tooLarge(job.input, setup.heapCapMb) }]))
    } finally {
      await worker.terminate()
    }
  }
  return results
}

function tooLarge(input: RenderInput, heapCapMb: number): RenderedDocument {
  const size = (Buffer.byteLength(input.body) / 1024 / 1024).toFixed(1)
  const message = `document too large to render: its ${size} MB of Markdown exhaust the ${heapCapMb} MB heap of a render thread; split it into smaller pages`
  return errorsOnlyRendering([{ path: input.path, line: 1, message }])
}
