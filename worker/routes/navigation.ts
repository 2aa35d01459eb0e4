import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { NavigationResponseSchema } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { JSON_TYPE, conditionalResponse, jsonView } from '../http/conditional.ts'
import { openReader, versionField } from '../http/reader.ts'
import { validationHook } from '../http/validation.ts'
import { componentRef } from './openapi.ts'
import { headers, localeQuery, notModified, problems } from './openapi-responses.ts'

// The items are the recursive NavItem component, which zod's route-level generator cannot express.
const NavigationResponse = NavigationResponseSchema.extend({ items: z.array(z.any().openapi(componentRef('NavItem'))) }).openapi('Navigation')

const navigationRoute = createRoute({
  method: 'get',
  path: '/v1/navigation',
  operationId: 'getNavigation',
  tags: ['navigation'],
  summary: 'The sidebar of one locale, in build order',
  request: { query: localeQuery },
  responses: {
    200: {
      description: 'Sections and folders with their pages; untranslated pages marked fallback',
      headers: headers('ETag', 'Cache-Control', 'Vary', 'Content-Language'),
      content: { 'application/json': { schema: NavigationResponse } },
    },
    ...notModified,
    ...problems(401, 404, 406, 422, 503),
  },
})

export const navigation = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(navigationRoute, async (c) => {
  const reader = await openReader(c, c.req.valid('query').version)
  const choice = reader.locale(c.req.valid('query').locale)
  const tree = reader.navigation(choice)
  const body = { ...tree, load: async () => ({ locale: choice.locale, requestedLocale: choice.locale, ...versionField(reader), items: await tree.load() }) }
  return conditionalResponse(c, {
    view: jsonView(body),
    contentType: JSON_TYPE,
    chosenBy: [choice.negotiated && 'Accept-Language', 'Authorization'],
    headers: { 'Content-Language': choice.locale },
  })
})
