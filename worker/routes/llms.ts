import { Hono } from 'hono'
import { blobHash, type Manifest } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { CACHE_CONTROL, noneMatch, strongEtag } from '../http/etag.ts'
import { chooseLocale } from '../http/locale.ts'
import type { Store } from '../store.ts'

const TEXT = 'text/plain; charset=utf-8'

/** The locale's llms files; both are always published, so the entry is there. */
function filesOf(manifest: Manifest, locale: string) {
  return manifest.llms[locale] as Manifest['llms'][string]
}

/**
 * `/llms.txt` and `/llms-full.txt` (llmstxt.org) of a locale. They list
 * published pages only: drafts never appear, whatever the token.
 */
export const llms = new Hono<AppEnv>()

llms.get('/llms.txt', async function getLlmsIndex(c) {
  const manifest = await c.var.store.manifest()
  const { locale, negotiated } = chooseLocale(c.req.query('locale'), c.req.header('Accept-Language'), manifest.site)
  const hash = filesOf(manifest, locale).index
  const headers = textHeaders(strongEtag(hash), locale, negotiated)
  if (noneMatch(c.req.header('If-None-Match'), headers.ETag)) return c.body(null, 304, headers)
  return c.body(await c.var.store.text(hash), 200, { ...headers, 'Content-Type': TEXT })
})

llms.get('/llms-full.txt', async function getLlmsFull(c) {
  const manifest = await c.var.store.manifest()
  const { locale, negotiated } = chooseLocale(c.req.query('locale'), c.req.header('Accept-Language'), manifest.site)
  const parts = filesOf(manifest, locale).full
  // One validator for the whole file, from the names of its parts.
  const headers = textHeaders(strongEtag(await blobHash(parts.join('\n'))), locale, negotiated)
  if (noneMatch(c.req.header('If-None-Match'), headers.ETag)) return c.body(null, 304, headers)
  // The first part is read before answering, so a damaged store is still a 503.
  const first = parts.length > 0 ? await c.var.store.text(parts[0] as string) : ''
  return c.body(streamParts(c.var.store, first, parts.slice(1)), 200, { ...headers, 'Content-Type': TEXT })
})

function textHeaders(etag: string, locale: string, negotiated: boolean) {
  return { ETag: etag, 'Cache-Control': CACHE_CONTROL.public, 'Content-Language': locale, ...(negotiated ? { Vary: 'Accept-Language' } : {}) }
}

/**
 * The parts one after another, each read only when the client wants more:
 * llms-full.txt can be far larger than what an isolate should hold. A part
 * that fails mid-stream ends the response as an error, never silently short.
 */
function streamParts(store: Store, first: string, rest: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const queue = [...rest]
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first))
      if (queue.length === 0) controller.close()
    },
    async pull(controller) {
      const hash = queue.shift()
      if (hash === undefined) return controller.close()
      controller.enqueue(encoder.encode(await store.text(hash)))
      if (queue.length === 0) controller.close()
    },
  })
}
