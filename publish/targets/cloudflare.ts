import Cloudflare, { NotFoundError } from 'cloudflare'
import type { PublishTarget } from '../target.ts'

export interface CloudflareKvOptions {
  accountId: string
  namespaceId: string
  apiToken: string
  baseURL?: string
  /** Retries of 408, 409, 429 and 5xx answers and dropped connections, by the SDK. */
  maxRetries?: number
}

// The bulk endpoints take up to 10,000 pairs and 100 MB per request; 90 MiB stays under that however MB is counted.
const BULK_ITEMS = 10_000
const BULK_BYTES = 90 * 1024 * 1024

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
    async putMany(entries) {
      // The bulk endpoint takes JSON strings: bytes go as base64, which the API decodes before storing.
      const body = entries.map(({ key, value }) => (typeof value === 'string' ? { key, value } : { key, value: Buffer.from(value).toString('base64'), base64: true }))
      for (const batch of inBatches(body)) settled('bulk write', await client.kv.namespaces.bulkUpdate(namespaceId, { ...account, body: batch }))
    },
    async deleteMany(keys) {
      for (const body of inBatches(keys)) settled('bulk delete', await client.kv.namespaces.bulkDelete(namespaceId, { ...account, body }))
    },
  }
}

/** Splits by the size each item adds to the JSON body, so escaping and multi-byte text count. */
function* inBatches<T>(items: T[]): Generator<T[]> {
  let batch: T[] = []
  let bytes = 0
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1
    if (batch.length === BULK_ITEMS || (batch.length > 0 && bytes + size > BULK_BYTES)) {
      yield batch
      batch = []
      bytes = 0
    }
    batch.push(item)
    bytes += size
  }
  if (batch.length > 0) yield batch
}
