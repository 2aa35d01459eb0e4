import Cloudflare, { NotFoundError } from 'cloudflare'
import { BULK_LIMITS, bulkPair, inBatches, jsonBytes, pairBytes } from '../batches.ts'
import type { PublishTarget } from '../target.ts'

export interface CloudflareKvOptions {
  accountId: string
  namespaceId: string
  apiToken: string
  baseURL?: string
  /** Retries of 408, 409, 429 and 5xx answers and dropped connections, by the SDK. */
  maxRetries?: number
}

/** Publishing into a production KV namespace through the Cloudflare API. */
export function cloudflareKvTarget(options: CloudflareKvOptions): PublishTarget {
  const client = new Cloudflare({
    apiToken: options.apiToken,
    // Otherwise the SDK also sends CLOUDFLARE_API_KEY / CLOUDFLARE_EMAIL from the environment.
    apiKey: null,
    apiEmail: null,
    userServiceKey: null,
    baseURL: options.baseURL,
    maxRetries: options.maxRetries ?? 4,
    // A bulk body near 90 MB outlasts the default minute on a slow uplink.
    timeout: 5 * 60_000,
  })
  const { namespaceId } = options
  const account = { account_id: options.accountId }
  const settled = (operation: string, result: { unsuccessful_keys?: string[] } | null) => {
    const failed = result?.unsuccessful_keys ?? []
    // A 200 can still leave keys unwritten; failing lets the caller run the whole batch again.
    if (failed.length > 0) throw new Error(`Cloudflare KV ${operation} left ${failed.length} keys undone: ${failed.slice(0, 5).join(', ')}`)
  }
  return {
    async get(key) {
      try {
        return await (await client.kv.namespaces.values.get(key, { ...account, namespace_id: namespaceId })).text()
      } catch (error) {
        if (error instanceof NotFoundError) return null
        throw error
      }
    },
    async list(prefix) {
      const names: string[] = []
      for await (const key of client.kv.namespaces.keys.list(namespaceId, { ...account, prefix, limit: 1000 })) names.push(key.name)
      return names
    },
    // publishBuild hands over batches already packed to these limits (one request each); other callers' are split here.
    async putMany(entries) {
      for (const batch of inBatches(entries, BULK_LIMITS, pairBytes))
        settled('bulk write', await client.kv.namespaces.bulkUpdate(namespaceId, { ...account, body: batch.map(bulkPair) }))
    },
    async deleteMany(keys) {
      for (const body of inBatches(keys, BULK_LIMITS, jsonBytes)) settled('bulk delete', await client.kv.namespaces.bulkDelete(namespaceId, { ...account, body }))
    },
  }
}
