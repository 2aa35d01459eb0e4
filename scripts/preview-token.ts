import { SignJWT } from 'jose'
import { unstable_readConfig } from 'wrangler'

/**
 * The token behind the preview's "Show drafts" toggle: `drafts:read`, signed
 * with the local secret for the issuer and audience the worker checks. npm start
 * hands it to its local worker only, so no deployed worker ever holds it.
 */
export async function mintPreviewToken(secret: string, ttl = '7d'): Promise<string> {
  const vars = unstable_readConfig({ config: 'wrangler.toml' }).vars
  const text = (name: string) => (typeof vars[name] === 'string' ? vars[name] : '')
  return new SignJWT({ scope: 'drafts:read' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('npm-start-preview')
    .setIssuer(text('JWT_ISSUER'))
    .setAudience(text('JWT_AUDIENCE'))
    .setIssuedAt()
    .setExpirationTime(ttl)
    .sign(new TextEncoder().encode(secret))
}
