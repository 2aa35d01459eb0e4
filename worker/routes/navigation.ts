import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { NAVIGATION_DEFAULT_DEPTH, NAVIGATION_MAX_DEPTH, NavigationResponseSchema } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { JSON_TYPE, conditionalResponse, jsonView } from '../http/conditional.ts'
import { notFound } from '../http/problem.ts'
import { openReader, versionField } from '../http/reader.ts'
import { navigationDepthField, navigationRootField } from '../http/request-fields.ts'
import { validationHook } from '../http/validation.ts'
import { componentRef } from './openapi.ts'
import { headers, localeQuery, notModified, problems } from './openapi-responses.ts'

// The items are the recursive NavItem component, which zod's route-level generator cannot express.
const NavigationResponse = NavigationResponseSchema.extend({ items: z.array(z.any().openapi(componentRef('NavItem'))) }).openapi('Navigation')

const navigationQuery = localeQuery.extend({
  root: navigationRootField.optional().openapi({
    description:
      "Answer the subtree of one item: a page's slug, or for a section or folder without an index page its folder path (`reference/limits`); items then holds that item, with its children",
    example: 'guides',
  }),
  depth: navigationDepthField.optional().openapi({
    description: `Levels of items to give (1 to ${NAVIGATION_MAX_DEPTH}) below the root, or from the top; an item whose children are left out has \`hasChildren: true\`, \`children: []\` and the \`root\` that reads them. Default: every level; on a large sidebar (over 256 KiB stored), as many levels as fit in 128 KiB from the top, and ${NAVIGATION_DEFAULT_DEPTH} below a root`,
    example: 2,
  }),
})

const navigationRoute = createRoute({
  method: 'get',
  path: '/v1/navigation',
  operationId: 'getNavigation',
  tags: ['navigation'],
  summary: 'The sidebar of one locale, in build order, or the subtree of one item',
  request: { query: navigationQuery },
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
  const { version, locale, root, depth } = c.req.valid('query')
  const reader = await openReader(c, version)
  const choice = reader.locale(locale)
  const tree = reader.navigation(choice, { root, depth })
  const body = {
    ...tree,
    load: async () => {
      const view = await tree.load()
      if (view === null) throw notFound(`No item of the sidebar is named "${root}": give a page's slug, or the folder path of a section or folder without a page.`)
      return { locale: choice.locale, requestedLocale: choice.locale, ...versionField(reader), ...(view.depth === undefined ? {} : { depth: view.depth }), items: view.items }
    },
  }
  return conditionalResponse(c, {
    view: jsonView(body),
    contentType: JSON_TYPE,
    chosenBy: [choice.negotiated && 'Accept-Language', 'Authorization'],
    headers: { 'Content-Language': choice.locale },
  })
})
