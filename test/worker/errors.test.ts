import { beforeAll, describe, expect, it } from 'vitest'
import { STACK_FRAME, call, expectNotFound, publishFixture, readJson, type AnyJson, type ProblemBody } from './helpers.ts'

beforeAll(publishFixture)

const json = { 'Content-Type': 'application/json' }

describe('unknown routes and wrong methods', () => {
  it.each(['/', '/v1', '/v1/nowhere', '/v2/documents/guides/install', '/v1/documents', '/v1/releases/stable'])('answers 404 problem+json for the unknown path %s', async (path) => {
    await expectNotFound(await call(path))
  })

  it.each([
    ['DELETE', '/v1/documents/x', 'GET, HEAD'],
    ['PUT', '/v1/documents/guides/install', 'GET, HEAD'],
    ['POST', '/v1/documents/guides/install', 'GET, HEAD'],
    ['GET', '/v1/search', 'POST'],
    ['DELETE', '/v1/search', 'POST'],
    ['POST', '/v1/releases', 'GET, HEAD'],
    ['POST', '/v1/navigation', 'GET, HEAD'],
    ['DELETE', '/v1/status', 'GET, HEAD'],
    ['POST', '/llms.txt', 'GET, HEAD'],
    ['PUT', '/llms-full.txt', 'GET, HEAD'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const response = await call(path, { method, headers: json, ...(method === 'GET' ? {} : { body: '{}' }) })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe(allow)
    expect(response.headers.get('Content-Type')).toBe('application/problem+json')
    expect(await readJson<ProblemBody>(response)).toMatchObject({ type: 'about:blank', title: 'Method Not Allowed', status: 405 })
  })

  it('never puts a stack trace in an error body', async () => {
    const requests: Array<[string, RequestInit]> = [
      ['/v1/nowhere', {}],
      ['/v1/documents/x', { method: 'DELETE' }],
      ['/v1/search', {}],
      ['/v1/documents/guides%2F..%2Finstall', {}],
      ['/v1/documents/guides/install', { headers: { Accept: 'text/html' } }],
      ['/v1/documents/guides/install', { headers: { Authorization: 'Bearer nope' } }],
      ['/v1/search', { method: 'POST', headers: json, body: '{' }],
      ['/v1/search', { method: 'POST', headers: json, body: '{"limit": "x"}' }],
      ['/v1/search', { method: 'POST', body: new Uint8Array(1) }],
      ['/v1/releases?version=%3E%3E', {}],
    ]
    for (const [path, init] of requests) {
      const response = await call(path, init)
      expect(response.status, path).toBeGreaterThanOrEqual(400)
      const text = await response.text()
      expect(text, path).not.toMatch(STACK_FRAME)
      expect(text, path).not.toContain('.ts:')
      expect(Object.keys(JSON.parse(text)).sort(), path).toEqual(expect.arrayContaining(['detail', 'status', 'title', 'type']))
    }
  })
})

describe('CORS', () => {
  const origin = 'https://elsewhere.example'

  it('lets any origin read a simple GET and exposes ETag', async () => {
    const response = await call('/v1/documents/guides/install', { headers: { Origin: origin } })
    expect(response.status).toBe(200)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull()
    expect(response.headers.get('Access-Control-Expose-Headers')?.split(/\s*,\s*/)).toContain('ETag')
  })

  it('answers a preflight for POST /v1/search with 204, POST allowed and Content-Type and Authorization allowed', async () => {
    const response = await call('/v1/search', {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, authorization' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Access-Control-Allow-Methods')?.split(/\s*,\s*/)).toContain('POST')
    const allowHeaders = response.headers
      .get('Access-Control-Allow-Headers')
      ?.toLowerCase()
      .split(/\s*,\s*/)
    expect(allowHeaders).toEqual(expect.arrayContaining(['content-type', 'authorization']))
    expect(await response.text()).toBe('')
  })

  it('puts CORS headers on error responses too', async () => {
    const response = await call('/v1/documents/nope', { headers: { Origin: origin } })
    expect(response.status).toBe(404)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })

  describe('with CORS_ORIGINS set to an allow-list', () => {
    const overrides = { CORS_ORIGINS: 'https://docs.example.com' }

    it('echoes a listed origin and allows credentials', async () => {
      const response = await call('/v1/documents/guides/install', { headers: { Origin: 'https://docs.example.com' } }, overrides)
      expect(response.status).toBe(200)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://docs.example.com')
      expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true')
      expect(
        response.headers
          .get('Vary')
          ?.split(/\s*,\s*/)
          .sort(),
      ).toEqual(['Accept', 'Accept-Language', 'Origin'])
    })

    it('does not allow an origin that is not listed', async () => {
      const response = await call('/v1/documents/guides/install', { headers: { Origin: origin } }, overrides)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
      const preflight = await call('/v1/search', { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } }, overrides)
      expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull()
    })
  })
})

