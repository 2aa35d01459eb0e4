import { join } from 'node:path'
import { Miniflare } from 'miniflare'
import { bundleWorker } from '../../scripts/bundle-worker.ts'

/** The JWT settings the Node-side suites give the worker (a secret of at least 32 bytes, as config checks). */
export const TEST_JWT = { JWT_SECRET: 'a-test-secret-of-at-least-32-bytes!!', JWT_ISSUER: 'docs-service', JWT_AUDIENCE: 'docs-preview' }

/**
 * The worker as wrangler bundles it, in workerd through Miniflare, with an
 * empty `DOCS_KV`; `extra` adds bindings and serving options (host, port).
 * The bundle is written into `workDir`; dispose the Miniflare after the tests.
 */
export async function workerInMiniflare(workDir: string, extra: { bindings?: Record<string, string>; host?: string; port?: number } = {}): Promise<Miniflare> {
  return new Miniflare({
    modules: true,
    compatibilityDate: '2026-08-01',
    modulesRoot: workDir,
    scriptPath: await bundleWorker('worker/index.ts', join(workDir, 'worker.js')),
    kvNamespaces: ['DOCS_KV'],
    ...extra,
    bindings: { ...TEST_JWT, ...extra.bindings },
  })
}
