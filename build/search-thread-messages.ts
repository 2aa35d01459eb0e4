import type { IndexSettings } from '../search/engine.ts'
import type { IndexedFields, IndexedRendering } from './pipeline/indexed-page.ts'
import type { StoredIndexList } from './pipeline/search-index.ts'
import type { TextsPlace } from './rendering-texts.ts'

// What crosses between the build (search-thread.ts) and its search thread (search-worker.ts), and how the build waits for it.

/** A page as it crosses to the search thread: what its JSON gives, which rendering it is, and where that rendering's texts are (or, in memory, the texts). */
export interface ThreadPage {
  fields: IndexedFields
  rendering: number
  texts: { place: TextsPlace } | Pick<IndexedRendering, 'sections' | 'recordTerms'>
  /** The rendering's origin, when it has one (see originOf): the index's memo key reads it. */
  origin?: string
}

/** A rendering whose search terms the thread reads ahead of the indexes that show it: which it is, and where its texts are. */
export interface AheadRendering {
  rendering: number
  place: TextsPlace
  origin?: string
}

/** What the search thread is asked: a locale's index, of these pages, with its key first when `keyed`. */
export interface SearchThreadJob {
  id: number
  locale: string
  settings: IndexSettings
  pages: ThreadPage[]
  keyed: boolean
  keepBuilders: boolean
}

/** What the search thread is sent: renderings to read the terms of ahead, or an index to make. */
export type ToSearchThread = { ahead: AheadRendering[] } | SearchThreadJob

/**
 * What it answers, in this order: the key (when asked); the names of the values in batches as they are stored
 * (`placed`: the previous build has them; `written`: written into the build's staging folder); the index made.
 * Or why it failed.
 */
export type FromSearchThread =
  | { id: number; key: string }
  | { id: number; placed: string[]; written: string[] }
  | { id: number; index: StoredIndexList }
  | { id: number; error: string }

/** Where the thread stores values: the build being written (BuildWriter's staging folder) and the one it replaces. */
export interface SearchThreadDist {
  staging: string
  previous: string
}

/** A promise with its resolve and reject at hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  let reject: (error: Error) => void = () => undefined
  const promise = new Promise<T>((resolved, rejected) => {
    resolve = resolved
    reject = rejected
  })
  return { promise, resolve, reject }
}

/** A job's answers as they come, kept until its caller asks for them (on the build's side). */
export class Answers {
  readonly key = deferred<string>()
  readonly index = deferred<StoredIndexList>()
  readonly stored: string[] = []

  constructor() {
    // Asked for or not (an index kept from the last build is dropped), a failure is reported by whoever asks.
    this.key.promise.catch(() => undefined)
    this.index.promise.catch(() => undefined)
  }

  fail(error: Error): void {
    this.key.reject(error)
    this.index.reject(error)
  }
}
