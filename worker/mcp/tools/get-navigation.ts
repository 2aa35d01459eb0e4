import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import type { NavTreeNode } from '../../../contract/index.ts'
import { unknownLocaleNote, versionInput, type ToolContext } from '../context.ts'
import { unknownFields } from '../../http/strict-fields.ts'
import { localeField } from '../../http/request-fields.ts'
import { READ_ONLY, guarded, toolText } from '../results.ts'

const getNavigationInput = {
  locale: localeField.optional().describe('Language of the sidebar, e.g. "fr". Default: the docs\' default language. Pages not translated yet are listed in the default language.'),
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
      const items = await reader.navigation(choice).load()
      const heading = `Pages of ${site.title}${reader.versionName === null ? '' : ` ${reader.versionName}`} in ${choice.locale}, in reading order. Each page's slug is in backticks: read it with get_document.`
      const note = unknownLocaleNote(site, args.locale, choice.locale)
      return toolText([note, heading, markdownList(items, 0, site.defaultLocale)].filter((part) => part !== null).join('\n\n'))
    }),
  )
}

/** The tree as a Markdown list, two spaces of indent per level. */
function markdownList(items: NavTreeNode[], depth: number, defaultLocale: string): string {
  return items
    .map((item) => {
      const marks = [item.fallback ? `not translated: shown in ${defaultLocale}` : null, item.draft ? 'draft' : null].filter(Boolean)
      const line = `${'  '.repeat(depth)}- ${item.title}${item.slug === null ? '' : ` \`${item.slug}\``}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`
      return item.children.length > 0 ? `${line}\n${markdownList(item.children, depth + 1, defaultLocale)}` : line
    })
    .join('\n')
}
