import type { Context } from 'hono'
import type { Lazy } from '../read-model/context.ts'
import { CACHE_CONTROL, noneMatch, strongEtag } from './etag.ts'

type Body = string | ArrayBuffer | ReadableStream<Uint8Array>

/** One representation a route may answer with; its bytes are read only for a 200. */
export interface Representation {
  /** The hash names the bytes (the strong ETag); `private` says they differ with the drafts scope. */
  view: Lazy<Body>
  contentType: string
  /** The request headers that chose this representation, in `Vary` order; `false` for one that did not. */
  chosenBy?: ReadonlyArray<string | false>
  /** On the 200 and on the 304 alike (RFC 9110 §15.4.5: what a 200 would have sent). */
  headers?: Record<string, string>
  /** On the 200 only. */
  bodyHeaders?: Record<string, string>
  /** Named by the hash of its bytes, the representation never changes: cached for a year. */
  immutable?: boolean
}

/**
 * Conditional GET written once: ETag, `Cache-Control`, `Vary`, then 304 when
 * `If-None-Match` lists the current tag (no byte read), else 200 with the
 * body. HEAD is GET without a body, which hono strips.
 */
export async function conditionalResponse(c: Context, representation: Representation): Promise<Response> {
  const { view, chosenBy = [], immutable = false } = representation
  const vary = chosenBy.filter((name): name is string => name !== false).join(', ')
  const etag = strongEtag(view.hash)
  const headers: Record<string, string> = {
    ETag: etag,
    'Cache-Control': immutable ? CACHE_CONTROL.immutable : view.private ? CACHE_CONTROL.private : CACHE_CONTROL.public,
    ...representation.headers,
    ...(vary ? { Vary: vary } : {}),
  }
  if (noneMatch(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers)
  return c.body(await view.load(), 200, { ...headers, 'Content-Type': representation.contentType, ...representation.bodyHeaders })
}

/** A JSON view as the bytes `c.json` would send. */
export const jsonView = <T>(view: Lazy<T>): Lazy<string> => ({ hash: view.hash, private: view.private, load: async () => JSON.stringify(await view.load()) })

export const JSON_TYPE = 'application/json; charset=utf-8'
