import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'

export const DRAFTS_PATH = '/_preview/drafts'
// Holds only the author's choice; the token itself stays with the worker, which got it from npm start.
const COOKIE = 'docs-preview-drafts'

/** The token to read drafts with: only when npm start gave the worker one and the author turned drafts on. */
export function draftsToken(c: Context, token: string | undefined): string | undefined {
  return token !== undefined && getCookie(c, COOKIE) === 'on' ? token : undefined
}

/** The toggle's form posts here; back to the page it came from, never to another site. */
export async function toggleDrafts(c: Context): Promise<Response> {
  const form = await c.req.parseBody()
  const back = typeof form.back === 'string' && /^\/(?![/\\])/.test(form.back) ? form.back : '/'
  if (form.show === 'on') setCookie(c, COOKIE, 'on', { path: '/', sameSite: 'Strict', httpOnly: true })
  else deleteCookie(c, COOKIE, { path: '/' })
  return c.redirect(back, 303)
}
