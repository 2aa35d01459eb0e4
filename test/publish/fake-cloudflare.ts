import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cloudflareKvTarget, type CloudflareKvOptions } from '../../publish/targets/cloudflare.ts'

const ACCOUNT = 'test-account'
const NAMESPACE = 'test-namespace'
export const TOKEN = 'test-token'

// Cloudflare's documented limits of the bulk endpoints, written out here rather than taken from
// publish/batches.ts, so that a wrong constant there meets Cloudflare's refusal and not itself.
export const CLOUDFLARE_BULK = { pairs: 10_000, bodyBytes: 100_000_000, keyBytes: 512, valueBytes: 25 * 1024 * 1024 }

export interface Fault {
  status: number
  headers?: Record<string, string>
  /** How many requests in a row get this answer. */
  times: number
  /** Only requests of this route ('values', 'keys', 'bulk', 'bulk/delete') get it; any request when absent. */
  route?: string
  /** Requests of the route let through before the fault begins. */
  after?: number
}

export interface Recorded {
  method: string
  route: string
  authorization: string | undefined
  status: number
  /** The keys a bulk request carried, or the one a value read asked for. */
  keys: string[]
  /** The size of the request body. */
  bytes: number
  /** The `prefix` a key listing asked for. */
  prefix: string | null
}

function routeOf(method: string | undefined, rest: string): string {
  if (method === 'GET' && rest.startsWith('values/')) return 'values'
  if (method === 'GET' && rest === 'keys') return 'keys'
  if (method === 'PUT' && rest === 'bulk') return 'bulk'
  if (method === 'POST' && rest === 'bulk/delete') return 'bulk/delete'
  return ''
}

/**
 * The part of the Cloudflare v4 API that the SDK calls for KV values, keys and
 * bulk writes and deletes, over a real map, in Cloudflare's envelope, refusing
 * what Cloudflare refuses. `latencyMs` delays every answer, as the network would;
 * `keysPerPage` is fewer than Cloudflare's minimum of 10 by default, so that a
 * handful of keys already spans pages.
 */
