import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { type Representation, conditionalResponse } from '../http/conditional.ts'
import { openReader } from '../http/reader.ts'
import { LocaleQuery } from '../http/request-fields.ts'
import { validQuery } from '../http/validation.ts'
import type { LlmsView, LocaleChoice } from '../read-model/index.ts'

const TEXT = 'text/plain; charset=utf-8'

/**
 * `/llms.txt` and `/llms-full.txt` (llmstxt.org) of a locale. They list
 * published pages only: drafts never appear, whatever the token.
 */
export const llms = new Hono<AppEnv>()

llms.get('/llms.txt', async function getLlmsIndex(c) {
  const { locale } = validQuery(LocaleQuery, c.req.query())
  const reader = await openReader(c, c.req.query('version'))
  const choice = reader.locale(locale)
  const { index } = reader.llms(choice)
  return conditionalResponse(c, { view: index, ...textOf(choice) })
})

llms.get('/llms-full.txt', async function getLlmsFull(c) {
  const { locale } = validQuery(LocaleQuery, c.req.query())
  const reader = await openReader(c, c.req.query('version'))
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
