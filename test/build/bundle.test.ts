import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import pkg from '../../package.json' with { type: 'json' }
import { QUIET_WRANGLER_ENV } from '../../scripts/wrangler-env.ts'
import { SERVICE_VERSION } from '../../worker/mcp/server-info.ts'

it('bundles the worker with wrangler and no Node built-in in the bundle', async () => {
  const outDir = await mkdtemp(join(tmpdir(), 'docs-bundle-'))
  try {
    await promisify(execFile)(process.execPath, ['node_modules/wrangler/bin/wrangler.js', 'deploy', '--dry-run', '--outdir', outDir], {
      env: { ...process.env, ...QUIET_WRANGLER_ENV },
    })
    const bundle = await readFile(join(outDir, 'index.js'), 'utf8')
    expect(bundle.length).toBeGreaterThan(10_000)
    expect(bundle).not.toMatch(/(?:from|import|require\()\s*["'](?:node:)?(?:fs|path|os|child_process|worker_threads|crypto|util)["']/)
    expect(bundle).not.toMatch(/["']node:[a-z_/]+["']/)
    expect(bundle, "package.json's dependency lists are not shipped").not.toContain('devDependencies')
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}, 60_000)

it("names the MCP server with package.json's version", () => {
  expect(SERVICE_VERSION).toBe(pkg.version)
})
