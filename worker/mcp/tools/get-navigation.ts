import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import type { NavItem } from '../../../contract/index.ts'
import { unknownLocaleNote, versionInput, type ToolContext } from '../context.ts'
import { unknownFields } from '../../http/strict-fields.ts'
import { localeField, navigationDepthField, navigationRootField } from '../../http/request-fields.ts'
import { READ_ONLY, guarded, toolError, toolText } from '../results.ts'

const getNavigationInput = {
  locale: localeField.optional().describe('Language of the sidebar, e.g. "fr". Default: the docs\' default language. Pages not translated yet are listed in the default language.'),
  root: navigationRootField
    .optional()
    .describe(
      "Only the part of the sidebar under one item: a page's slug, or a section's or folder's path (`reference/limits`) when it has no page of its own. Default: the whole sidebar.",
    ),
  depth: navigationDepthField
    .optional()
    .describe(
      'How many levels of items to list below the root (or from the top). Items whose pages are left out say how to list them. Default: every level, except on a very large sidebar.',
    ),
  version: versionInput,
}

type GetNavigationArgs = z.infer<z.ZodObject<typeof getNavigationInput>>

export function registerGetNavigation(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'get_navigation',
    {
      title: 'List every page',
      description:
        "Returns the docs' sidebar: every section and page in reading order, as an indented Markdown list with each page's slug. Use it to see what the docs cover or to find a page search_docs does not surface; then read a page with get_document.",
      inputSchema: z.strictObject(getNavigationInput, { error: unknownFields(Object.keys(getNavigationInput)) }),
      annotations: READ_ONLY,
    },
    guarded('get_navigation', async (args: GetNavigationArgs) => {
      const reader = await context.reader(args.version)
      const { site } = reader
      const choice = reader.locale(args.locale)
      const view = await reader.navigation(choice, { root: args.root, depth: args.depth }).load()
      if (view === null)
        return toolError(`No item of the sidebar is named "${args.root}". Call get_navigation without root to see the sections, then give a page's slug or a section's path.`)
      const where = args.root === undefined ? '' : ` under \`${args.root}\``
      const heading = `Pages of ${site.title}${reader.versionName === null ? '' : ` ${reader.versionName}`}${where} in ${choice.locale}, in reading order. Each page's slug is in backticks: read it with get_document.`
      const note = unknownLocaleNote(site, args.locale, choice.locale)
      return toolText([note, heading, markdownList(view.items, 0, site.defaultLocale)].filter((part) => part !== null).join('\n\n'))
    }),
  )
}

/** The tree as a Markdown list, two spaces of indent per level. */
function markdownList(items: NavItem[], depth: number, defaultLocale: string): string {
  return items
    .map((item) => {
      const more = item.hasChildren ? `more pages: get_navigation with root \`${item.root}\`` : null
      const marks = [item.fallback ? `not translated: shown in ${defaultLocale}` : null, item.draft ? 'draft' : null, more].filter(Boolean)
      const line = `${'  '.repeat(depth)}- ${item.title}${item.slug === null ? '' : ` \`${item.slug}\``}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`
      return item.children.length > 0 ? `${line}\n${markdownList(item.children, depth + 1, defaultLocale)}` : line
    })
    .join('\n')
}
