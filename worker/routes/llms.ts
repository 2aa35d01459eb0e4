import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { AppEnv } from '../app-env.ts'
import { type Representation, conditionalResponse } from '../http/conditional.ts'
import { openReader } from '../http/reader.ts'
import { validationHook } from '../http/validation.ts'
import { LLMS_FULL_SECTIONS_PATH, LLMS_SECTION_SUFFIX, LLMS_SECTIONS_PATH } from '../../contract/index.ts'
import { notFound } from '../http/problem.ts'
import type { LocaleChoice, PartedText } from '../read-model/index.ts'
import { conditionalHeaders, headers, localeQuery, notModified, problems } from './openapi-responses.ts'

const TEXT = 'text/plain; charset=utf-8'

/**
 * `/llms.txt` and `/llms-full.txt` (llmstxt.org) of a locale. They list
 * published pages only: drafts never appear, whatever the token.
 */
const textResponses = {
  200: { description: 'Plain text', headers: headers('ETag', 'Cache-Control', 'Vary', 'Content-Language'), content: { 'text/plain': { schema: z.string() } } },
  ...notModified,
  ...problems(401, 404, 503),
}

const llmsRoute = (path: string, operationId: string, summary: string) =>
  createRoute({ method: 'get', path, operationId, tags: ['ai'], summary, request: { query: localeQuery, headers: conditionalHeaders }, responses: textResponses })

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
  return partedResponse(c, reader.llms(choice).full, choice)
})

const sectionFile = z.object({
  file: z.string().openapi({ description: "`{section}.txt`: a section's name as llms.txt links it (its index page's slug, else its folder)", example: 'guides.txt' }),
})
const sectionRoute = (full: boolean) =>
  createRoute({
    method: 'get',
    path: `${full ? LLMS_FULL_SECTIONS_PATH : LLMS_SECTIONS_PATH}{file}`,
    operationId: full ? 'getLlmsFullSection' : 'getLlmsSection',
    tags: ['ai'],
    summary: full
      ? "One section's pages in Markdown, in sidebar order (its run of llms-full.txt), in a locale whose llms.txt lists sections; streamed"
      : "One section's llms file, in a locale whose llms.txt is past 256 KiB and so lists sections, linking to each; streamed",
    request: { params: sectionFile, query: localeQuery, headers: conditionalHeaders },
    responses: textResponses,
  })

for (const full of [false, true]) {
  llms.openapi(sectionRoute(full), async function getLlmsSection(c) {
    const { locale, version } = c.req.valid('query')
    const { file } = c.req.valid('param')
    const reader = await openReader(c, version)
    const choice = reader.locale(locale)
    const section = file.endsWith(LLMS_SECTION_SUFFIX) ? await reader.llms(choice).section(file.slice(0, -LLMS_SECTION_SUFFIX.length), full) : undefined
    if (!section) throw notFound('No section of llms.txt has this name in this locale: llms.txt links to every section file there is.')
    return partedResponse(c, section, choice)
  })
}

/** A file stored in parts, streamed: its part list and first part are read before answering, so a damaged store is still a 503. */
function partedResponse(c: Parameters<typeof conditionalResponse>[0], file: PartedText, choice: LocaleChoice) {
  const load = async () => {
    const parts = await file.parts()
    return streamParts(parts, file, parts.length > 0 ? await file.read(parts[0] as string) : '')
  }
  // The llms files list published pages only, so they are public whatever the token.
  return conditionalResponse(c, { view: { hash: file.hash, private: false, load }, ...textOf(choice) })
}

function textOf(choice: LocaleChoice): Omit<Representation, 'view'> {
  return { contentType: TEXT, chosenBy: [choice.negotiated && 'Accept-Language'], headers: { 'Content-Language': choice.locale } }
}

/**
 * The parts one after another, each read only when the client wants more:
 * llms-full.txt can be far larger than what an isolate should hold. A part
 * that fails mid-stream ends the response as an error, never silently short.
 */
function streamParts(parts: string[], file: Pick<PartedText, 'read'>, first: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const queue = parts.slice(1)
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first))
      if (queue.length === 0) controller.close()
    },
    async pull(controller) {
      const hash = queue.shift()
      if (hash === undefined) return controller.close()
      controller.enqueue(encoder.encode(await file.read(hash)))
      if (queue.length === 0) controller.close()
    },
  })
}
