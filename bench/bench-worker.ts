import app from '../worker/index.ts'
import { defaultVersionOf } from '../contract/index.ts'
import { Store } from '../worker/store.ts'

// The real app behind a KV binding that counts reads, plus a few probe
// routes the benchmark times from outside (inside workerd the clock stands
// still while code runs, so timing happens across the request boundary).
const reads = new Map<string, number>()
// Every read of this isolate, in order, with the size of what came back:
// what a cold isolate reads before its first answer, whatever the keys are.
const readLog: Array<{ key: string; bytes: number }> = []
let countingKv: KVNamespace | undefined

const sizeOf = (value: unknown): number => {
  if (value === null || value === undefined) return 0
  if (typeof value === 'string') return new TextEncoder().encode(value).byteLength
  if (value instanceof ArrayBuffer) return value.byteLength
  return new TextEncoder().encode(JSON.stringify(value)).byteLength
}

function counted(kv: KVNamespace): KVNamespace {
  countingKv ??= new Proxy(kv, {
    get(target, property) {
      if (property !== 'get' && property !== 'getWithMetadata') return Reflect.get(target, property, target)
      return async (keys: string | string[], options?: unknown) => {
        for (const key of Array.isArray(keys) ? keys : [keys]) {
          const kind = key.startsWith('blob:') ? 'blob' : key.startsWith('manifest:') ? 'manifest' : key
          reads.set(kind, (reads.get(kind) ?? 0) + 1)
        }
        // One key, or several at once (then a Map of key to value).
        const call = property === 'get' ? target.get : target.getWithMetadata
        const result: unknown = await Reflect.apply(call, target, [keys, options])
        const storedValue = (value: unknown) => (property === 'getWithMetadata' ? (value as { value: unknown } | null)?.value : value)
        if (result instanceof Map) for (const [key, value] of result) readLog.push({ key: String(key), bytes: sizeOf(storedValue(value)) })
        else readLog.push({ key: String(keys), bytes: sizeOf(storedValue(result)) })
        return result
      }
    },
  })
  return countingKv
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url)
    if (url.pathname === '/__bench/noop') return new Response('ok')
    if (url.pathname === '/__bench/reads') {
      const snapshot = Object.fromEntries(reads)
      reads.clear()
      return Response.json(snapshot)
    }
    if (url.pathname === '/__bench/read-log') return Response.json(readLog.splice(0))
    if (url.pathname === '/__bench/put-many' && request.method === 'POST') {
      // Publishing's writes, a batch per request, straight to the binding (not counted as reads), 256 at a time:
      // a batch of 10,000 put all at once took twice as long in workerd. Pairs come as the bulk API takes them: files in base64.
      const entries = (await request.json()) as Array<{ key: string; value: string; base64?: true }>
      const stored = ({ value, base64 }: (typeof entries)[number]) => (base64 ? Uint8Array.from(atob(value), (char) => char.charCodeAt(0)) : value)
      for (let start = 0; start < entries.length; start += 256) await Promise.all(entries.slice(start, start + 256).map((entry) => env.DOCS_KV.put(entry.key, stored(entry))))
      return new Response(null, { status: 204 })
    }
    if (url.pathname === '/__bench/cold-index') {
      // What a fresh isolate does before its first search: read and check the
      // pointer, the manifest, the version's tables and the index's head with
      // its record lengths, and decode them (shards come with queries). A new proxy
      // of the binding gets a store cache of its own, as a cold isolate would.
      const fresh = new Proxy(env.DOCS_KV, {
        get(target, property) {
          const value = Reflect.get(target, property, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      const store = new Store({ kv: fresh, pointerTtlMs: 0 })
      const manifest = await store.manifest()
      const docs = await store.docsVersion(manifest, defaultVersionOf(manifest))
      const engine = await store.searchIndex(manifest, docs, url.searchParams.get('locale') ?? 'en')
      await engine.recordLengths()
      return Response.json({ locale: engine.locale })
    }
    return app.fetch(request, { ...env, DOCS_KV: counted(env.DOCS_KV) }, ctx)
  },
}
