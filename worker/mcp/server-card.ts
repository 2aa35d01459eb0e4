import { MCP_PATH } from '../http/api-paths.ts'
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { openReader } from '../http/reader.ts'
import { siteOrNull } from './context.ts'
import { serverInfo } from './server-info.ts'

const SERVER_CARD_PATH = '/.well-known/mcp/server-card.json'

/**
 * The MCP server card (SEP-1649): what an agent or a registry learns about
 * `/mcp` before connecting. The site's title and description come from the
 * live build when it can be read; the card is served without them otherwise.
 */
export const serverCard = new Hono<AppEnv>().get(SERVER_CARD_PATH, async function getServerCard(c) {
  const site = await siteOrNull(() => openReader(c, undefined))
  const card = {
    $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
    version: '1.0',
    protocolVersion: LATEST_PROTOCOL_VERSION,
    serverInfo: serverInfo(site),
    ...(site?.description ? { description: site.description } : {}),
    documentationUrl: new URL('/llms.txt', c.req.url).href,
    transport: { type: 'streamable-http', endpoint: MCP_PATH },
    capabilities: { tools: {}, resources: {} },
    // Published docs need no token; a bearer token with the drafts:read scope opens drafts.
    authentication: { required: false, schemes: ['bearer'] },
  }
  return c.json(card, 200, { 'Cache-Control': 'public, max-age=300' })
})
