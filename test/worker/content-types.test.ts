import { beforeAll, describe, expect, it } from 'vitest'
import { call, publishFixture, searchCall } from './helpers.ts'

beforeAll(publishFixture)

const JSON_UTF8 = 'application/json; charset=utf-8'

describe('content types', () => {
  it.each([
    ['a document', () => call('/v1/documents/guides/install')],
    ['the navigation', () => call('/v1/navigation')],
    ['a search', () => searchCall({ query: 'install' })],
    ['the releases', () => call('/v1/releases')],
    ['the versions', () => call('/v1/versions')],
    ['the status', () => call('/v1/status')],
    ['the OpenAPI document', () => call('/v1/openapi.json')],
    ['the MCP server card', () => call('/.well-known/mcp/server-card.json')],
  ])('answers %s as application/json with its charset, like every other JSON answer', async (_name, request) => {
    const response = await request()
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe(JSON_UTF8)
  })

  it.each([
    ['an unknown path', () => call('/v1/nowhere')],
    ['a malformed search', () => call('/v1/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' })],
    ['a wrong method', () => call('/v1/navigation', { method: 'DELETE' })],
  ])('answers %s as problem+json', async (_name, request) => {
    const response = await request()
    expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  })
})
