/**
 * What publishing needs of a key-value store. The same publishing code writes
 * into a Workers KV binding (wrangler's local state, or workerd in tests) and
 * into a production namespace through the Cloudflare API.
 */
export interface PublishTarget {
  get(key: string): Promise<string | null>
  /** Every key with this prefix. */
  list(prefix: string): Promise<string[]>
  putMany(entries: Array<{ key: string; value: string }>): Promise<void>
  deleteMany(keys: string[]): Promise<void>
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
