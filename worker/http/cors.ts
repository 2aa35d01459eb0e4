import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'

// Deliberate isolate cache: one configured middleware per CORS_ORIGINS value.
const corsByOrigins = new Map<string, MiddlewareHandler>()

/** CORS from the `CORS_ORIGINS` setting: `*` for public data, or a comma-separated allow-list. */
export function corsFor(origins: string): MiddlewareHandler {
  const key = origins.trim() || '*'
  const existing = corsByOrigins.get(key)
  if (existing) return existing
  const list =
    key === '*'
      ? null
      : key
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
  const middleware = cors({
    origin: list ?? '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'Accept-Language', 'Mcp-Protocol-Version'],
    exposeHeaders: ['ETag', 'Content-Language', 'Retry-After', 'WWW-Authenticate'],
    maxAge: 86_400,
    // Credentials only ever go to listed origins, never with `*`.
    credentials: list !== null,
  })
  corsByOrigins.set(key, middleware)
  return middleware
}
