import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker'
import type { SiteInfo } from '../../contract/index.ts'
import type { ToolContext } from './context.ts'
import { registerPageResources } from './resources.ts'
import { serverInfo } from './server-info.ts'
import { registerGetDocument } from './tools/get-document.ts'
import { registerGetNavigation } from './tools/get-navigation.ts'
import { registerGetOperation } from './tools/get-operation.ts'
import { registerListReleases } from './tools/list-releases.ts'
import { registerSearchDocs } from './tools/search-docs.ts'

/**
 * The MCP server for one request (the stateless pattern: nothing outlives the
 * request). `site` is null when storage cannot be read: the server still
 * starts, and each tool call reports the outage as a tool error.
 */
export function createDocsServer(context: ToolContext, site: SiteInfo | null): McpServer {
  const server = new McpServer(
    serverInfo(site),
    // ajv, the SDK's default validator, compiles with `new Function`, which Workers forbid.
    { instructions: instructions(site), jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  )
  registerSearchDocs(server, context)
  registerGetDocument(server, context)
  registerGetOperation(server, context)
  registerGetNavigation(server, context)
  registerListReleases(server, context)
  registerPageResources(server, context)
  return server
}

/** What a model reads once, on connecting: what the docs cover and which tool to call first. */
function instructions(site: SiteInfo | null): string {
  const about = site
    ? `These are the docs of ${site.title}${site.description ? `: ${site.description}` : '.'}\nLanguages: ${site.locales.join(', ')} (default ${site.defaultLocale}); pass \`locale\` to any tool for another one.`
    : 'The docs cannot be read right now: every tool answers that it is unavailable until they can.'
  return [
    about,
    'To answer a question from the docs, call search_docs first, then get_document with the slug of the best result to read the whole page as Markdown.',
    'For an HTTP operation of the API reference, get_operation takes its operationId, or its method and path, and gives what is needed to call it.',
    'Call get_navigation to see every page in reading order, and list_releases for release notes, breaking changes and upgrade steps.',
    'Every page is also a resource (its Markdown), for attaching a page to a conversation.',
    'Cite pages by their web page URL.',
  ].join('\n')
}
