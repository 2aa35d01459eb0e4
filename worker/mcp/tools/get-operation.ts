import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { ApiOperationSchema, HTTP_METHODS, documentUrl, type ApiOperation } from '../../../contract/index.ts'
import { absoluteMarkdownUrl, absoluteUrl, unknownLocaleNote, versionInput, type ToolContext } from '../context.ts'
import { unknownFields } from '../../http/strict-fields.ts'
import { localeField } from '../../http/request-fields.ts'
import { READ_ONLY, guarded, toolError, toolText } from '../results.ts'

const getOperationInput = {
  operationId: z.string().trim().min(1).max(200).optional().describe('The operation\'s operationId, e.g. "listBooks".'),
  method: z.string().trim().toLowerCase().pipe(z.enum(HTTP_METHODS)).optional().describe('With `path`, instead of operationId: the HTTP method, e.g. "GET".'),
  path: z.string().trim().min(1).max(500).optional().describe('With `method`: the path as the API document writes it, e.g. "/books/{bookId}".'),
  api: z.string().trim().min(1).max(200).optional().describe('Which API, when the docs have several: the slug prefix of its reference, e.g. "api/bookshop". Default: any.'),
  locale: localeField.optional().describe('Language to read it in, e.g. "de". Default: the docs\' default language.'),
  version: versionInput,
}

type GetOperationArgs = z.infer<z.ZodObject<typeof getOperationInput>>

/** The part of a document's JSON this tool reads (the store checked the whole against its schema). */
const DocumentOperation = z.looseObject({ operation: ApiOperationSchema.nullable() })

/** Search results looked at for the operation: its operationId, method and path rank it first, so the first few hold it. */
const CANDIDATES = 10

export function registerGetOperation(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'get_operation',
    {
      title: 'Read an API operation',
      description:
        "Returns one operation of the docs' API reference as Markdown: method and URL, authentication, parameters, request body schema, responses and example requests (curl, JavaScript, Python). Name it by operationId, or by method and path.",
      inputSchema: z
        .strictObject(getOperationInput, { error: unknownFields(Object.keys(getOperationInput)) })
        .refine((args) => args.operationId !== undefined || (args.method !== undefined && args.path !== undefined), {
          message: 'name the operation by operationId, or by both method and path',
        }),
      annotations: READ_ONLY,
    },
    guarded('get_operation', async (args: GetOperationArgs) => {
      const reader = await context.reader(args.version)
      const wanted = args.operationId ?? `${args.method?.toUpperCase()} ${args.path}`
      const choice = reader.locale(args.locale)
      const { results } = await reader.search(choice, { query: wanted.slice(0, 200), limit: CANDIDATES, sectionBoost: [], filters: {} })
      for (const hit of results) {
        if (args.api && !hit.slug.startsWith(`${args.api}/`)) continue
        const answer = await reader.document(hit.slug, { locale: args.locale })
        if (answer.kind !== 'found') continue
        const { operation } = DocumentOperation.parse(JSON.parse(await answer.json.load()))
        if (!operation || !matches(operation, args)) continue
        const about = [
          `Operation: ${operation.method.toUpperCase()} ${operation.path}${operation.operationId ? ` (operationId ${operation.operationId})` : ''}`,
          `API: ${operation.api}`,
          `Slug: ${answer.variant.slug}`,
          `Markdown: ${absoluteMarkdownUrl(context, reader, answer.variant.locale, answer.variant.slug)}`,
          `Web page: ${absoluteUrl(context, documentUrl(reader.baseUrl, reader.site.defaultLocale, answer.variant.locale, answer.variant.slug))}`,
          operation.deprecated ? 'Deprecated: the API document marks this operation as deprecated.' : null,
          unknownLocaleNote(reader.site, args.locale, choice.locale),
        ]
        return toolText(about.filter((line) => line !== null).join('\n'), await answer.markdown.load())
      }
      return toolError(
        `No operation ${args.operationId ? `with operationId "${args.operationId}"` : `${wanted}`}${args.api ? ` in ${args.api}` : ''}. Call search_docs with words from it to find the right one.`,
      )
    }),
  )
}

function matches(operation: ApiOperation, args: GetOperationArgs): boolean {
  if (args.api && operation.api !== args.api) return false
  if (args.operationId !== undefined) return operation.operationId === args.operationId
  return operation.method === args.method && operation.path === args.path
}
