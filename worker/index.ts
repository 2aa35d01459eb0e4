import { OpenAPIHono } from '@hono/zod-openapi'
import { HTTPException } from 'hono/http-exception'
import { methodNotAllowed } from 'hono/method-not-allowed'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from './app-env.ts'
import { bearerAuth } from './http/auth.ts'
import { corsFor } from './http/cors.ts'
import { requireJsonAccept } from './http/negotiation.ts'
import { registerOpenApi } from './routes/openapi.ts'
import { Problem, RETRY_AFTER_SECONDS, StoreUnavailable, notFound, problemResponse } from './http/problem.ts'
import { documents } from './routes/documents.ts'
import { releases } from './routes/releases.ts'
import { search } from './routes/search.ts'
import { Store } from './store.ts'

const app = new OpenAPIHono<AppEnv>()

app.use(
  methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) =>
      problemResponse(c, new Problem(405, `Use ${methods.join(', ')} on this path.`, { headers: { Allow: methods.join(', ') } })),
  }),
)
app.use('*', (c, next) => corsFor(c.env.CORS_ORIGINS)(c, next))
app.use('*', requireJsonAccept)
app.use(
  '*',
  bearerAuth((env) => ({
    secret: env.JWT_SECRET,
    jwksUrl: env.JWT_JWKS_URL || undefined,
    issuer: env.JWT_ISSUER,
    audience: env.JWT_AUDIENCE,
  })),
)
app.use('*', async function attachStore(c, next) {
  c.set('store', new Store({ kv: c.env.DOCS_KV, pointerTtlMs: Number(c.env.POINTER_TTL_SECONDS || 5) * 1000 }))
  await next()
})

app.route('/v1/documents', documents)
app.route('/', search)
app.route('/', releases)
registerOpenApi(app)

app.notFound((c) => problemResponse(c, notFound()))
app.onError((error, c) => {
  if (error instanceof Problem) return problemResponse(c, error)
  if (error instanceof StoreUnavailable) {
    console.warn(`503: ${error.message}`)
    return problemResponse(c, new Problem(503, 'The docs are not available right now; try again shortly.', { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } }))
  }
  if (error instanceof HTTPException) return problemResponse(c, new Problem(error.status as ContentfulStatusCode, error.message || 'Request failed.'))
  console.error(error)
  return problemResponse(c, new Problem(500, 'Something went wrong on our side.'))
})

export default app
