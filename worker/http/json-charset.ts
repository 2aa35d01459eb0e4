import { createMiddleware } from 'hono/factory'

const JSON_TYPE = 'application/json'

/**
 * Every JSON answer says `application/json; charset=utf-8`, whichever route
 * made it (hono's `c.json` leaves the charset out): clients and caches that
 * compare content types see one, and the README's examples stay true.
 */
export const jsonCharset = createMiddleware(async function jsonCharsetHandler(c, next) {
  await next()
  if (c.res.headers.get('Content-Type') === JSON_TYPE) c.res.headers.set('Content-Type', `${JSON_TYPE}; charset=utf-8`)
})
