import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { KVNamespace } from '@cloudflare/workers-types/index.ts'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite } from '../../build/build.ts'
import { SCHEMA_VERSION } from '../../contract/index.ts'
import { inMemorySource, publishBuild } from '../../publish/publish.ts'
import { kvBindingTarget } from '../../publish/targets/kv-binding.ts'
import { bundleWorker } from '../../scripts/bundle-worker.ts'

// A deploy that changes the stored format: the next version's build is
// published into the same namespace while this version's worker still serves,
// then the next worker is deployed. Each worker must read only its own build.
// The "next version" is this very code with SCHEMA_VERSION + 1, copied to a
// temp folder and imported from there, so its build, publish and worker are
// real, and differ only in the version.
const NEXT = SCHEMA_VERSION + 1
let workDir: string
let nextRoot: string
let mf: Miniflare

async function copyAsNextVersion(root: string): Promise<void> {
  for (const folder of ['contract', 'search', 'lib', 'build', 'publish', 'worker']) await cp(folder, join(root, folder), { recursive: true })
  await cp('package.json', join(root, 'package.json'))
  await symlink(resolve('node_modules'), join(root, 'node_modules'))
  const versionFile = join(root, 'contract/version.ts')
  const text = await readFile(versionFile, 'utf8')
  await writeFile(versionFile, text.replace(`SCHEMA_VERSION = ${SCHEMA_VERSION}`, `SCHEMA_VERSION = ${NEXT}`))
}

/** A copy of the fixture site whose install page has another title, to tell the builds apart. */
async function contentTitled(title: string): Promise<string> {
  const dir = join(workDir, `content-${title.replace(/\W+/g, '-')}`)
  await cp('test/fixtures/site', dir, { recursive: true })
  const page = join(dir, 'docs/en/guides/install.md')
  await writeFile(page, (await readFile(page, 'utf8')).replace('title: Installing the service', `title: ${title}`))
  return dir
}

const worker = async (name: string, path: string) => {
  const fetcher = await mf.getWorker(name)
  const response = await fetcher.fetch(`https://docs.example${path}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'docs-versions-'))
  nextRoot = join(workDir, 'next')
  await copyAsNextVersion(nextRoot)
  const bindings = { JWT_SECRET: 'a-test-secret-of-at-least-32-bytes', JWT_ISSUER: 'docs-service', JWT_AUDIENCE: 'docs-preview', POINTER_TTL_SECONDS: '0' }
  const common = { modules: true, compatibilityDate: '2026-08-01', modulesRoot: workDir, kvNamespaces: { DOCS_KV: 'shared-namespace' }, bindings }
  mf = new Miniflare({
    workers: [
      { ...common, name: 'current', scriptPath: await bundleWorker('worker/index.ts', join(workDir, 'current.js')) },
      { ...common, name: 'next', scriptPath: await bundleWorker(join(nextRoot, 'worker/index.ts'), join(workDir, 'next.js')) },
    ],
  })
}, 60_000)

afterAll(async () => {
  await mf?.dispose()
  await rm(workDir, { recursive: true, force: true })
})

describe('two schema versions in one KV namespace', () => {
  it('serves each worker the build of its own format, before, during and after the switch', async () => {
    const kv = (await mf.getKVNamespace('DOCS_KV', 'current')) as unknown as KVNamespace
    const current = await buildSite({
      contentDir: await contentTitled('Installing, current format'),
      outDir: join(workDir, 'dist-current'),
      cacheDir: null,
      threads: 1,
      keepBlobs: true,
    })
    await publishBuild(kvBindingTarget(kv), inMemorySource(current))
    expect(await worker('current', '/v1/documents/guides/install')).toMatchObject({ status: 200, body: { title: 'Installing, current format' } })
    // The next worker is not deployed yet; had it been, it would find nothing of its format, not a build it cannot read.
    expect((await worker('next', '/v1/documents/guides/install')).status).toBe(503)

    const next = {
      build: (await import(join(nextRoot, 'build/build.ts'))) as typeof import('../../build/build.ts'),
      publish: (await import(join(nextRoot, 'publish/publish.ts'))) as typeof import('../../publish/publish.ts'),
      target: (await import(join(nextRoot, 'publish/targets/kv-binding.ts'))) as typeof import('../../publish/targets/kv-binding.ts'),
    }
    const nextBuild = await next.build.buildSite({
      contentDir: await contentTitled('Installing, next format'),
      outDir: join(workDir, 'dist-next'),
      cacheDir: null,
      threads: 1,
      keepBlobs: true,
    })
    expect(nextBuild.manifest.schemaVersion).toBe(NEXT)
    await next.publish.publishBuild(next.target.kvBindingTarget(kv), next.publish.inMemorySource(nextBuild))

    expect(await worker('current', '/v1/documents/guides/install')).toMatchObject({ status: 200, body: { title: 'Installing, current format' } })
    expect(await worker('next', '/v1/documents/guides/install')).toMatchObject({ status: 200, body: { title: 'Installing, next format' } })
    for (const name of ['current', 'next']) {
      const search = await (await mf.getWorker(name)).fetch('https://docs.example/v1/search', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: 'rollback' }),
      })
      expect(search.status, name).toBe(200)
      expect((await worker(name, '/v1/releases')).status, name).toBe(200)
    }
    const keys = (await kv.list({ prefix: 'pointer:' })).keys.map((key) => key.name).sort()
    // Sorted as strings on both sides: pointer:v10 comes before pointer:v9.
    expect(keys).toEqual([`pointer:v${SCHEMA_VERSION}`, `pointer:v${NEXT}`].sort())
  }, 60_000)
})
