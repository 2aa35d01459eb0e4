import { randomBytes } from 'node:crypto'
import { link, readFile, unlink, writeFile } from 'node:fs/promises'
import { parseEnv } from 'node:util'

const DEV_VARS_FILE = '.dev.vars'

/** Reads `.dev.vars` (wrangler's local secrets), creating it with a random JWT_SECRET when missing. */
export async function ensureDevVars(path = DEV_VARS_FILE): Promise<Record<string, string | undefined>> {
  const existing = await readFile(path, 'utf8').catch(() => null)
  if (existing !== null) return parseEnv(existing)
  const secret = randomBytes(32).toString('base64url')
  const draft = `${path}.${process.pid}.tmp`
  await writeFile(draft, `# Local secrets for wrangler dev; git-ignored. Made by npm start.\nJWT_SECRET=${secret}\n`, { mode: 0o600 })
  try {
    // link() creates the file whole or fails if it exists: when two commands race, both use the winner's secret.
    await link(draft, path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return parseEnv(await readFile(path, 'utf8'))
  } finally {
    await unlink(draft)
  }
  return { JWT_SECRET: secret }
}
