import { env } from 'cloudflare:workers'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import app from '../../worker/index.ts'
import { MAX_BODY_BYTES } from '../../worker/http/body-limit.ts'
import { call, publishFixture, readJson, type ProblemBody } from './helpers.ts'
import { bearer, draftsToken, mintToken } from './tokens.ts'

beforeAll(publishFixture)
afterEach(() => vi.restoreAllMocks())

const MCP_URL = 'https://docs.example/mcp'

/** The SDK's own client over its Streamable HTTP transport, sending every request through the real app. */
async function connect(headers: Record<string, string> = {}, overrides: Partial<Env> = {}): Promise<Client> {
  // The client's default validator, ajv, compiles with `new Function`, which workerd forbids.
  const client = new Client({ name: 'docs-tests', version: '1.0.0' }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() })
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: { headers },
    fetch: async (url, init) => app.request(String(url), init, { ...env, ...overrides }),
  })
  await client.connect(transport)
  return client
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')

/** One JSON-RPC message POSTed by hand, as a client without the SDK would. */
const post = (body: string, headers: Record<string, string> = {}) =>
  call('/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers }, body })
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
})

describe('/mcp over Streamable HTTP', () => {
  it('initializes with the server name, version and instructions that name the site and the first tool', async () => {
    const client = await connect()
    expect(client.getServerVersion()).toEqual({ name: 'docs-service', title: 'Fixture docs', version: '0.1.0' })
    const instructions = client.getInstructions() ?? ''
    expect(instructions).toContain('Fixture docs: The fixture site for the worker tests.')
    expect(instructions).toMatch(/call search_docs first, then get_document/)
  })

  it('lists five read-only tools, each with a description and an input schema', async () => {
    const { tools } = await (await connect()).listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['search_docs', 'get_document', 'get_operation', 'get_navigation', 'list_releases'])
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(80)
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false })
    }
    const schema = (name: string) => tools.find((tool) => tool.name === name)?.inputSchema
    expect(schema('search_docs')).toMatchObject({
      required: ['query'],
      properties: { query: { type: 'string', minLength: 1, maxLength: 200 }, limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
    })
    expect(Object.keys(schema('search_docs')?.properties ?? {})).toEqual(['query', 'limit', 'locale', 'sections', 'tags', 'version'])
    expect(schema('get_document')).toMatchObject({ required: ['slug'], properties: { slug: { type: 'string' }, locale: { type: 'string' }, version: { type: 'string' } } })
    expect(Object.keys(schema('get_operation')?.properties ?? {})).toEqual(['operationId', 'method', 'path', 'api', 'locale', 'version'])
    expect(Object.keys(schema('get_navigation')?.properties ?? {})).toEqual(['locale', 'root', 'depth', 'version'])
    expect(schema('get_navigation')).toMatchObject({ properties: { root: { type: 'string', minLength: 1 }, depth: { type: 'integer', minimum: 1, maximum: 32 } } })
    expect(Object.keys(schema('list_releases')?.properties ?? {})).toEqual(['stream', 'version', 'from', 'to'])
  })

  it('answers every message as JSON, not as an event stream, and never from a cache', async () => {
    const response = await post(initialize)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Mcp-Session-Id')).toBeNull()
    expect(await readJson(response)).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'docs-service' } } })
  })

  it('answers GET with 405 and Allow: POST, so clients know there is no event stream to open', async () => {
    const response = await call('/mcp', { headers: { Accept: 'text/event-stream' } })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('POST')
  })

  it('answers a tool call for a tool that does not exist as a tool error', async () => {
    const result = await (await connect()).callTool({ name: 'delete_docs', arguments: {} })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toContain('delete_docs')
  })

  it('answers a body that is not JSON-RPC with a JSON-RPC error, not a 500', async () => {
    const response = await post('{"not": "json-rpc"')
    expect(response.status).toBe(400)
    expect(await readJson(response)).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } })
    const wrongType = await post(initialize, { 'Content-Type': 'text/plain' })
    expect(wrongType.status).toBe(415)
    expect(await readJson(wrongType)).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringContaining('application/json') } })
  })

  it('refuses a body over 16 KiB with 413 problem+json, as search does', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_docs', arguments: { query: 'x'.repeat(MAX_BODY_BYTES) } } })
    const response = await post(big)
    expect(response.status).toBe(413)
    expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  })
})

describe('/mcp and tokens', () => {
  it('refuses an invalid token with 401 and WWW-Authenticate before any MCP message', async () => {
    const expired = await mintToken({ expiresIn: -3600 })
    await expect(connect(bearer(expired))).rejects.toMatchObject({ code: 401 })
    await expect(connect(bearer('not-a-jwt'))).rejects.toMatchObject({ code: 401 })
    const response = await post(initialize, bearer(expired))
    expect(response.status).toBe(401)
    expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer error="invalid_token"/)
    expect(await readJson<ProblemBody>(response)).toMatchObject({ status: 401, title: 'Unauthorized' })
  })

  it('opens drafts to a drafts:read token and to no other', async () => {
    const ask = async (headers: Record<string, string>) => textOf(await (await connect(headers)).callTool({ name: 'get_document', arguments: { slug: 'guides/secret-plans' } }))
    expect(await ask(bearer(await draftsToken()))).toContain('Zeppelin')
    expect(await ask(bearer(await mintToken({ scope: 'docs:write' })))).not.toContain('Zeppelin')
    expect(await ask({})).not.toContain('Zeppelin')
  })
})

describe('/mcp and storage faults', () => {
  const failingKv = (): KVNamespace =>
    new Proxy(env.DOCS_KV, {
      get(target, property) {
        if (property === 'get') return () => Promise.reject(new Error('KV is down'))
        const value = Reflect.get(target, property, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })

  it('still initializes when storage fails, and each tool then says the docs are temporarily unavailable', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const client = await connect({}, { DOCS_KV: failingKv() })
    expect(client.getInstructions()).toContain('cannot be read right now')
    const calls = [
      { name: 'search_docs', arguments: { query: 'install' } },
      { name: 'get_document', arguments: { slug: 'guides/install' } },
      { name: 'get_navigation', arguments: {} },
      { name: 'list_releases', arguments: {} },
    ]
    for (const request of calls) {
      const result = await client.callTool(request)
      expect(result.isError, request.name).toBe(true)
      expect(textOf(result)).toBe('The docs are temporarily unavailable (their storage is not answering). Try again in a minute.')
    }
    expect(warn).toHaveBeenCalled()
  })
})
