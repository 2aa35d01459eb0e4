import { StreamableHTTPTransport } from '@hono/mcp'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { Manifest } from '../../contract/index.ts'
import type { AppEnv } from '../app-env.ts'
import { Problem } from '../http/problem.ts'
import { MAX_BODY_BYTES } from '../routes/search.ts'
import { StoreUnavailable, type Store } from '../store.ts'
import { createDocsServer } from './server.ts'

/**
 * `/mcp`: the Streamable HTTP transport, stateless. Every POST gets its own
 * server and transport and a JSON answer, so no session, Durable Object or
 * open stream is needed; GET (a server-sent event stream) answers 405.
 */
export const mcp = new Hono<AppEnv>().post(
  '/',
  // As for search: hono's body limit counts what arrives, whatever Content-Length says.
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new Problem(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`)
    },
  }),
  async function serveMcp(c) {
    const context = {
      store: c.var.store,
      canReadDrafts: c.var.canReadDrafts,
      acceptLanguage: c.req.header('Accept-Language'),
      origin: new URL(c.req.url).origin,
    }
    const server = createDocsServer(context, await siteOrNull(c.var.store))
    // Without a session id generator the transport is stateless.
    const transport = new StreamableHTTPTransport({ enableJsonResponse: true })
    await server.connect(transport)
    // Answers depend on the token, and a tool call is not a cacheable read.
    c.header('Cache-Control', 'no-store')
    try {
      return await transport.handleRequest(c)
    } catch (error) {
      // The transport refuses a bad Accept, Content-Type or JSON-RPC message with a JSON-RPC error, which clients read.
      if (error instanceof HTTPException && error.res) return error.getResponse()
      throw error
    }
  },
)

/** The site's description for the server's instructions; an outage is reported by each tool call instead. */
async function siteOrNull(store: Store): Promise<Manifest['site'] | null> {
  try {
    return (await store.manifest()).site
  } catch (error) {
    if (!(error instanceof StoreUnavailable)) throw error
    console.warn(`mcp: ${error.message}`)
    return null
  }
}
