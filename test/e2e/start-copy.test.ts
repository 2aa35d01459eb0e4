import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer } from './start-process.ts'

// What a new user has after a zip download, a template copy or `degit`: this
// repository's files without its git history, so the version content/site.yml
// reads from a git ref cannot be built.
const workDir = await mkdtemp(join(tmpdir(), 'docs-copy-'))
afterAll(() => rm(workDir, { recursive: true, force: true }))

describe('npm start in a copy of the repository without its git history', () => {
  it("serves this repository's docs, leaving out the version that lives in git with one warning that says how to get it", async () => {
    await promisify(execFile)('sh', ['-c', `git archive HEAD content | tar -x -C ${JSON.stringify(workDir)}`])
    const spawnedAt = Date.now()
    const server = await startServer({ CONTENT_DIR: join(workDir, 'content'), PERSIST_DIR: join(workDir, 'state') })
    const { origin } = server
    try {
      const deadline = Date.now() + 120_000
      while (!server.said().includes('first answer') && Date.now() < deadline && !server.exited()) await new Promise((resolve) => setTimeout(resolve, 50))
      const waited = Date.now() - spawnedAt
      const said = server.said()
      const home = await fetch(`${origin}/v1/documents/index`)
      expect(home.status, said).toBe(200)
      const versions = (await (await fetch(`${origin}/v1/versions`)).json()) as { versions: Array<{ name: string }> }
      expect(versions.versions.map((version) => version.name)).toEqual(['0.2'])
      expect(said).toMatch(/warning: .*content\/site\.yml:\d+: versions: "0\.1" is left out: its ref "\w+" is not in this copy's git history/)
      expect(said).toContain('git fetch --unshallow')
      // The time printed is what the user waited: from the process's start, its modules' import included.
      const printed = Number(/serving: first answer \(200\) (\d+) ms after start/.exec(said)?.[1])
      expect(printed).toBeLessThanOrEqual(waited)
      expect(printed).toBeGreaterThan(waited - 500)
    } finally {
      await server.stop()
    }
  }, 150_000)
})
