/**
 * What publishing needs of a key-value store. Runtime-neutral: the same code
 * publishes into a Workers KV binding (local wrangler state, or workerd in
 * tests) and into the Cloudflare API.
 */
export interface PublishTarget {
  get(key: string): Promise<string | null>
  /** Every key with this prefix. */
  list(prefix: string): Promise<string[]>
  putMany(entries: Array<{ key: string; value: string }>): Promise<void>
  deleteMany(keys: string[]): Promise<void>
}

/** The subset of a KV binding publishing uses; a real `KVNamespace` fits it. */
export interface KvBinding {
  get(key: string, type: 'text'): Promise<string | null>
  put(key: string, value: string): Promise<void>
  delete(key: string): Promise<void>
  list(options: { prefix: string; cursor?: string }): Promise<{ keys: Array<{ name: string }>; list_complete: boolean; cursor?: string }>
}

const PARALLEL_WRITES = 32

export function kvBindingTarget(kv: KvBinding): PublishTarget {
  return {
    get: (key) => kv.get(key, 'text'),
    async list(prefix) {
      const names: string[] = []
      let cursor: string | undefined
      for (;;) {
        const page = await kv.list(cursor ? { prefix, cursor } : { prefix })
        names.push(...page.keys.map((key) => key.name))
        if (page.list_complete || !page.cursor) return names
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

/** Retries a step with exponential backoff; KV writes fail transiently under load. */
export async function withRetries<T>(step: () => Promise<T>, attempts = 4, firstDelayMs = 200): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step()
    } catch (error) {
      if (attempt >= attempts) throw error
      await new Promise((resolve) => setTimeout(resolve, firstDelayMs * 2 ** (attempt - 1)))
    }
  }
}
