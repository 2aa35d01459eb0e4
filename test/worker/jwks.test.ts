import { SignJWT, generateKeyPair, importJWK, type CryptoKey } from 'jose'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { call, publishFixture } from './helpers.ts'
import { AUDIENCE, ISSUER, mintToken } from './tokens.ts'

const jwks = inject('jwks')
const withJwks = { JWT_JWKS_URL: jwks.url }

async function signed(key: CryptoKey | Uint8Array, alg: string): Promise<string> {
  return new SignJWT({ scope: 'drafts:read' }).setProtectedHeader({ alg, kid: 'test-key' }).setIssuer(ISSUER).setAudience(AUDIENCE).setExpirationTime('5m').sign(key)
}

const draft = (token: string) => call('/v1/documents/guides/secret-plans', { headers: { Authorization: `Bearer ${token}` } }, withJwks)

beforeAll(publishFixture)

describe('preview tokens verified against a JWKS (JWT_JWKS_URL)', () => {
  it('accepts an ES256 token signed by a key the JWKS publishes', async () => {
    const response = await draft(await signed((await importJWK(jwks.privateKey, 'ES256')) as CryptoKey, 'ES256'))
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('refuses an ES256 token signed by a key the JWKS does not publish', async () => {
    const stranger = await generateKeyPair('ES256')
    const response = await draft(await signed(stranger.privateKey, 'ES256'))
    expect(response.status).toBe(401)
    expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer error="invalid_token"/)
  })

  it('refuses HS256 tokens once a JWKS is configured, even with the right secret', async () => {
    expect((await draft(await mintToken())).status).toBe(401)
  })
})
