import { OpenAPIHono } from '@hono/zod-openapi'
import { methodNotAllowed } from 'hono/method-not-allowed'
import type { AppEnv } from './app-env.ts'
import { configFrom } from './config.ts'
import { MCP_PATH, isApiPath, negotiatesOwnType } from './http/api-paths.ts'
import { bearerAuth } from './http/auth.ts'
import { corsFor } from './http/cors.ts'
import { jsonCharset } from './http/json-charset.ts'
import { requireJsonAccept } from './http/negotiation.ts'
import { classifyAndLog } from './http/classify.ts'
import { Problem, notFound, problemResponse } from './http/problem.ts'
import { mcp } from './mcp/route.ts'
import { serverCard } from './mcp/server-card.ts'
import { previewSite } from './preview/index.ts'
import { assets } from './routes/assets.ts'
import { documents } from './routes/documents.ts'
import { llms } from './routes/llms.ts'
import { navigation } from './routes/navigation.ts'
import { registerOpenApi } from './routes/openapi.ts'
import { releases } from './routes/releases.ts'
import { search } from './routes/search.ts'
import { status } from './routes/status.ts'
import { Store } from './store.ts'
import { versions } from './routes/versions.ts'

/** Seconds a client should wait after a 503: about one KV propagation. */
const RETRY_AFTER_SECONDS = 30
const unavailable = (detail: string) => new Problem(503, detail, { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } })

const app = new OpenAPIHono<AppEnv>()

app.use('*', async function configure(c, next) {
  const result = configFrom(c.env)
  // The log line names the variable; the client learns only that the service is down.
  if (!result.ok) throw unavailable('The docs service is misconfigured; its operators have been told which setting is wrong.')
  c.set('config', result.config)
  c.set('store', new Store({ kv: c.env.DOCS_KV, pointerTtlMs: result.config.pointerTtlMs }))
  await next()
})
app.use(
  methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) => problemResponse(c, new Problem(405, `Use ${methods.join(', ')} on this path.`, { headers: { Allow: methods.join(', ') } })),
  }),
)
app.use('*', (c, next) => corsFor(c.var.config.corsOrigins)(c, next))
app.use('*', jsonCharset)
app.use('*', async function negotiateJson(c, next) {
  // Documents negotiate JSON or Markdown themselves, assets are files, llms.txt is text, MCP's transport checks Accept, preview pages are HTML; the rest is JSON only.
  const path = c.req.path
  if (negotiatesOwnType(path)) return next()
  if (c.var.config.preview.enabled && !isApiPath(path)) return next()
  return requireJsonAccept(c, next)
})
app.use('*', bearerAuth)
// Before the routes; it passes every API path on, and everything when PREVIEW is off.
app.use(
  '*',
  previewSite((request, env) => app.fetch(request, env)),
)

app.route('/v1/documents', documents)
app.route('/', search)
app.route('/', releases)
app.route('/', navigation)
app.route('/', status)
app.route('/', versions)
app.route('/', llms)
app.route('/', assets)
app.route(MCP_PATH, mcp)
app.route('/', serverCard)
registerOpenApi(app)

app.notFound((c) => problemResponse(c, notFound()))
app.onError((error, c) => {
  if (error instanceof Problem) return problemResponse(c, error)
  const found = classifyAndLog('http', error)
  if (found.retryable) return problemResponse(c, unavailable(found.detail ?? 'The docs are not available right now; try again shortly.'))
  return problemResponse(c, new Problem(found.status, found.detail ?? 'Something went wrong on our side.'))
})

export default app