describe('GET /v1/openapi.json', () => {
  it('describes the API as OpenAPI 3.1 with every endpoint and the search limits', async () => {
    const response = await call('/v1/openapi.json')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    const doc = await readJson(response)
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/llms-full.txt',
      '/llms-full/{file}',
      '/llms.txt',
      '/llms/{file}',
      '/v1/assets/{hash}.{ext}',
      '/v1/documents/{slug}',
      '/v1/navigation',
      '/v1/releases',
      '/v1/search',
      '/v1/status',
      '/v1/versions',
    ])
    expect(Object.keys(doc.paths['/v1/search'])).toEqual(['post'])
    expect(Object.keys(doc.paths['/v1/releases'])).toEqual(['get'])
    expect(doc.paths['/v1/navigation'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['locale', 'version', 'root', 'depth'])
    const searchRequest = doc.paths['/v1/search'].post.requestBody.content['application/json'].schema
    expect(searchRequest.properties.query).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 })
    expect(searchRequest.required).toEqual(['query'])
  })

  it('describes stored shapes from the contract schemas, recursive ones by reference', async () => {
    const doc = await readJson(await call('/v1/openapi.json'))
    expect(doc.components.schemas.NavItem.properties.children.items).toEqual({ $ref: '#/components/schemas/NavItem' })
    expect(doc.components.schemas.Document.properties.toc.items).toEqual({ $ref: '#/components/schemas/TocEntry' })
    expect(doc.components.schemas.Document.additionalProperties).toBe(false)
    expect(doc.paths['/v1/documents/{slug}'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Document' })
    expect(Object.keys(doc.paths['/v1/documents/{slug}'].get.responses)).toEqual(expect.arrayContaining(['200', '304', '308', '404', '406', '503']))
  })
  it('gives every error the Problem schema and the headers each answer carries, and an optional bearer token everywhere', async () => {
    const doc = await readJson(await call('/v1/openapi.json'))
    expect(doc.components.securitySchemes.previewToken).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    expect(doc.security).toEqual([{}, { previewToken: [] }])
    const operations = Object.values(doc.paths as Record<string, Record<string, { responses: Record<string, AnyJson> }>>).flatMap((methods) => Object.values(methods))
    for (const { responses } of operations) {
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) >= 400) expect(response.content['application/problem+json'].schema, status).toEqual({ $ref: '#/components/schemas/Problem' })
      }
      expect(Object.keys(responses['401'].headers)).toEqual(['WWW-Authenticate'])
      expect(Object.keys(responses['503'].headers)).toEqual(['Retry-After'])
      if (responses['304']) expect(Object.keys(responses['304'].headers)).toContain('ETag')
    }
    expect(Object.keys(doc.paths['/v1/documents/{slug}'].get.responses['308'].headers)).toEqual(['Location', 'Cache-Control'])
    expect(Object.keys(doc.paths['/v1/documents/{slug}'].get.responses['200'].headers)).toEqual(['ETag', 'Cache-Control', 'Vary', 'Content-Language', 'Link'])
    expect(doc.components.schemas.Problem.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail']))
  })
})
