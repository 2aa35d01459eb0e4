import { readFile } from 'node:fs/promises'
import { parse } from 'smol-toml'
import { KV_BINDING } from '../contract/index.ts'

/** What npm start's local worker takes from wrangler.toml. */
export interface LocalWorkerConfig {
  compatibilityDate: string
  compatibilityFlags: string[]
  vars: Record<string, string>
  /** The id of the namespace bound as DOCS_KV, which names its local store. */
  namespaceId: string
}

// What a local run of this worker reads from wrangler.toml, and the keys that change
// nothing locally. Anything else (another binding kind) is refused by name rather than
// left out of the local worker without a word.
const READ = ['compatibility_date', 'compatibility_flags', 'vars', 'kv_namespaces']
const IGNORED = ['name', 'main', 'send_metrics', 'minify', 'workers_dev', 'routes', 'route', 'observability', 'upload_source_maps', 'keep_vars']

/**
 * wrangler.toml read with a TOML parser: wrangler's own config loader would do
 * it too, but importing wrangler costs about 200 MB of memory and seconds of
 * start-up, for four keys.
 */
export async function readLocalWorkerConfig(path = 'wrangler.toml'): Promise<LocalWorkerConfig> {
  const toml = parse(await readFile(path, 'utf8')) as Record<string, unknown>
  const unknown = Object.keys(toml).filter((key) => !READ.includes(key) && !IGNORED.includes(key))
  if (unknown.length > 0) throw new Error(`${path} has ${unknown.join(', ')}, which npm start's local worker does not set up (scripts/worker-config.ts)`)
  const date = toml.compatibility_date
  if (typeof date !== 'string') throw new Error(`${path} has no compatibility_date`)
  const namespaces = (toml.kv_namespaces ?? []) as Array<{ binding?: unknown; id?: unknown }>
  const namespace = namespaces.find((entry) => entry.binding === KV_BINDING)
  if (typeof namespace?.id !== 'string') throw new Error(`${path} has no kv_namespaces entry for ${KV_BINDING}`)
  const vars = Object.fromEntries(
    Object.entries((toml.vars ?? {}) as Record<string, unknown>).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
  )
  return { compatibilityDate: date, compatibilityFlags: (toml.compatibility_flags ?? []) as string[], vars, namespaceId: namespace.id }
}
