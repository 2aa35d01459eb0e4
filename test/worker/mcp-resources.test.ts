import { env } from 'cloudflare:workers'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Resource } from '@modelcontextprotocol/sdk/types.js'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { publishBuild } from '../../publish/publish.ts'
import { kvBindingTarget } from '../../publish/targets/kv-binding.ts'
import { call, clearKv, publishFixture, readJson, routesOf, sourceOf } from './helpers.ts'
import { docsOf } from '../shared/route-table.ts'
import { connectMcp as connect } from './mcp-client.ts'
import { bearer, draftsToken } from './tokens.ts'

beforeAll(publishFixture)

/** Every resource, following nextCursor to the end as a client does. */
async function listAll(client: Client): Promise<Resource[]> {
  const resources: Resource[] = []
  let cursor: string | undefined
  do {
    const page = await client.listResources(cursor === undefined ? {} : { cursor })
    resources.push(...page.resources)
    cursor = page.nextCursor
  } while (cursor !== undefined)
  return resources
}

describe('pages as MCP resources', () => {
  it('lists every published page once per locale it is written in, with its title, as Markdown at its .md URL', async () => {
    const resources = await listAll(await connect())
    const uris = resources.map((resource) => resource.uri)
    expect(new Set(uris).size).toBe(uris.length)
    // 12 English pages and the 2 written in French (status counts the same documents).
    expect(resources).toHaveLength(14)
    expect(resources).toContainEqual(
      expect.objectContaining({ uri: 'https://docs.example/v1/documents/guides/install.md', name: 'guides/install', title: 'Installing the service', mimeType: 'text/markdown' }),
    )
    expect(uris).toContain('https://docs.example/v1/documents/guides/installation.md?locale=fr')
    expect(uris.some((uri) => uri.includes('secret-plans'))).toBe(false)
  })

  it('reads a resource as the same Markdown the .md endpoint serves', async () => {
    const client = await connect()
    for (const uri of ['https://docs.example/v1/documents/guides/install.md', 'https://docs.example/v1/documents/guides/installation.md?locale=fr']) {
      const { contents } = await client.readResource({ uri })
      const served = await call(new URL(uri).pathname + new URL(uri).search)
      expect(contents).toEqual([{ uri, mimeType: 'text/markdown', text: await served.text() }])
    }
  })

  it('lists and reads drafts only with a drafts:read token', async () => {
    const draftUri = 'https://docs.example/v1/documents/guides/secret-plans.md'
    await expect((await connect()).readResource({ uri: draftUri })).rejects.toThrow(/No page is served at/)
    const author = await connect(bearer(await draftsToken()))
    expect((await listAll(author)).map((resource) => resource.uri)).toContain(draftUri)
    expect((await author.readResource({ uri: draftUri })).contents[0]).toMatchObject({ mimeType: 'text/markdown' })
  })

  it('answers an unknown page or a URI outside the documents with resource-not-found', async () => {
    const client = await connect()
    for (const uri of ['https://docs.example/v1/documents/guides/nope.md', 'https://docs.example/v1/status', 'https://docs.example/v1/documents/guides%2F..%2Fpointer.md']) {
      await expect(client.readResource({ uri })).rejects.toMatchObject({ code: -32002 })
    }
  })

  it('pages the list one route shard at a time, nextCursor to the end, each page once', async () => {
    const many = inject('manyParts')
    await clearKv()
    try {
      await publishBuild(kvBindingTarget(env.DOCS_KV), sourceOf(many))
      const client = await connect()
      const first = await client.listResources({})
      expect(first.nextCursor).toBe('1')
      const all = await listAll(client)
      const slugs = Object.keys(routesOf(many).documents.en ?? {}).filter((slug) => !routesOf(many).documents.en?.[slug]?.draft)
      const shards = docsOf(many.manifest, (hash) => many.blobs[hash]).routes.length
      expect(shards).toBeGreaterThan(1)
      expect(all.map((resource) => resource.name).sort()).toEqual(slugs.sort())
      expect((await client.listResources({ cursor: String(shards - 1) })).nextCursor).toBeUndefined()
    } finally {
      await clearKv()
      await publishFixture()
    }
  })

  it('refuses a cursor it did not give', async () => {
    await expect((await connect()).listResources({ cursor: 'page-two' })).rejects.toThrow(/cursor was not given by resources\/list/)
  })

  it('says the docs are unavailable, without internals, when storage cannot be read', async () => {
    await clearKv()
    try {
      await expect((await connect()).listResources({})).rejects.toThrow(/temporarily unavailable/)
    } finally {
      await publishFixture()
    }
  })
})

describe('discovery of the MCP server', () => {
  it('serves a server card that names the transport, the endpoint and the site', async () => {
    const response = await call('/.well-known/mcp/server-card.json')
    expect(response.status).toBe(200)
    const card = await readJson(response)
    expect(card).toMatchObject({
      serverInfo: { name: 'docs-service', title: 'Fixture docs' },
      description: 'The fixture site for the worker tests.',
      transport: { type: 'streamable-http', endpoint: '/mcp' },
      capabilities: { tools: {}, resources: {} },
      authentication: { required: false },
    })
  })

  it('points agents at /mcp from llms.txt', async () => {
    const text = await (await call('/llms.txt')).text()
    expect(text).toContain('[/mcp](/mcp)')
    expect(text).toContain('/.well-known/mcp/server-card.json')
  })
})
