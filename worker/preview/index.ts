import { Hono, type MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { isApiPath } from '../http/api-paths.ts'
import { CACHE_CONTROL } from '../http/etag.ts'
import { Api, type AppFetch } from './api.ts'
import { ASSETS } from './assets/index.ts'
import type { PreviewEnv } from './chrome.ts'
import { DRAFTS_PATH, draftsToken, toggleDrafts } from './drafts.ts'
import { buildEvents, EVENTS_PATH } from './events.ts'
import { documentPage, home, releasesPage, searchPage } from './pages.ts'

const pages = new Hono<PreviewEnv>()
for (const asset of Object.values(ASSETS)) {
  // The path carries a hash of the body, so the body never changes under it.
  const path = asset.path.slice(0, asset.path.indexOf('?'))
  pages.get(path, (c) => c.body(asset.body, 200, { 'Content-Type': asset.type, 'Cache-Control': CACHE_CONTROL.immutable }))
}
pages.post(DRAFTS_PATH, toggleDrafts)
pages.get(EVENTS_PATH, (c) => buildEvents(c.env.eventsUrl))
pages.get('/', home)
pages.get('/releases', releasesPage)
pages.get('/search', searchPage)
pages.get('*', documentPage)
// The worker's own onError answers (problem+json, 503 for storage faults).
pages.onError((error) => {
  throw error
})

/**
 * The author preview: a docs site in HTML beside the API, served only when
 * PREVIEW is on. A middleware rather than routes, so that with it off every
 * path answers exactly as before (a route would also change 405 answers).
 * Its pages read the public API in process, through the app's own `fetch`.
 */
export function previewSite(fetchApp: AppFetch): MiddlewareHandler<AppEnv> {
  return async function previewSiteHandler(c, next) {
    const preview = c.var.config.preview
    const method = c.req.method
    const served = method === 'GET' || method === 'HEAD' || (method === 'POST' && c.req.path === DRAFTS_PATH)
    if (!preview.enabled || !served || isApiPath(c.req.path)) return next()
    const token = draftsToken(c, preview.token)
    const api = new Api({ fetchApp, env: c.env, origin: new URL(c.req.url).origin, token })
    return pages.fetch(c.req.raw, { api, token, canShowDrafts: preview.token !== undefined, eventsUrl: preview.eventsUrl })
  }
}
