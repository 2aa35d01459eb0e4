import { Worker } from 'node:worker_threads'
import { SECTIONS_SOURCE } from '../search/engine.ts'
import type { BuildWriter } from './emit.ts'
import type { IndexedPage } from './pipeline/indexed-page.ts'
import type { IndexJob, IndexJobs } from './pipeline/search-index.ts'
import type { OffThreadJobs } from './pipeline/version-locales.ts'
import { originOf } from './markdown/rendering-origin.ts'
import { textsPlaceOf } from './rendering-blocks.ts'
import { type AheadRendering, Answers, type FromSearchThread, type SearchThreadDist, type SearchThreadJob, type ThreadPage, type ToSearchThread } from './search-thread-messages.ts'

/**
 * Makes large locales' search indexes on a thread of their own, which reads
 * the pages' sections and terms from the renderings' files and stores the
 * values itself, while this thread makes the locales' pages, sidebars and
 * llms files: at 100,000 pages the indexes were a third of a rebuild from
 * the cache, and after rendering a one-shot build ran on one core. A job
 * starts as it is asked for and runs to the end: the caller reads its key
 * only once it is done with the pages, so waiting for its word would keep
 * the thread idle. Values go straight to disk: handed back as text, they
 * waited in the message queue (1.1 GB at 100k pages) while this thread was
 * busy. The thread starts with the first index that is large enough.
 */
export class SearchThread implements OffThreadJobs {
  private readonly renderingsPath: string
  private readonly writer: BuildWriter
  private readonly minPages: number
  private worker: Worker | null = null
  private failure: Error | null = null
  private nextId = 0
  private renderingCount = 0
  private readonly answers = new Map<number, Answers>()
  // Renderings to read ahead, not yet sent: sent in batches, and only once there are enough to start the thread for.
  private ahead: AheadRendering[] = []
  // Each rendering's number, for as long as it lives: the thread tells a page shown in two locales (a fallback) by it.
  private readonly renderingIds = new WeakMap<object, number>()
  // Whether a job asked to keep its builders for a later one: the thread then stays until the build ends.
  private keepsBuilders = false

  /**
   * `renderingsPath`: the build's renderings file (RenderingFile), which the thread keeps open; `writer`: where the
   * values go. Indexes of fewer than `minPages` pages are made in the caller's thread.
   */
  constructor(options: { renderingsPath: string; writer: BuildWriter; minPages?: number }) {
    this.renderingsPath = options.renderingsPath
    this.writer = options.writer
    this.minPages = options.minPages ?? MIN_PAGES
  }

  /** Index jobs for the thread when a locale has `minPages` pages or more, else for `inThread`. */
  indexes(inThread: IndexJobs<IndexedPage>, options: { keepBuilders: boolean }): IndexJobs<IndexedPage> {
    return (locale, documents, settings, keyed) =>
      documents.length < this.minPages ? inThread(locale, documents, settings, keyed) : this.job({ locale, documents, settings, keyed, ...options })
  }

  /**
   * Has the thread read the search terms of `rendering`, whose texts are on disk (one from the render cache),
   * while this thread makes the rest: a rebuild at 100,000 pages read them for 10 s after every page was made,
   * and read a page the second locale shows as a fallback twice. Told of fewer than `minPages`, the thread
   * is not started for them.
   */
  readAhead(rendering: object): void {
    const place = textsPlaceOf(rendering)
    if (!place || this.failure) return
    const origin = originOf(rendering)
    this.ahead.push({ rendering: this.idOf(rendering), place, ...(origin === undefined ? {} : { origin }) })
    if (this.ahead.length >= (this.worker ? AHEAD_BATCH : this.minPages)) this.sendAhead()
  }

  /** Waits for every index asked for to be made, and its values stored, then stops the thread. Before the output is committed: an index kept from the last build is not waited for otherwise. */
  async finish(): Promise<void> {
    await Promise.all([...this.answers.values()].map((answers) => answers.index.promise))
    await this.close()
  }

  /** Whether the thread runs: it stops once it has answered every job, unless a job keeps its builders. */
  get running(): boolean {
    return this.worker !== null
  }

