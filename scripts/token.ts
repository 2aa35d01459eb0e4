import { SignJWT } from 'jose'
import { parseArgs } from 'node:util'
import { unstable_readConfig } from 'wrangler'
import { ensureDevVars } from './dev-vars.ts'

// Mints a preview token for the local server: HS256 with the secret in
// .dev.vars, and the issuer and audience the worker checks.
const { values } = parseArgs({
  options: {
    sub: { type: 'string', default: process.env.USER ?? 'author' },
    ttl: { type: 'string', default: '1h' },
    scope: { type: 'string', default: 'drafts:read' },
  },
})

const vars = unstable_readConfig({ config: 'wrangler.toml' }).vars as Record<string, string>
const { JWT_SECRET: secret } = await ensureDevVars()
if (!secret) throw new Error('.dev.vars has no JWT_SECRET')
const token = await new SignJWT({ scope: values.scope })
  .setProtectedHeader({ alg: 'HS256' })
  .setSubject(values.sub)
  .setIssuer(vars.JWT_ISSUER ?? '')
  .setAudience(vars.JWT_AUDIENCE ?? '')
  .setIssuedAt()
  .setExpirationTime(values.ttl)
  .sign(new TextEncoder().encode(secret))
console.log(token)
