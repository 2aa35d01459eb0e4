import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { SearchIndexError } from '../../search/engine.ts'
import { StoreUnavailable, UnknownVersion } from '../errors.ts'
import { Problem } from './problem.ts'

/** What an error means to a caller, whichever protocol answers it: HTTP's onError and MCP's tools and resources. */
export interface ErrorClass {
  status: ContentfulStatusCode
  /** The sentence a caller may read; null when the error's own text could carry internals, and each protocol says its own. */
  detail: string | null
  /** Whether asking again later may succeed: the storage (KV, a blob, the search index) failed, not the request. */
  retryable: boolean
  /** Storage faults are logged as a warning with their message, unknown faults as an error with their stack, a caller's mistake not at all. */
  log: 'warn' | 'error' | null
}

/** The one mapping from an error to its answer. */
export function classify(error: unknown): ErrorClass {
  if (error instanceof Problem) return { status: error.status, detail: error.detail, retryable: error.status === 503, log: null }
  if (error instanceof UnknownVersion) return { status: 404, detail: error.message, retryable: false, log: null }
  if (error instanceof StoreUnavailable || error instanceof SearchIndexError) return { status: 503, detail: null, retryable: true, log: 'warn' }
  if (error instanceof HTTPException) return { status: error.status as ContentfulStatusCode, detail: error.message || 'Request failed.', retryable: false, log: null }
  return { status: 500, detail: null, retryable: false, log: 'error' }
}

/** Classifies an error and logs it as its class says, `where` naming what failed (a status, a tool). */
export function classifyAndLog(where: string, error: unknown): ErrorClass {
  const found = classify(error)
  if (found.log === 'warn') console.warn(`${where}: ${error instanceof Error ? error.message : String(error)}`)
  else if (found.log === 'error') console.error(error)
  return found
}
