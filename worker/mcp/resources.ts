import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ErrorCode, ListResourcesRequestSchema, McpError, ReadResourceRequestSchema, type Resource } from '@modelcontextprotocol/sdk/types.js'
import { DOCUMENTS_PATH, MARKDOWN_SUFFIX } from '../../contract/index.ts'
import { safeSlug, type ListedPage, type Reader } from '../read-model/index.ts'
import { classifyAndLog } from '../http/classify.ts'
import { absoluteMarkdownUrl, type ToolContext } from './context.ts'
import { UNAVAILABLE_SENTENCE } from './results.ts'

// MCP's own code for a resource that does not exist (specification, "Resources: error handling").
const RESOURCE_NOT_FOUND = -32002
const MARKDOWN = 'text/markdown'

/**
 * Every page a caller may read is a resource: its Markdown, at the URL the
 * HTTP API serves it from, so a client can attach a page to a conversation.
 * The listing is paginated by route shard (one blob read per page of the
 * listing); the McpServer's own resource registry cannot paginate, so the
 * handlers sit on the protocol server underneath it.
 */
export function registerPageResources(server: McpServer, context: ToolContext): void {
  server.server.registerCapabilities({ resources: {} })
  server.server.setRequestHandler(ListResourcesRequestSchema, (request) =>
    answered(async () => {
      const part = partOf(request.params?.cursor)
      const reader = await context.reader()
      const { pages, next } = await reader.pages(part)
      const resources = pages.map((page) => resourceOf(context, reader, page))
      return { resources, ...(next === null ? {} : { nextCursor: String(next) }) }
    }),
  )
  server.server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    answered(async () => {
      const { uri } = request.params
      const asked = documentOf(uri)
      const reader = await context.reader()
      const answer = asked && (await reader.document(asked.slug, { locale: asked.locale, followRedirect: true }))
      if (answer?.kind !== 'found') throw new McpError(RESOURCE_NOT_FOUND, `No page is served at ${uri}. List the pages with resources/list, or call search_docs.`)
      return { contents: [{ uri, mimeType: MARKDOWN, text: await answer.markdown.load() }] }
    }),
  )
}

function resourceOf(context: ToolContext, reader: Reader, page: ListedPage): Resource {
  return {
    uri: absoluteMarkdownUrl(context, reader, page.locale, page.slug),
    name: page.slug,
    title: page.title,
    mimeType: MARKDOWN,
    ...(page.draft ? { description: 'Draft: not published yet; only readers with a preview token see it.' } : {}),
    annotations: { audience: ['user', 'assistant'] },
  }
}

/** A cursor is the number of the route shard to list next; none starts at the first. */
function partOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0
  if (!/^\d{1,6}$/.test(cursor)) throw new McpError(ErrorCode.InvalidParams, 'This cursor was not given by resources/list; start again without one.')
  return Number(cursor)
}

/** The slug and locale a page's Markdown URL names (`…/v1/documents/guides/install.md?locale=fr`), or null. */
function documentOf(uri: string): { slug: string; locale: string | undefined } | null {
  if (!URL.canParse(uri)) return null
  const url = new URL(uri)
  const slug = url.pathname.startsWith(DOCUMENTS_PATH) && url.pathname.endsWith(MARKDOWN_SUFFIX) ? safeSlug(url.pathname) : null
  return slug === null ? null : { slug, locale: url.searchParams.get('locale') ?? undefined }
}

/** As the tools do: a storage fault is an error the client may retry, and nothing internal reaches it. */
async function answered<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof McpError) throw error
    const found = classifyAndLog('mcp resources', error)
    if (found.retryable) throw new McpError(ErrorCode.InternalError, UNAVAILABLE_SENTENCE)
    if (found.detail !== null) throw new McpError(ErrorCode.InvalidParams, found.detail)
    throw new McpError(ErrorCode.InternalError, "Reading the docs failed on the server's side.")
  }
}
