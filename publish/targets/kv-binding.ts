import type { KVNamespace } from '@cloudflare/workers-types/index.ts'
import type { PublishTarget } from '../target.ts'

// A binding call is a round trip (to workerd through wrangler's proxy, locally): many in flight hide it.
const PARALLEL_WRITES = 256

/** A Workers KV binding (wrangler's platform proxy locally, workerd in tests) as a publish target. */
export function kvBindingTarget(kv: KVNamespace): PublishTarget {
  return {
    get: (key) => kv.get(key, 'text'),
    async list(prefix) {
      const names: string[] = []
      let cursor: string | undefined
      for (;;) {
        const page = await kv.list(cursor ? { prefix, cursor } : { prefix })
        names.push(...page.keys.map((key) => key.name))
        if (page.list_complete) return names
        cursor = page.cursor
      }
    },
    putMany: (entries) => inWaves(entries, ({ key, value }) => kv.put(key, value)),
    deleteMany: (keys) => inWaves(keys, (key) => kv.delete(key)),
  }
}

/** A binding has no bulk call: writes go out PARALLEL_WRITES at a time. */
async function inWaves<T>(items: T[], write: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += PARALLEL_WRITES) {
    await Promise.all(items.slice(start, start + PARALLEL_WRITES).map(write))
  }
}
