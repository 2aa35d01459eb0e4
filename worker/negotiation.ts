import { createMiddleware } from 'hono/factory'
import { Problem } from './problem.ts'

const JSON_TYPES = ['application/json', 'application/problem+json']

/** True when an `Accept` header admits JSON (RFC 9110 §12.5.1); no header admits anything. */
export function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true
  return accept.split(',').some((part) => {
    const [range = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    if (q !== undefined && Number(q.slice(2)) === 0) return false
    const type = range.trim()
    return type === '*/*' || type === 'application/*' || JSON_TYPES.includes(type) || type.endsWith('+json')
  })
}

/** Answers 406 before any work when the client cannot take JSON. */
export const requireJsonAccept = createMiddleware(async function requireJsonAcceptHandler(c, next) {
  if (!acceptsJson(c.req.header('Accept'))) throw new Problem(406, 'This API answers with application/json only.')
  return next()
})