export async function startFakeCloudflare({ latencyMs = 0, keysPerPage = 2 } = {}) {
  // Values as stored bytes: a bulk write sends text, or base64 that the API decodes.
  const kv = new Map<string, Buffer>()
  const text = (key: string) => kv.get(key)?.toString('utf8')
  const requests: Recorded[] = []
  const faults: Fault[] = []
  /** Keys a bulk write reports as unsuccessful instead of storing. */
  const refused = new Set<string>()
  let appliedWrites = 0

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body))
    return status
  }
  const ok = (response: ServerResponse, result: unknown, resultInfo?: unknown) =>
    send(response, 200, { success: true, errors: [], messages: [], result, ...(resultInfo ? { result_info: resultInfo } : {}) })
  const fail = (response: ServerResponse, status: number, code: number, message: string, headers?: Record<string, string>) =>
    send(response, status, { success: false, errors: [{ code, message }], messages: [], result: null }, headers)
  const faultFor = (route: string): Fault | undefined => {
    const fault = faults.find((candidate) => candidate.route === undefined || candidate.route === route)
    if (!fault || (fault.after ?? 0) === 0) return fault
    fault.after = (fault.after as number) - 1
    return undefined
  }

  // A bulk write over a limit is refused whole, as Cloudflare does: nothing of it is stored.
  const refusal = (pairs: Array<{ key: string; value: string; base64?: boolean }>, bytes: number): [number, number, string] | null => {
    if (bytes > CLOUDFLARE_BULK.bodyBytes) return [413, 10_005, `request body of ${bytes} bytes is over the limit of ${CLOUDFLARE_BULK.bodyBytes}`]
    if (pairs.length > CLOUDFLARE_BULK.pairs) return [400, 10_026, `${pairs.length} pairs is over the limit of ${CLOUDFLARE_BULK.pairs}`]
    for (const { key, value, base64 } of pairs) {
      if (Buffer.byteLength(key) > CLOUDFLARE_BULK.keyBytes) return [400, 10_034, `key of ${Buffer.byteLength(key)} bytes is over the limit of ${CLOUDFLARE_BULK.keyBytes}`]
      const size = base64 ? Buffer.from(value, 'base64').byteLength : Buffer.byteLength(value)
      if (size > CLOUDFLARE_BULK.valueBytes) return [413, 10_033, `value of ${key} is ${size} bytes, over the limit of ${CLOUDFLARE_BULK.valueBytes}`]
    }
    return null
  }

  const answer = async (request: IncomingMessage, response: ServerResponse, record: Recorded): Promise<number> => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks)
    record.bytes = raw.byteLength
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs))

    const url = new URL(request.url ?? '/', 'http://localhost')
    const match = /^\/client\/v4\/accounts\/([^/]+)\/storage\/kv\/namespaces\/([^/]+)\/(.+)$/.exec(url.pathname)
    const rest = match?.[3] ?? ''
    record.route = routeOf(request.method, rest)
    const fault = faultFor(record.route)
    if (fault) {
      if (--fault.times === 0) faults.splice(faults.indexOf(fault), 1)
      return fail(response, fault.status, 10_000 + fault.status, `injected ${fault.status}`, fault.headers)
    }
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return fail(response, 401, 10_000, 'Authentication error')
    if (!match || match[1] !== ACCOUNT || match[2] !== NAMESPACE) return fail(response, 404, 7003, `Could not route to ${url.pathname}`)

    if (record.route === 'values') {
      record.keys = [decodeURIComponent(rest.slice('values/'.length))]
      const value = kv.get(record.keys[0] as string)
      if (value === undefined) return fail(response, 404, 10009, "get: 'key not found'")
      response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(value)
      return 200
    }
    if (record.route === 'keys') {
      const prefix = url.searchParams.get('prefix') ?? ''
      record.prefix = prefix
      const after = url.searchParams.get('cursor') ?? ''
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 1000), keysPerPage)
      const names = [...kv.keys()].filter((name) => name.startsWith(prefix) && name > after).sort()
      const page = names.slice(0, limit)
      const cursor = names.length > limit ? (page.at(-1) as string) : ''
      return ok(
        response,
        page.map((name) => ({ name })),
        { count: page.length, cursor },
      )
    }
    if (record.route === 'bulk') {
      const pairs = JSON.parse(raw.toString('utf8')) as Array<{ key: string; value: string; base64?: boolean }>
      record.keys = pairs.map((pair) => pair.key)
      const refusedWhole = refusal(pairs, raw.byteLength)
      if (refusedWhole) return fail(response, ...refusedWhole)
      const unsuccessful = pairs.filter((pair) => refused.has(pair.key)).map((pair) => pair.key)
      for (const pair of pairs) if (!refused.has(pair.key)) kv.set(pair.key, Buffer.from(pair.value, pair.base64 ? 'base64' : 'utf8'))
      appliedWrites++
      return ok(response, { successful_key_count: pairs.length - unsuccessful.length, unsuccessful_keys: unsuccessful })
    }
    if (record.route === 'bulk/delete') {
      const keys = JSON.parse(raw.toString('utf8')) as string[]
      record.keys = keys
      if (keys.length > CLOUDFLARE_BULK.pairs) return fail(response, 400, 10_026, `${keys.length} keys is over the limit of ${CLOUDFLARE_BULK.pairs}`)
      for (const key of keys) kv.delete(key)
      return ok(response, { successful_key_count: keys.length, unsuccessful_keys: [] })
    }
    return fail(response, 404, 7003, `No route for ${request.method} ${url.pathname}`)
  }

  const server = createServer((request, response) => {
    const record: Recorded = { method: request.method ?? '', route: '', authorization: request.headers.authorization, status: 0, keys: [], bytes: 0, prefix: null }
    requests.push(record)
    answer(request, response, record).then(
      (status) => (record.status = status),
      (error: unknown) => {
        record.status = 500
        response.writeHead(500).end(String(error))
      },
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const baseURL = `http://127.0.0.1:${port}/client/v4`
  return {
    kv,
    text,
    requests,
    faults,
    refused,
    baseURL,
    /** Where a bulk write goes, for requests the SDK would not send. */
    bulkUrl: `${baseURL}/accounts/${ACCOUNT}/storage/kv/namespaces/${NAMESPACE}/bulk`,
    appliedWrites: () => appliedWrites,
    target: (options: Partial<CloudflareKvOptions> = {}) => cloudflareKvTarget({ accountId: ACCOUNT, namespaceId: NAMESPACE, apiToken: TOKEN, baseURL, ...options }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeCloudflare = Awaited<ReturnType<typeof startFakeCloudflare>>
