import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { DOCUMENTS_PATH, documentUrl } from '../../../contract/index.ts'
import { absoluteMarkdownUrl, absoluteUrl, unknownLocaleNote, versionInput, type ToolContext } from '../context.ts'
import { unknownFields } from '../../http/strict-fields.ts'
import { localeField } from '../../http/request-fields.ts'
import { READ_ONLY, guarded, toolError, toolText } from '../results.ts'
import { missingPage, similarSlugs } from '../suggest.ts'

const getDocumentInput = {
  slug: z
    .string()
    .trim()
    .min(1, 'slug must not be empty: give a slug from search_docs or get_navigation, e.g. "guides/install"')
    .max(512, 'slug must be at most 512 characters')
    .describe('The page\'s slug, as search_docs and get_navigation give it, e.g. "guides/install". The page\'s Markdown URL works too.'),
  locale: localeField
    .optional()
    .describe(
      'Language to read the page in, e.g. "fr". Default: the language of a translated slug, else the docs\' default language. A page not translated yet is served in the default language.',
    ),
  version: versionInput,
}

type GetDocumentArgs = z.infer<z.ZodObject<typeof getDocumentInput>>

export function registerGetDocument(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'get_document',
    {
      title: 'Read a page',
      description:
        'Returns one page of the docs in full, as Markdown (code blocks and tables included), with its title, URLs, the language served and whether it is a fallback to the default language. Use a slug from search_docs or get_navigation; an old slug of a moved page is followed to its new page.',
      inputSchema: z.strictObject(getDocumentInput, { error: unknownFields(Object.keys(getDocumentInput)) }),
      annotations: READ_ONLY,
    },
    guarded('get_document', async (args: GetDocumentArgs) => {
      const reader = await context.reader(args.version)
      const { site } = reader
      // A moved page answers under its new slug, as the HTTP API's 308 does.
      const answer = await reader.document(slugOf(args.slug), { locale: args.locale, followRedirect: true })
      if (answer.kind !== 'found') return toolError(missingPage(answer.slug, await similarSlugs(reader, reader.locale(args.locale), answer.slug)))
      const { variant, choice } = answer
      const locale = choice.locale
      const markdown = await answer.markdown.load()
      const about = [
        `Title: ${variant.title}`,
        `Slug: ${variant.slug}`,
        variant.locale === locale ? `Locale: ${locale}` : `Locale: ${variant.locale} (fallback: this page has no ${locale} translation yet, so it is served in ${variant.locale})`,
        reader.versionName === null ? null : `Version: ${reader.versionName}`,
        `Markdown: ${absoluteMarkdownUrl(context, reader, variant.locale, variant.slug)}`,
        `Web page: ${absoluteUrl(context, documentUrl(reader.baseUrl, site.defaultLocale, variant.locale, variant.slug))}`,
        answer.movedFrom ? `Redirected: "${answer.movedFrom}" is an old slug of this page; use "${variant.slug}" from now on.` : null,
        variant.draft ? 'Draft: this page is not published yet; only readers with a preview token see it.' : null,
        unknownLocaleNote(site, args.locale, locale),
      ]
      return toolText(about.filter((line) => line !== null).join('\n'), markdown)
    }),
  )
}

/** What a model may send for a slug: the slug itself, or a page's Markdown or API URL, with any `.md` left for resolveSlug. */
function slugOf(input: string): string {
  const path = (URL.canParse(input) ? new URL(input).pathname : input).split(/[?#]/)[0] ?? ''
  const rooted = path.startsWith('/') ? path : `/${path}`
  let slug = (rooted.startsWith(DOCUMENTS_PATH) ? rooted.slice(DOCUMENTS_PATH.length) : path).replace(/^\/+|\/+$/g, '')
  try {
    slug = decodeURIComponent(slug)
  } catch {
    // Not percent-encoded after all: look the text up as it is.
  }
  return slug
}
