import { createMiddleware } from 'hono/factory'
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose'
import type { Config } from '../config.ts'
import { Problem } from './problem.ts'

const DRAFTS_SCOPE = 'drafts:read'
const CLOCK_TOLERANCE_SECONDS = 60

// The allow-list: HS256 with the shared secret; RS256/ES256 only through a JWKS.
const SECRET_ALGORITHMS = ['HS256']
const JWKS_ALGORITHMS = ['RS256', 'ES256']

export interface AuthVariables {
  /** True when the request carries a valid token with the `drafts:read` scope. */
  canReadDrafts: boolean
}

// Deliberate isolate cache: a JWKS fetcher keeps its keys between requests.
const jwksByUrl = new Map<string, JWTVerifyGetKey>()

const invalidToken = (detail: string) =>
  new Problem(401, detail, {
    headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${detail.replace(/"/g, "'")}"` },
  })

/** The auth-scheme of an `Authorization` header (RFC 9110 11.4), compared case-insensitively. */
const bearerScheme = /^bearer(?:\s|$)/i
const bearerCredentials = /^Bearer +([A-Za-z0-9_.~+/=-]+)$/i

/**
 * Verifies a bearer token when there is one; a bad one is a 401 on every
 * endpoint. Only the Bearer scheme is a credential here (RFC 6750): another
 * scheme (Basic from a proxy in front of a staging site) is not ours to
 * judge, and its reader is anonymous.
 */
export const bearerAuth = createMiddleware<{ Variables: AuthVariables & { config: Config } }>(async function bearerAuthHandler(c, next) {
  const header = c.req.header('Authorization')?.trim()
  c.set('canReadDrafts', false)
  if (header === undefined || !bearerScheme.test(header)) return next()
  const match = bearerCredentials.exec(header)
  if (!match?.[1]) throw invalidToken('the Authorization header must be "Bearer <token>"')
  const scopes = await verify(match[1], c.var.config.jwt)
  c.set('canReadDrafts', scopes.includes(DRAFTS_SCOPE))
  return next()
})

async function verify(token: string, config: Config['jwt']): Promise<string[]> {
  const options = {
    issuer: config.issuer,
    audience: config.audience,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['exp'],
  }
  try {
    const { payload } = config.jwksUrl
      ? await jwtVerify(token, jwks(config.jwksUrl), { ...options, algorithms: JWKS_ALGORITHMS })
      : await jwtVerify(token, secretKey(config.secret), { ...options, algorithms: SECRET_ALGORITHMS })
    return typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : []
  } catch (error) {
    throw invalidToken(reason(error))
  }
}

function secretKey(secret: string | undefined): Uint8Array {
  // The configuration requires a secret whenever there is no JWKS.
  return new TextEncoder().encode(secret ?? '')
}

function jwks(url: string): JWTVerifyGetKey {
  const existing = jwksByUrl.get(url)
  if (existing) return existing
  const created = createRemoteJWKSet(new URL(url))
  jwksByUrl.set(url, created)
  return created
}

function reason(error: unknown): string {
  const code = (error as { code?: string }).code
  if (code === 'ERR_JWT_EXPIRED') return 'the token has expired'
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') return `the token's ${(error as { claim?: string }).claim ?? 'claims'} claim is not accepted`
  if (code === 'ERR_JOSE_ALG_NOT_ALLOWED') return 'the token is signed with an algorithm that is not allowed'
  return 'the token could not be verified'
}
