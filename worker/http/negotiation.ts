import { createMiddleware } from 'hono/factory'
import { parseAccept } from 'hono/utils/accept'
import { Problem } from './problem.ts'

interface MediaRange {
  type: string
  subtype: string
  q: number
}

/** `Accept` parsed by hono (quoted parameters and all), split into type and subtype. */
function mediaRanges(accept: string): MediaRange[] {
  return parseAccept(accept).flatMap((range) => {
    const [type, subtype] = range.type.toLowerCase().split('/')
    return type && subtype ? [{ type, subtype, q: range.q }] : []
  })
}

/**
 * The quality the client gives `type/subtype`: the most specific matching
 * range decides (RFC 9110 §12.5.1), so `application/json;q=0, *\/*` refuses JSON.
 */
function qualityOf(ranges: MediaRange[], type: string, subtype: string): number {
  const specificity = (range: MediaRange) =>
    range.type === type && range.subtype === subtype ? 2 : range.type === type && range.subtype === '*' ? 1 : range.type === '*' && range.subtype === '*' ? 0 : -1
  const best = ranges.filter((range) => specificity(range) >= 0).sort((a, b) => specificity(b) - specificity(a))[0]
  return best?.q ?? 0
}

/** True when an `Accept` header admits JSON; no header admits anything. */
function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true
  return qualityOf(mediaRanges(accept), 'application', 'json') > 0
}

/**
 * The format of a document the client prefers: Markdown only when it ranks
 * above JSON (so `*\/*` and no header get JSON), null when it takes neither.
 */
export function preferredDocumentFormat(accept: string | undefined): 'json' | 'markdown' | null {
  if (accept === undefined || accept.trim() === '') return 'json'
  const ranges = mediaRanges(accept)
  const json = qualityOf(ranges, 'application', 'json')
  const markdown = qualityOf(ranges, 'text', 'markdown')
  if (json === 0 && markdown === 0) return null
  return markdown > json ? 'markdown' : 'json'
}

/** Answers 406 before any work when the client cannot take JSON. */
export const requireJsonAccept = createMiddleware(async function requireJsonAcceptHandler(c, next) {
  if (!acceptsJson(c.req.header('Accept'))) throw new Problem(406, 'This API answers with application/json only.')
  return next()
})
