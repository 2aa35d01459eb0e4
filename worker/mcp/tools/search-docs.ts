import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import type { SearchHit, SearchResponse } from '../../../contract/index.ts'
import type { Reader } from '../../read-model/index.ts'
import { absoluteMarkdownUrl, absoluteUrl, unknownLocaleNote, versionInput, type ToolContext } from '../context.ts'
import { unknownFields } from '../../http/strict-fields.ts'
import { DEFAULT_LIMIT, MAX_LIMIT, limitField, localeField, namesField, queryField } from '../../http/request-fields.ts'
import { READ_ONLY, guarded, toolText } from '../results.ts'

const names = namesField

const searchDocsInput = {
  query: queryField.describe('Words to look for, e.g. "install wrangler". Every word matches by prefix and tolerates small typos; fewer, specific words work best.'),
  limit: limitField.describe(`How many pages to return, best first (1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT}).`),
  locale: localeField.optional().describe('Language to search, e.g. "fr". Default: the docs\' default language. Pages not translated yet are found in the default language.'),
  sections: names.optional().describe('Only pages in any of these sections: the first segment of a slug, e.g. ["guides"]. get_navigation shows them.'),
  tags: names.optional().describe('Only pages with any of these tags (from their front matter), e.g. ["cli"]. Each result lists its tags.'),
  version: versionInput,
}

type SearchDocsArgs = z.infer<z.ZodObject<typeof searchDocsInput>>

export function registerSearchDocs(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        'Full-text search over the docs. Call this first for any question the docs may answer. Returns the best pages, each with its slug, title, the heading of the best-matching section, a short excerpt and its URLs. Then read a page in full with get_document and its slug.',
      inputSchema: z.strictObject(searchDocsInput, { error: unknownFields(Object.keys(searchDocsInput)) }),
      annotations: READ_ONLY,
    },
    guarded('search_docs', async (args: SearchDocsArgs) => {
      const reader = await context.reader(args.version)
      const filters = { sections: args.sections, tags: args.tags }
      const { locale, results, facets } = await reader.search(reader.locale(args.locale), { query: args.query, limit: args.limit, sectionBoost: [], filters })
      const summary =
        results.length === 0
          ? `No page matches "${args.query}" in ${locale}${args.sections || args.tags ? ' with these filters' : ''}. Try fewer or other words${args.sections || args.tags ? ', or fewer filters' : ''}, or call get_navigation to browse every page.`
          : `${results.length} page${results.length === 1 ? '' : 's'} for "${args.query}" in ${locale}, best first. Read one in full with get_document and its slug.\n${facetLine(facets)}`
      const hits = results.map((hit, rank) => describeHit(context, reader, hit, rank))
      return toolText([unknownLocaleNote(reader.site, args.locale, locale), summary, ...hits].filter((part) => part !== null).join('\n\n'))
    }),
  )
}

function describeHit(context: ToolContext, reader: Reader, hit: SearchHit, rank: number): string {
  return [
    `${rank + 1}. ${hit.title}${hit.heading ? ` › ${hit.heading.text}` : ''}`,
    `   slug: ${hit.slug} (section ${hit.section}${hit.tags.length > 0 ? `, tags ${hit.tags.join(', ')}` : ''}, locale ${hit.locale})`,
    ...(hit.operation ? [`   operation: ${hit.operation.method} ${hit.operation.path} (get_operation reads it)`] : []),
    `   Markdown: ${absoluteMarkdownUrl(context, reader, hit.locale, hit.slug)}`,
    `   Web page: ${absoluteUrl(context, hit.url)}`,
    `   ${plainText(hit.excerpt)}`,
  ].join('\n')
}

/** Facet entries shown: enough to narrow a search, few enough not to crowd out the results. */
const MAX_FACETS = 12

/** Every match counted by section and tag (before the limit), so a model can narrow with `sections` or `tags`. */
function facetLine(facets: SearchResponse['facets']): string {
  const counts = (byName: Record<string, number>) => {
    const entries = Object.entries(byName).sort(([, a], [, b]) => b - a)
    const shown = entries.slice(0, MAX_FACETS).map(([name, count]) => `${name} ${count}`)
    return `${shown.join(', ')}${entries.length > MAX_FACETS ? ', …' : ''}`
  }
  const tags = counts(facets.tags)
  return `All matches by section: ${counts(facets.sections)}${tags ? `; by tag: ${tags}` : ''}.`
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** The search excerpt as plain text: without its `<mark>` tags and HTML escapes. */
function plainText(html: string): string {
  return html.replace(/<\/?mark>/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    const code = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : name.startsWith('#') ? Number(name.slice(1)) : null
    if (code === null) return ENTITIES[name.toLowerCase()] ?? entity
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity
  })
}
