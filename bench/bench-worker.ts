import app from '../worker/index.ts'
import { KV_KEYS, type Manifest, type PointerValue } from '../contract/index.ts'
import { loadSearchIndex } from '../search/codec.ts'

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
      // What a fresh isolate does before its first search: KV get, parse, loadJSON.
      const pointer = await env.DOCS_KV.get<PointerValue>(KV_KEYS.pointer, 'json')
      const manifest = pointer && (await env.DOCS_KV.get<Manifest>(KV_KEYS.manifest(pointer.buildId), 'json'))
      const hash = manifest?.search[url.searchParams.get('locale') ?? 'en']
      const text = hash && (await env.DOCS_KV.get(KV_KEYS.blob(hash), 'text'))
      if (!text) return new Response('no index', { status: 503 })
      return Response.json({ records: loadSearchIndex(text).recordDoc.length })
    }
    return app.fetch(request, { ...env, DOCS_KV: counted(env.DOCS_KV) }, ctx)
  },
}
