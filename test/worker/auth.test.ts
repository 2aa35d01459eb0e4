import { base64url } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, draftsToken, mintToken, unsignedToken } from './tokens.ts'
import { call, publishFixture, readJson, type ProblemBody } from './helpers.ts'

beforeAll(publishFixture)

const DRAFT = '/v1/documents/guides/secret-plans'

async function expectInvalidToken(response: Response) {
  expect(response.status).toBe(401)
  expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer error="invalid_token"/)
  expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  const body = await readJson<ProblemBody>(response)
  expect(body).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401 })
  expect(typeof body.detail).toBe('string')
}

describe('drafts', () => {
  it('answers a draft without a token exactly like an unknown slug: 404 with a byte-identical body', async () => {
    const draft = await call(DRAFT)
    const unknown = await call('/v1/documents/guides/no-such-page')
    expect(draft.status).toBe(404)
    expect(unknown.status).toBe(404)
    expect(draft.headers.get('Content-Type')).toBe(unknown.headers.get('Content-Type'))
    expect(await draft.text()).toBe(await unknown.text())
  })

  it.each([
    ['another scope', 'docs:write'],
    ['no scope claim', ''],
    ['a scope that only starts like drafts:read', 'drafts:reader'],
  ])('answers 404 for a draft with a valid token carrying %s', async (_name, scope) => {
    const response = await call(DRAFT, { headers: bearer(await mintToken({ scope })) })
    expect(response.status).toBe(404)
    expect(await response.text()).toBe(await (await call('/v1/documents/guides/no-such-page')).text())
  })

  it('serves a draft to a drafts:read token, privately and varying on Authorization', async () => {
    const response = await call(DRAFT, { headers: bearer(await draftsToken()) })
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('Vary')?.split(/\s*,\s*/)).toContain('Authorization')
    expect(await readJson(response)).toMatchObject({ slug: 'guides/secret-plans', title: 'Secret plans', draft: true })
  })

  it('accepts drafts:read among several space-separated scopes', async () => {
    const response = await call(DRAFT, { headers: bearer(await mintToken({ scope: 'docs:write drafts:read' })) })
    expect(response.status).toBe(200)
  })

  it('accepts a token that expired 30 s ago (60 s clock tolerance)', async () => {
    const response = await call(DRAFT, { headers: bearer(await mintToken({ expiresIn: -30 })) })
    expect(response.status).toBe(200)
  })

  it('serves published documents to a valid token with the public cache policy unchanged', async () => {
    const response = await call('/v1/documents/guides/install', { headers: bearer(await draftsToken()) })
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=300')
  })
})

describe('invalid tokens answer 401 invalid_token', () => {
  const badTokens: Array<[string, () => Promise<string>]> = [
    ['an unsigned alg: none token', async () => unsignedToken()],
    ['a token signed with another key', () => mintToken({ secret: 'another-secret-of-at-least-thirty-two-bytes' })],
    ['a token that expired 2 minutes ago', () => mintToken({ expiresIn: -120 })],
    ['a token without exp', () => mintToken({ expiresIn: null })],
    ['a token for another audience', () => mintToken({ audience: 'someone-else' })],
    ['a token from another issuer', () => mintToken({ issuer: 'someone-else' })],
    ['an HS512 token signed with the right secret (not on the allow-list)', () => mintToken({ alg: 'HS512' })],
    [
      'a token with a tampered payload',
      async () => {
        const [header, , signature] = (await mintToken({ scope: 'docs:write' })).split('.')
        return `${header}.${base64url.encode(JSON.stringify({ scope: 'drafts:read', iss: 'docs-service', aud: 'docs-preview', exp: 9999999999 }))}.${signature}`
      },
    ],
    ['garbage', async () => 'not.a.jwt'],
  ]

  it.each(badTokens)('rejects %s', async (_name, token) => {
    await expectInvalidToken(await call(DRAFT, { headers: bearer(await token()) }))
  })

  it.each(['Bearer', 'Bearer ', 'Bearer a b', 'bearer a,b', 'Bearer\tabc'])('rejects the malformed Bearer header %j', async (authorization) => {
    await expectInvalidToken(await call('/v1/documents/guides/install', { headers: { Authorization: authorization } }))
  })

  it.each([
    ['Basic', 'Basic dXNlcjpwYXNz'],
    ['Digest', 'Digest username="u", realm="staging", nonce="n", uri="/v1/documents/guides/install", response="r"'],
    ['a scheme of its own', 'Token abc.def.ghi'],
    ['a header with no scheme', '=='],
    ['a scheme that only starts like Bearer', 'Bearerish abc'],
  ])('treats a request whose Authorization header is %s as an anonymous reader', async (_name, authorization) => {
    const headers = { Authorization: authorization }
    const published = await call('/v1/documents/guides/install', { headers })
    expect(published.status).toBe(200)
    expect(published.headers.get('Cache-Control')).toMatch(/^public/)
    const draft = await call(DRAFT, { headers })
    expect(draft.status).toBe(404)
    expect(await draft.text()).toBe(await (await call('/v1/documents/guides/no-such-page')).text())
    const search = await call('/v1/search', { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ query: 'install' }) })
    expect(search.status).toBe(200)
  })

  it('rejects a bad token on every endpoint, published content and unknown paths included', async () => {
    const headers = bearer(await mintToken({ expiresIn: -3600 }))
    await expectInvalidToken(await call('/v1/documents/guides/install', { headers }))
    await expectInvalidToken(await call('/v1/documents/no-such-page', { headers }))
    await expectInvalidToken(await call('/v1/releases', { headers }))
    await expectInvalidToken(await call('/v1/nowhere', { headers }))
    await expectInvalidToken(await call('/v1/search', { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ query: 'install' }) }))
  })
})
