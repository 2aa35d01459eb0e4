import { env } from 'cloudflare:workers'
import { SignJWT, base64url } from 'jose'

export const ISSUER = 'docs-service'
export const AUDIENCE = 'docs-preview'

export interface TokenOptions {
  /** The `scope` claim; default `drafts:read`, `''` leaves the claim out. */
  scope?: string
  alg?: 'HS256' | 'HS384' | 'HS512'
  secret?: string
  issuer?: string
  audience?: string
  /** Seconds from now (negative: already expired); `null` leaves `exp` out. */
  expiresIn?: number | null
}

/** Mints an HMAC-signed token; by default a valid `drafts:read` preview token. */
export async function mintToken(options: TokenOptions = {}): Promise<string> {
  const claims = options.scope === undefined ? { scope: 'drafts:read' } : options.scope === '' ? {} : { scope: options.scope }
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setIssuedAt()
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
  const expiresIn = options.expiresIn === undefined ? 300 : options.expiresIn
  if (expiresIn !== null) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
  return jwt.sign(new TextEncoder().encode(options.secret ?? env.JWT_SECRET))
}

/** A valid token carrying `drafts:read`. */
export const draftsToken = () => mintToken()

/** An unsigned `alg: none` token with otherwise valid claims. */
export function unsignedToken(): string {
  const encode = (value: object) => base64url.encode(JSON.stringify(value))
  const payload = { scope: 'drafts:read', iss: ISSUER, aud: AUDIENCE, exp: Math.floor(Date.now() / 1000) + 300 }
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
