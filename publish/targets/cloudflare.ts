import type { PublishTarget } from '../target.ts'

export interface CloudflareKvOptions {
  accountId: string
  namespaceId: string
  apiToken: string
  fetch?: typeof fetch
}

const API = 'https://api.cloudflare.com/client/v4'
// The bulk endpoint takes up to 10,000 pairs and 100 MB per request.
const BULK_PAIRS = 10_000
const BULK_BYTES = 90 * 1024 * 1024

/** Publishing into a production KV namespace through the Cloudflare REST API. */
export function cloudflareKvTarget(options: CloudflareKvOptions): PublishTarget {
  const call = options.fetch ?? fetch
  const base = `${API}/accounts/${options.accountId}/storage/kv/namespaces/${options.namespaceId}`
  const request = async (path: string, init: RequestInit = {}) => {
    const response = await call(`${base}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${options.apiToken}`, 'Content-Type': 'application/json', ...init.headers },
    })
    if (!response.ok && response.status !== 404) {
      throw new Error(`Cloudflare API ${init.method ?? 'GET'} ${path.split('?')[0]}: ${response.status} ${await response.text()}`)
    }
    return response
  }
  const inBatches = async <T>(items: T[], size: (item: T) => number, send: (batch: T[]) => Promise<unknown>) => {
    let batch: T[] = []
    let bytes = 0
    for (const item of items) {
      if (batch.length === BULK_PAIRS || bytes + size(item) > BULK_BYTES) {
        await send(batch)
        batch = []
        bytes = 0
      }
      batch.push(item)
      bytes += size(item)
    }
    if (batch.length > 0) await send(batch)
  }
  return {
    async get(key) {
      const response = await request(`/values/${encodeURIComponent(key)}`)
      return response.status === 404 ? null : response.text()
    },
    async list(prefix) {
      const names: string[] = []
      let cursor = ''
      do {
        const response = await request(`/keys?limit=1000&prefix=${encodeURIComponent(prefix)}${cursor ? `&cursor=${cursor}` : ''}`)
        const page = (await response.json()) as { result: Array<{ name: string }>; result_info?: { cursor?: string } }
        names.push(...page.result.map((key) => key.name))
        cursor = page.result_info?.cursor ?? ''
      } while (cursor)
      return names
    },
    async putMany(entries) {
      await inBatches(entries, (entry) => entry.key.length + entry.value.length, (batch) => request('/bulk', { method: 'PUT', body: JSON.stringify(batch) }))
    },
    async deleteMany(keys) {
      await inBatches(keys, (key) => key.length, (batch) => request('/bulk/delete', { method: 'POST', body: JSON.stringify(batch) }))
    },
  }
}
