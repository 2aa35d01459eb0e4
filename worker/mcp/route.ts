import { StreamableHTTPTransport } from '@hono/mcp'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../app-env.ts'
import { jsonBodyLimit } from '../http/body-limit.ts'
import { openReader } from '../http/reader.ts'
import type { Reader } from '../read-model/index.ts'
import { siteOrNull } from './context.ts'
import { createDocsServer } from './server.ts'

/**
 * `/mcp`: the Streamable HTTP transport, stateless. Every POST gets its own
 * server and transport and a JSON answer, so no session, Durable Object or
 * open stream is needed; GET (a server-sent event stream) answers 405.
 */
export const mcp = new Hono<AppEnv>().post('/', jsonBodyLimit, async function serveMcp(c) {
  const opened = new Map<string, Promise<Reader>>()
  const reader = (version?: string) => {
    const key = version ?? ''
    const found = opened.get(key) ?? openReader(c, version)
    opened.set(key, found)
    return found
  }
  const context = { reader, origin: new URL(c.req.url).origin }
  const server = createDocsServer(context, await siteOrNull(context.reader))
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
})
