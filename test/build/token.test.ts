import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { parseEnv, promisify } from 'node:util'
import { jwtVerify } from 'jose'
import { expect, it } from 'vitest'

it('npm run token mints a drafts:read token the local worker accepts', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/token.ts', '--sub', 'alice', '--ttl', '10m'])
  const { JWT_SECRET: secret } = parseEnv(await readFile('.dev.vars', 'utf8'))
  const wrangler = await readFile('wrangler.toml', 'utf8')
  const varOf = (name: string) => new RegExp(`^${name} = "([^"]*)"`, 'm').exec(wrangler)?.[1]
  const { payload, protectedHeader } = await jwtVerify(stdout.trim(), new TextEncoder().encode(secret), {
    issuer: varOf('JWT_ISSUER') as string,
    audience: varOf('JWT_AUDIENCE') as string,
    algorithms: ['HS256'],
  })
  expect(protectedHeader.alg).toBe('HS256')
  expect(payload).toMatchObject({ sub: 'alice', scope: 'drafts:read' })
  expect((payload.exp as number) - (payload.iat as number)).toBe(600)
})
