import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import app from '../../worker/index.ts'
import { call, expectUnavailable, publishFixture, readJson } from './helpers.ts'

beforeAll(publishFixture)
afterEach(() => {
  vi.restoreAllMocks()
})

/** Sends requests with one bindings object, as an isolate does, and collects what the worker logs. */
async function withBindings(overrides: Partial<Record<keyof Env, string | undefined>>, paths: string[]) {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  const bindings = { ...env, ...overrides } as Env
  const responses = []
  for (const path of paths) responses.push(await app.request(`https://docs.example${path}`, {}, bindings))
  return { responses, logged: errors.mock.calls.map((args) => args.join(' ')) }
}

async function expectMisconfigured(response: Response) {
  // The reason is for operators, in the log; clients are not told which secret is missing.
  expect(await expectUnavailable(response)).not.toContain('JWT_SECRET')
}

const PATHS = ['/v1/documents/guides/install', '/v1/releases', '/v1/no-such-route']

describe('a misconfigured worker answers 503 on every request and logs which variable is wrong, once', () => {
  it.each([
    ['no JWT_SECRET', { JWT_SECRET: undefined }, 'JWT_SECRET'],
    ['a JWT_SECRET shorter than 32 bytes', { JWT_SECRET: 'short-secret-of-31-bytes-long!!' }, 'JWT_SECRET'],
    ['a POINTER_TTL_SECONDS that is not a number', { POINTER_TTL_SECONDS: 'five' }, 'POINTER_TTL_SECONDS'],
    ['a negative POINTER_TTL_SECONDS', { POINTER_TTL_SECONDS: '-1' }, 'POINTER_TTL_SECONDS'],
    ['an empty JWT_ISSUER', { JWT_ISSUER: '' }, 'JWT_ISSUER'],
    ['a JWT_JWKS_URL that is not a URL', { JWT_JWKS_URL: 'keys.example' }, 'JWT_JWKS_URL'],
  ])('with %s', async (_name, overrides, variable) => {
    const { responses, logged } = await withBindings(overrides, PATHS)
    for (const response of responses) await expectMisconfigured(response)
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain(variable)
  })

  it('answers search with 503 too, before reading the body', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await call('/v1/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":1}' }, { JWT_SECRET: 'short' })
    await expectMisconfigured(response)
  })
})

describe('a valid configuration', () => {
  it('counts the secret in bytes, so 32 bytes of UTF-8 are enough even in fewer characters', async () => {
    const secret = 'é'.repeat(16)
    expect(new TextEncoder().encode(secret).byteLength).toBe(32)
    const { responses } = await withBindings({ JWT_SECRET: secret }, ['/v1/documents/guides/install'])
    expect(responses[0]?.status).toBe(200)
  })

  it('needs no JWT_SECRET when a JWKS URL verifies tokens', async () => {
    const { responses, logged } = await withBindings({ JWT_SECRET: undefined, JWT_JWKS_URL: 'https://keys.example/.well-known/jwks.json' }, ['/v1/releases'])
    expect(responses[0]?.status).toBe(200)
    expect(logged).toEqual([])
  })

  it('defaults POINTER_TTL_SECONDS and CORS_ORIGINS when they are not set', async () => {
    const { responses } = await withBindings({ POINTER_TTL_SECONDS: undefined, CORS_ORIGINS: undefined }, ['/v1/releases'])
    expect(responses[0]?.status).toBe(200)
    expect(await readJson(responses[0] as Response)).toHaveProperty('streams')
  })
})
