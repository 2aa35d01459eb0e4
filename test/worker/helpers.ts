import { env } from 'cloudflare:workers'
import { inject } from 'vitest'
import { kvBindingTarget } from '../../build/publish/target.ts'
import { publishBuild, type BuildSource } from '../../build/publish/publish.ts'
import app from '../../worker/index.ts'
import type { BuiltFixture } from './global-setup.ts'

export function fixtureBuild(): BuildSource & { fixture: BuiltFixture } {
  const fixture = inject('site')
  return {
    fixture,
    manifest: fixture.manifest,
    readBlob: async (hash) => {
      const blob = fixture.blobs[hash]
      if (blob === undefined) throw new Error(`fixture has no blob ${hash}`)
      return blob
    },
  }
}

/** Publishes the fixture build into the test's KV through the real publish code. */
export async function publishFixture() {
  return publishBuild(kvBindingTarget(env.DOCS_KV), fixtureBuild())
}

/** Sends a request through the real app, with the test's bindings (optionally overridden). */
export async function call(path: string, init?: RequestInit, overrides: Partial<Env> = {}): Promise<Response> {
  return app.request(`https://docs.example${path}`, init, { ...env, ...overrides })
}
