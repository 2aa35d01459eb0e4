import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { AppEnv } from '../app-env.ts'
import { CACHE_CONTROL, noneMatch, strongEtag } from '../http/etag.ts'
import { chooseLocale } from '../http/locale.ts'
import { validationHook } from '../http/validation.ts'
import { componentRef } from './openapi.ts'

export const NavigationResponse = z
  .object({
    locale: z.string(),
    requestedLocale: z.string(),
    items: z.array(z.any().openapi(componentRef('NavItem'))),
  })
  .openapi('Navigation')

export const navigationRoute = createRoute({
  method: 'get',
  path: '/v1/navigation',
  summary: 'The sidebar of one locale, in build order',
  request: { query: z.object({ locale: z.string().min(2).max(35).optional().openapi({ example: 'fr' }) }) },
  responses: {
    200: { description: 'Sections and folders with their pages; untranslated pages marked fallback', content: { 'application/json': { schema: NavigationResponse } } },
    304: { description: 'Not modified' },
    401: { description: 'A token was sent and is not valid' },
    406: { description: 'Accept excludes JSON' },
    503: { description: 'Nothing published yet, or storage unavailable' },
  },
})

export const navigation = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(navigationRoute, async (c) => {
  const manifest = await c.var.store.manifest()
  const { locale, negotiated } = chooseLocale(c.req.valid('query').locale, c.req.header('Accept-Language'), manifest.site)
  const drafts = c.var.canReadDrafts
  const hash = c.var.store.navigationHash(manifest, locale, drafts)
  const etag = strongEtag(hash)
  const headers = {
    ETag: etag,
    'Cache-Control': drafts ? CACHE_CONTROL.private : CACHE_CONTROL.public,
    'Content-Language': locale,
    Vary: negotiated ? 'Accept-Language, Authorization' : 'Authorization',
  }
  if (noneMatch(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers)
  const { items } = await c.var.store.navigation(manifest, hash)
  return c.json({ locale, requestedLocale: locale, items }, 200, headers)
})
