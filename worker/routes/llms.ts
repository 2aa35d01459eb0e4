import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { AppEnv } from '../app-env.ts'
import { type Representation, conditionalResponse } from '../http/conditional.ts'
import { openReader } from '../http/reader.ts'
import { validationHook } from '../http/validation.ts'
import type { LlmsView, LocaleChoice } from '../read-model/index.ts'
import { conditionalHeaders, headers, localeQuery, notModified, problems } from './openapi-responses.ts'

const TEXT = 'text/plain; charset=utf-8'

/**
 * `/llms.txt` and `/llms-full.txt` (llmstxt.org) of a locale. They list
 * published pages only: drafts never appear, whatever the token.
 */
const llmsRoute = (path: string, operationId: string, summary: string) =>
  createRoute({
    method: 'get',
    path,
    operationId,
    tags: ['ai'],
    summary,
    request: { query: localeQuery, headers: conditionalHeaders },
    responses: {
      200: { description: 'Plain text', headers: headers('ETag', 'Cache-Control', 'Vary', 'Content-Language'), content: { 'text/plain': { schema: z.string() } } },
      ...notModified,
      ...problems(401, 404, 503),
    },
  })

export const llms = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })

const indexRoute = llmsRoute('/llms.txt', 'getLlmsTxt', 'llms.txt of a locale (llmstxt.org): every published page, in sidebar order, with its Markdown URL')
llms.openapi(indexRoute, async function getLlmsIndex(c) {
  const { locale, version } = c.req.valid('query')
  const reader = await openReader(c, version)
  const choice = reader.locale(locale)
  const { index } = reader.llms(choice)
  return conditionalResponse(c, { view: index, ...textOf(choice) })
})

const fullRoute = llmsRoute('/llms-full.txt', 'getLlmsFullTxt', 'Every published page of a locale in Markdown, in sidebar order, streamed')
llms.openapi(fullRoute, async function getLlmsFull(c) {
  const { locale, version } = c.req.valid('query')
  const reader = await openReader(c, version)
  const choice = reader.locale(locale)
  const { full } = reader.llms(choice)
  const load = async () => {
    // The first part is read before answering, so a damaged store is still a 503.
    const first = full.parts.length > 0 ? await full.read(full.parts[0] as string) : ''
    return streamParts(full, first)
  }
  // Both files list published pages only, so they are public whatever the token.
  return conditionalResponse(c, { view: { hash: full.hash, private: false, load }, ...textOf(choice) })
})

function textOf(choice: LocaleChoice): Omit<Representation, 'view'> {
  return { contentType: TEXT, chosenBy: [choice.negotiated && 'Accept-Language'], headers: { 'Content-Language': choice.locale } }
}

/**
 * The parts one after another, each read only when the client wants more:
 * llms-full.txt can be far larger than what an isolate should hold. A part
 * that fails mid-stream ends the response as an error, never silently short.
 */
function streamParts(full: LlmsView['full'], first: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const queue = full.parts.slice(1)
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first))
      if (queue.length === 0) controller.close()
    },
    async pull(controller) {
      const hash = queue.shift()
      if (hash === undefined) return controller.close()
      controller.enqueue(encoder.encode(await full.read(hash)))
      if (queue.length === 0) controller.close()
    },
  })
}
