import { existsSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { KVNamespace } from '@cloudflare/workers-types/index.ts'
import { Log, LogLevel, Miniflare } from 'miniflare'
import { KV_BINDING } from '../contract/index.ts'
import { kvDatabasePath } from '../publish/targets/kv-files.ts'
import { stop as stopEsbuild } from 'esbuild'
import { bundleWorker } from './bundle-worker.ts'
import type { LocalWorkerConfig } from './worker-config.ts'

/** Where local KV keeps a namespace: wrangler's state folder, so `wrangler dev` reads the same store. */
export interface LocalKvPlace {
  kvDir: string
  namespaceId: string
}

export interface LocalWorker {
  /** The worker's DOCS_KV binding, for writes while it serves. */
  kv: KVNamespace
  close(): Promise<void>
}

export function localKvPlace(config: LocalWorkerConfig, persistRoot: string): LocalKvPlace {
  return { kvDir: join(persistRoot, 'v3', 'kv'), namespaceId: config.namespaceId }
}

/** Has Miniflare create the namespace's store the first time, so its files are Miniflare's own. */
export async function createLocalKv(place: LocalKvPlace): Promise<void> {
  if (existsSync(kvDatabasePath(place.kvDir, place.namespaceId))) return
  const miniflare = new Miniflare({
    modules: true,
    script: 'export default {}',
    compatibilityDate: '2026-08-01',
    kvNamespaces: { KV: place.namespaceId },
    kvPersist: place.kvDir,
    cf: false,
  })
  try {
    await (await miniflare.getKVNamespace('KV')).list()
  } finally {
    await miniflare.dispose()
  }
}

/** A folder holding worker/index.ts bundled as `worker.js`, for startLocalWorker; the caller removes it when done. */
export async function bundleLocalWorker(): Promise<string> {
  const bundleDir = await mkdtemp(join(tmpdir(), 'docs-worker-'))
  await bundleWorker('worker/index.ts', join(bundleDir, 'worker.js'))
  // esbuild's service process would otherwise idle beside the server (80 MB) until it stops.
  await stopEsbuild()
  return bundleDir
}

/**
 * The worker in one workerd, as `wrangler dev` would run it (the same
 * bundle conditions, bindings and local KV), inside this process: publishing
 * and serving share the one store without a second runtime or wrangler's
 * proxy. `vars` (.dev.vars' secrets, the preview's variables) override wrangler.toml's.
 */
export async function startLocalWorker(options: {
  bundleDir: string
  config: LocalWorkerConfig
  place: LocalKvPlace
  port: number
  vars: Record<string, string>
}): Promise<LocalWorker> {
  const { config, bundleDir } = options
  const miniflare = new Miniflare({
    name: 'docs-service',
    compatibilityDate: config.compatibilityDate,
    compatibilityFlags: config.compatibilityFlags,
    kvNamespaces: { [KV_BINDING]: config.namespaceId },
    modules: true,
    scriptPath: join(bundleDir, 'worker.js'),
    // Module names are paths under this root; wrangler.toml's root (the repository) does not hold the bundle.
    modulesRoot: bundleDir,
    bindings: { ...config.vars, ...options.vars },
    kvPersist: options.place.kvDir,
    host: '127.0.0.1',
    port: options.port,
    // No download of the `Request.cf` object, which fails offline.
    cf: false,
    log: new Log(LogLevel.WARN),
  })
  try {
    await miniflare.ready
    const kv = (await miniflare.getKVNamespace(KV_BINDING)) as unknown as KVNamespace
    return {
      kv,
      close: () => miniflare.dispose(),
    }
  } catch (error) {
    await miniflare.dispose()
    throw error
  }
}
