import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildSite } from '../../build/build.ts'
import { readEmitted } from '../../build/emit.ts'
import type { Manifest } from '../../worker/contract.ts'

export interface BuiltFixture {
  manifest: Manifest
  blobs: Record<string, string>
}

declare module 'vitest' {
  export interface ProvidedContext {
    site: BuiltFixture
  }
}

/** Runs the real build on the fixture site once; tests publish it into workerd's KV. */
export default async function setup(project: TestProject) {
  const outDir = await mkdtemp(join(tmpdir(), 'docs-worker-fixture-'))
  const result = await buildSite({ contentDir: 'test/fixtures/site', outDir, cacheDir: null })
  const blobs: Record<string, string> = {}
  const emitted = await readEmitted(outDir)
  for (const hash of result.manifest.blobs) blobs[hash] = await emitted.readBlob(hash)
  project.provide('site', { manifest: result.manifest, blobs })
  return () => rm(outDir, { recursive: true, force: true })
}