  /** Stops the thread; what it had not answered fails. */
  async close(): Promise<void> {
    const worker = this.detach()
    this.failAll(new Error('the search thread was closed before it answered'))
    await worker?.terminate()
  }

  private job({ documents, ...asked }: Omit<SearchThreadJob, 'id' | 'pages'> & { documents: IndexedPage[] }): IndexJob {
    if (this.failure) throw this.failure
    const id = this.nextId++
    this.keepsBuilders ||= asked.keepBuilders
    const answers = new Answers()
    this.answers.set(id, answers)
    const pages = documents.map((document) => this.threadPage(document))
    // What waits to be read ahead goes first: the terms of a page two locales show are then read once.
    if (this.ahead.length > 0) this.sendAhead()
    this.started().postMessage({ id, pages, ...asked } satisfies ToSearchThread)
    return {
      key: () => (asked.keyed ? answers.key.promise : Promise.reject(new Error('this index was asked for without its key'))),
      write: async (take) => {
        const index = await answers.index.promise
        for (const hash of answers.stored) take.stored(hash)
        return index
      },
    }
  }

  private sendAhead(): void {
    this.started().postMessage({ ahead: this.ahead } satisfies ToSearchThread)
    this.ahead = []
  }

  private idOf(rendering: object): number {
    let id = this.renderingIds.get(rendering)
    if (id === undefined) {
      id = this.renderingCount++
      this.renderingIds.set(rendering, id)
    }
    return id
  }

  private threadPage(page: IndexedPage): ThreadPage {
    const rendering = page[SECTIONS_SOURCE]
    const id = this.idOf(rendering)
    const place = textsPlaceOf(rendering)
    const origin = originOf(rendering)
    return {
      fields: page.toJSON(),
      rendering: id,
      texts: place ? { place } : { sections: rendering.sections, recordTerms: rendering.recordTerms },
      ...(origin === undefined ? {} : { origin }),
    }
  }

  private started(): Worker {
    if (this.worker) return this.worker
    const dist: SearchThreadDist = { staging: this.writer.staging, previous: this.writer.outDir }
    const worker = new Worker(new URL('./search-worker.ts', import.meta.url), { workerData: { renderingsPath: this.renderingsPath, dist } })
    worker.on('message', (answer: FromSearchThread) => this.answered(answer))
    worker.on('error', (error) => this.failAll(error))
    worker.on('exit', (code) => this.failAll(new Error(`the search thread stopped (exit code ${code})`)))
    this.worker = worker
    return worker
  }

  private answered(answer: FromSearchThread): void {
    const answers = this.answers.get(answer.id)
    if (!answers) return
    if ('key' in answer) answers.key.resolve(answer.key)
    else if ('placed' in answer) {
      // The previous build's values are this one's too: the writer takes them over at commit.
      for (const hash of answer.placed) this.writer.place(hash)
      answers.stored.push(...answer.placed, ...answer.written)
    } else {
      this.answers.delete(answer.id)
      if ('error' in answer) answers.fail(new Error(answer.error))
      else answers.index.resolve(answer.index)
      if (this.answers.size === 0 && !this.keepsBuilders) this.stopIdle()
    }
  }

  /**
   * Ends the thread once it has answered every job, which frees its heap (its token table and `written`, about
   * 330 MB at 100,000 pages) before this thread's last stages, where a cold build peaks; a later job starts another.
   */
  private stopIdle(): void {
    const worker = this.detach()
    // Its exit is no failure: nothing waits on it.
    worker?.removeAllListeners().on('error', () => undefined)
    void worker?.terminate()
  }

  /** The thread, no longer this one's: a later job or renderings read ahead start another. */
  private detach(): Worker | null {
    const worker = this.worker
    this.worker = null
    this.ahead = []
    return worker
  }

  private failAll(error: Error): void {
    this.failure ??= error
    for (const answers of this.answers.values()) answers.fail(error)
    this.answers.clear()
  }
}

// Below this many pages an index takes about a second here (about 5 s at 10,000 pages): the thread's
// start, half a second to load its modules, would take most of what it saves.
const MIN_PAGES = 2000
// Renderings read ahead are sent this many at a time once the thread runs: one message each was 100,000 messages.
const AHEAD_BATCH = 1024
