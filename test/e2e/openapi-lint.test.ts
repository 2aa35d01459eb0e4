import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { workerInMiniflare } from '../shared/worker-miniflare.ts'

const run = promisify(execFile)

// The OpenAPI document as the worker serves it from workerd, judged by a linter
// nobody here wrote: Redocly's recommended rules (redocly.yaml names each rule turned off).
let mf: Miniflare
let dir: string
let documentPath: string
let openapi: { servers: Array<{ url: string }>; paths: Record<string, Record<string, { operationId?: string; tags?: string[]; responses: Record<string, unknown> }>> }

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docs-openapi-'))
  mf = await workerInMiniflare(dir)
  const response = await mf.dispatchFetch('https://docs.acme.dev/v1/openapi.json')
  expect(response.status).toBe(200)
  openapi = (await response.json()) as typeof openapi
  documentPath = join(dir, 'openapi.json')
  await writeFile(documentPath, JSON.stringify(openapi, null, 2))
})

afterAll(async () => {
  await mf?.dispose()
  await rm(dir, { recursive: true, force: true })
})

describe('the OpenAPI document', () => {
  it('passes @redocly/cli lint with its recommended rules: no error, no warning', async () => {
    const { stdout } = await run(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', documentPath, '--config', 'redocly.yaml', '--format', 'json'], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string }> }
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
  }, 60_000)

  it('names every operation, tags it, and names the deployment that serves it as its server', () => {
    const operations = Object.values(openapi.paths).flatMap((methods) => Object.values(methods))
    expect(operations.length).toBeGreaterThanOrEqual(8)
    for (const operation of operations) {
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/)
      expect(operation.tags?.length).toBeGreaterThan(0)
      // A present but invalid token is a 401 on every path, and storage faults a 503.
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '503']))
    }
    expect(openapi.servers).toEqual([{ url: 'https://docs.acme.dev', description: 'This deployment' }])
  })
})

describe("the service's own API reference", () => {
  // content/ renders this file as its API reference (site.yml `openapi:`), so the reference comes from the
  // routes' own schemas. After changing a route: `npx vitest run test/e2e/openapi-lint.test.ts -u`.
  it('is the OpenAPI document the worker serves, as content/openapi/docs-service.json', async () => {
    await expect(`${JSON.stringify(openapi, null, 2)}\n`).toMatchFileSnapshot('../../content/openapi/docs-service.json')
  })
})
