import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { parseEnv } from 'node:util'

export const DEV_VARS_FILE = '.dev.vars'

/** Reads `.dev.vars` (wrangler's local secrets), creating it with a random JWT_SECRET when missing. */
export async function ensureDevVars(path = DEV_VARS_FILE): Promise<Record<string, string | undefined>> {
  const existing = await readFile(path, 'utf8').catch(() => null)
  if (existing !== null) return parseEnv(existing)
  const secret = randomBytes(32).toString('base64url')
  await writeFile(path, `# Local secrets for wrangler dev; git-ignored. Made by npm start.\nJWT_SECRET=${secret}\n`, { mode: 0o600 })
  return { JWT_SECRET: secret }
}
