import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { CACHE_CONTROL, noneMatch, strongEtag } from '../http/etag.ts'
import { openReader } from '../http/reader.ts'
import type { LlmsView, LocaleChoice } from '../read-model/index.ts'

const TEXT = 'text/plain; charset=utf-8'

/**
 * `/llms.txt` and `/llms-full.txt` (llmstxt.org) of a locale. They list
 * published pages only: drafts never appear, whatever the token.
 */
export const llms = new Hono<AppEnv>()

llms.get('/llms.txt', async function getLlmsIndex(c) {
  const reader = await openReader(c, c.req.query('version'))
  const choice = reader.locale(c.req.query('locale'))
  const { index } = reader.llms(choice)
  const headers = textHeaders(strongEtag(index.hash), choice)
  if (noneMatch(c.req.header('If-None-Match'), headers.ETag)) return c.body(null, 304, headers)
  return c.body(await index.load(), 200, { ...headers, 'Content-Type': TEXT })
})

llms.get('/llms-full.txt', async function getLlmsFull(c) {
  const reader = await openReader(c, c.req.query('version'))
  const choice = reader.locale(c.req.query('locale'))
  const { full } = reader.llms(choice)
  const headers = textHeaders(strongEtag(full.hash), choice)
  if (noneMatch(c.req.header('If-None-Match'), headers.ETag)) return c.body(null, 304, headers)
  // The first part is read before answering, so a damaged store is still a 503.
  const first = full.parts.length > 0 ? await full.read(full.parts[0] as string) : ''
  return c.body(streamParts(full, first), 200, { ...headers, 'Content-Type': TEXT })
})

function textHeaders(etag: string, choice: LocaleChoice) {
  return { ETag: etag, 'Cache-Control': CACHE_CONTROL.public, 'Content-Language': choice.locale, ...(choice.negotiated ? { Vary: 'Accept-Language' } : {}) }
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
