import { beforeAll, describe, expect, it } from 'vitest'
import { call, publishFixture, readJson, type ProblemBody } from './helpers.ts'
import { connectMcp } from './mcp-client.ts'

beforeAll(publishFixture)

async function pointersOf(path: string): Promise<string[]> {
  const response = await call(path)
  expect(response.status, path).toBe(422)
  const body = await readJson<ProblemBody>(response)
  expect(body.errors?.every((error) => error.detail.length > 0)).toBe(true)
  return (body.errors ?? []).map((error) => error.pointer)
}

const TOO_LONG_LOCALE = 'x'.repeat(36)
/** A valid semver range, longer than any release list needs. */
const LONG_RANGE = Array.from({ length: 30 }, () => '>=1.0.0').join(' ')

describe('the locale rule on every route that takes one', () => {
  it.each([
    ['a document', '/v1/documents/guides/install'],
    ['a document as Markdown', '/v1/documents/guides/install.md'],
    ['llms.txt', '/llms.txt'],
    ['llms-full.txt', '/llms-full.txt'],
    ['the navigation', '/v1/navigation'],
  ])('answers 422 at /locale for a locale of one character or over 35 on %s', async (_name, path) => {
    expect(await pointersOf(`${path}?locale=f`)).toEqual(['/locale'])
    expect(await pointersOf(`${path}?locale=${TOO_LONG_LOCALE}`)).toEqual(['/locale'])
  })

  it('still serves a document and llms.txt for a well-formed locale the site does not have', async () => {
    expect((await call('/v1/documents/guides/install?locale=de')).status).toBe(200)
    expect((await call('/llms.txt?locale=de')).status).toBe(200)
  })
})

describe('the version rule on every route that reads one version', () => {
  it.each([
    ['a document', '/v1/documents/guides/install'],
    ['llms.txt', '/llms.txt'],
    ['llms-full.txt', '/llms-full.txt'],
    ['the navigation', '/v1/navigation'],
  ])('answers 422 at /version for an empty version or one over 64 characters on %s, as its OpenAPI parameter says', async (_name, path) => {
    expect(await pointersOf(`${path}?version=`)).toEqual(['/version'])
    expect(await pointersOf(`${path}?version=${'v'.repeat(65)}`)).toEqual(['/version'])
  })

  it('still settles the path first: a trailing slash is a 308 and a path naming no page a 404, whatever the query', async () => {
    const moved = await call('/v1/documents/guides/install/?locale=f')
    expect(moved.status).toBe(308)
    expect(moved.headers.get('Location')).toBe('/v1/documents/guides/install?locale=f')
    expect((await call('/v1/documents/guides%5Cinstall?locale=f')).status).toBe(404)
  })
})

describe('the release filters, the same over HTTP and MCP', () => {
  it('answers 422 over HTTP for a semver range over 200 characters, as list_releases refuses it', async () => {
    expect(await pointersOf(`/v1/releases?version=${encodeURIComponent(LONG_RANGE)}`)).toEqual(['/version'])
    const result = await (await connectMcp()).callTool({ name: 'list_releases', arguments: { version: LONG_RANGE } })
    expect(result.isError).toBe(true)
  })
})

describe('search fields, the same over HTTP and MCP', () => {
  it('gives POST /v1/search and search_docs the same bounds for query, limit, locale and filter names', async () => {
    const doc = await readJson<{ paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } } } }> }>(
      await call('/v1/openapi.json'),
    )
    const http = doc.paths['/v1/search']?.post.requestBody.content['application/json'].schema.properties ?? {}
    const { tools } = await (await connectMcp()).listTools()
    const mcp = (tools.find((tool) => tool.name === 'search_docs')?.inputSchema.properties ?? {}) as Record<string, unknown>
    const bounds = (schema: unknown) => JSON.parse(JSON.stringify(schema, (key, value) => (['description', 'example', 'examples'].includes(key) ? undefined : value)))
    for (const field of ['query', 'limit', 'locale']) expect(bounds(mcp[field]), field).toEqual(bounds(http[field]))
    expect(bounds(mcp.sections)).toEqual(bounds((http.filters as { properties: Record<string, unknown> }).properties.sections))
  })
})
