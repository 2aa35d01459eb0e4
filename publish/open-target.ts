import { getPlatformProxy, unstable_readConfig } from 'wrangler'
import { cloudflareKvTarget } from './targets/cloudflare.ts'
import type { KVNamespace } from '@cloudflare/workers-types/index.ts'
import type { PublishTarget } from './target.ts'
import { kvBindingTarget } from './targets/kv-binding.ts'
import { KV_BINDING } from '../contract/index.ts'

export interface OpenTarget {
  target: PublishTarget
  where: string
  close: () => Promise<void>
}

/**
 * Local: the KV that `wrangler dev` reads (`.wrangler/state`), through
 * wrangler's platform proxy, with no account or network. Remote: the
 * namespace in wrangler.toml, through the Cloudflare API.
 */
export async function openTarget(kind: 'local' | 'remote', configPath = 'wrangler.toml', persistDir?: string): Promise<OpenTarget> {
  if (kind === 'local') {
    const persist = persistDir ? { path: persistDir } : true
    const proxy = await getPlatformProxy<{ DOCS_KV: KVNamespace }>({ configPath, persist })
    return { target: kvBindingTarget(proxy.env.DOCS_KV), where: 'local KV', close: () => proxy.dispose() }
  }
  const apiToken = process.env.CLOUDFLARE_API_TOKEN
  const accountId = process.env.CLOUDFLARE_ACCOUNT_ID
  if (!apiToken || !accountId) throw new Error('--remote needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID')
  const namespace = unstable_readConfig({ config: configPath }).kv_namespaces.find((binding: { binding: string; id?: string }) => binding.binding === KV_BINDING)
  if (!namespace?.id) throw new Error(`wrangler.toml has no kv_namespaces entry for ${KV_BINDING}`)
  return { target: cloudflareKvTarget({ accountId, namespaceId: namespace.id, apiToken }), where: `KV namespace ${namespace.id}`, close: async () => {} }
}
