import type { KVNamespace } from '@cloudflare/workers-types/index.ts'
import { Miniflare } from 'miniflare'

/** A real Workers KV namespace in Miniflare, for publishing into; dispose it after the tests. */
export async function localKv(): Promise<{ kv: KVNamespace; dispose: () => Promise<void> }> {
  const mf = new Miniflare({ modules: true, script: 'export default { fetch: () => new Response(null) }', kvNamespaces: ['DOCS_KV'] })
  return { kv: (await mf.getKVNamespace('DOCS_KV')) as unknown as KVNamespace, dispose: () => mf.dispose() }
}
