import app from '../worker/index.ts'
import { Store } from '../worker/store.ts'

// The real app behind a KV binding that counts reads, plus a few probe
// routes the benchmark times from outside (inside workerd the clock stands
// still while code runs, so timing happens across the request boundary).
const reads = new Map<string, number>()
let countingKv: KVNamespace | undefined

function counted(kv: KVNamespace): KVNamespace {
  countingKv ??= new Proxy(kv, {
    get(target, property) {
      if (property !== 'get') return Reflect.get(target, property, target)
      return (key: string, options?: unknown) => {
        const kind = key.startsWith('blob:') ? 'blob' : key.startsWith('manifest:') ? 'manifest' : key
        reads.set(kind, (reads.get(kind) ?? 0) + 1)
        return target.get(key, options as 'text')
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
    if (url.pathname === '/__bench/cold-index') {
      // What a fresh isolate does before its first search: read and check the
      // pointer, the manifest and the index, and decode the index. A new proxy
      // of the binding gets a store cache of its own, as a cold isolate would.
      const fresh = new Proxy(env.DOCS_KV, {
        get(target, property) {
          const value = Reflect.get(target, property, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      const store = new Store({ kv: fresh, pointerTtlMs: 0 })
      const index = await store.searchIndex(await store.manifest(), url.searchParams.get('locale') ?? 'en')
      return Response.json({ records: index.recordDoc.length })
    }
    return app.fetch(request, { ...env, DOCS_KV: counted(env.DOCS_KV) }, ctx)
  },
}
