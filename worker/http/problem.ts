import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export interface FieldError {
  /** JSON Pointer (RFC 6901) to the offending field. */
  pointer: string
  detail: string
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** An RFC 9457 problem; thrown anywhere, answered by the one `onError`. */
export class Problem extends Error {
  override name = 'Problem'
  readonly status: ContentfulStatusCode
  readonly detail: string
  readonly errors: FieldError[] | undefined
  readonly headers: Record<string, string>

  constructor(status: ContentfulStatusCode, detail: string, options: { errors?: FieldError[]; headers?: Record<string, string> } = {}) {
    super(detail)
    this.status = status
    this.detail = detail
    this.errors = options.errors
    this.headers = options.headers ?? {}
  }
}

export function problemResponse(c: Context, problem: Problem): Response {
  const body = {
    type: 'about:blank',
    title: TITLES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.detail,
    ...(problem.errors ? { errors: problem.errors } : {}),
  }
  return c.body(JSON.stringify(body), problem.status, {
    ...problem.headers,
    'Content-Type': 'application/problem+json',
  })
}

export const notFound = (detail = 'No document, release or route at this path.') => new Problem(404, detail)
