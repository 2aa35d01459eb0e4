import type { Miniflare } from 'miniflare'
import * as contract from '../contract/index.ts'
import { median } from './stats.ts'

/** One value a cold isolate read before its first answer. */
interface ColdRead {
  key: string
  /** The contract schema the value matches (`DocumentBlob`, `Manifest`, …), else the key's prefix. */
  kind: string
  bytes: number
  /** Hash (content-hash keys) + UTF-8 decode + JSON.parse + schema check, in Node, median of many. */
  checkMs: number
}

/** A request a cold isolate answers first: a path, and for a POST its JSON body. */
export interface ColdRequest {
  path: string
  body?: unknown
}

interface ColdProbe {
  path: string
  status: number
  /** Wall time of the first request of a fresh workerd isolate, minus that of a fresh isolate's no-op request. */
  firstAnswerMs: number
  reads: ColdRead[]
}

export interface ColdIsolateFigures {
  probes: ColdProbe[]
  /** Medians over the probes. */
  readCount: number
  bytes: number
  checkMs: number
  firstAnswerMs: number
  /** The probe that read the most, and the slowest first answer. */
  mostBytes: number
  slowestAnswerMs: number
  /** Per kind, medians over the probes: reads, bytes, check time. */
  kinds: Record<string, { count: number; bytes: number; checkMs: number }>
}

interface Schema {
  safeParse(value: unknown): { success: boolean }
}

// Every stored-value schema the contract exports (not the API's response shapes, which a
// stored document also matches); a value read is named after the one it matches, so the
// figure follows the storage layout without knowing it.
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && typeof (value as Partial<Schema>).safeParse === 'function'
const SCHEMAS: Array<[string, Schema]> = Object.entries(contract).flatMap(
  ([name, value]): Array<[string, Schema]> => (name.endsWith('Schema') && !name.endsWith('ResponseSchema') && isSchema(value) ? [[name.slice(0, -'Schema'.length), value]] : []),
)

const decoder = new TextDecoder('utf-8', { fatal: true })

/** What the worker's store does to a value before it uses it: hash a content-hash key's bytes, decode, parse, check. */
async function checkValue(key: string, bytes: ArrayBuffer, schema: Schema | undefined): Promise<unknown> {
  if (key.startsWith(contract.BLOB_KEY_PREFIX) && (await contract.blobHash(bytes)) !== key.slice(contract.BLOB_KEY_PREFIX.length)) {
    throw new Error(`${key}: bytes do not match the key`)
  }
  const value: unknown = JSON.parse(decoder.decode(bytes))
  return schema ? schema.safeParse(value) : value
}

/** Median time of `work`, repeated for about `budgetMs` (at least 15, at most 200 times: the first few run before V8 has optimised the parser). */
async function medianTime(work: () => Promise<unknown>, budgetMs = 300): Promise<number> {
  const times: number[] = []
  const started = performance.now()
  while (times.length < 15 || (times.length < 200 && performance.now() - started < budgetMs)) {
    const start = performance.now()
    await work()
    times.push(performance.now() - start)
  }
  return median(times)
}

/**
 * What a fresh isolate reads before its first answer. Each probe restarts
 * workerd (`restart`: a new isolate, nothing cached, KV kept), makes one
 * request (a document, a search), and collects the keys read with their sizes
 * from bench-worker's read log; then Node times the checks of exactly those values.
 */
export async function measureColdIsolate(mf: Miniflare, restart: () => Promise<void>, requests: ColdRequest[]): Promise<ColdIsolateFigures> {
  const values = new Map<string, { bytes: ArrayBuffer; kind: string; checkMs: number }>()
  const measuredValue = async (key: string) => {
    const known = values.get(key)
    if (known) return known
    // A restart poisons the previous binding's stub: ask for it again.
    const kv = await mf.getKVNamespace('DOCS_KV')
    const bytes = (await kv.get(key, 'arrayBuffer')) as ArrayBuffer | null
    if (bytes === null) throw new Error(`cold isolate read ${key}, which KV no longer holds`)
    const parsed: unknown = JSON.parse(decoder.decode(bytes))
    const matches = SCHEMAS.filter(([, schema]) => schema.safeParse(parsed).success)
    const kind = matches.length > 0 ? matches.map(([name]) => name).join(' | ') : `${key.split(':')[0]}: (no schema)`
    const checkMs = await medianTime(() => checkValue(key, bytes, matches[0]?.[1]))
    const value = { bytes, kind, checkMs }
    values.set(key, value)
    return value
  }
  const firstRequest = async ({ path, body }: ColdRequest) => {
    await restart()
    const started = performance.now()
    const init = body === undefined ? undefined : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
    const response = await mf.dispatchFetch(`http://bench${path}`, init)
    await response.arrayBuffer()
    return { ms: performance.now() - started, status: response.status }
  }

  const probes: ColdProbe[] = []
  for (const request of requests) {
    const noop = await firstRequest({ path: '/__bench/noop' })
    const answer = await firstRequest(request)
    const log = (await (await mf.dispatchFetch('http://bench/__bench/read-log')).json()) as Array<{ key: string; bytes: number }>
    const reads: ColdRead[] = []
    for (const { key, bytes } of log) {
      const { kind, checkMs } = await measuredValue(key)
      reads.push({ key, kind, bytes, checkMs })
    }
    probes.push({ path: request.path, status: answer.status, firstAnswerMs: answer.ms - noop.ms, reads })
  }

  const sum = (reads: ColdRead[], field: 'bytes' | 'checkMs') => reads.reduce((total, read) => total + read[field], 0)
  const kindNames = [...new Set(probes.flatMap((probe) => probe.reads.map((read) => read.kind)))]
  const kinds: ColdIsolateFigures['kinds'] = {}
  for (const kind of kindNames) {
    const of = probes.map((probe) => probe.reads.filter((read) => read.kind === kind))
    kinds[kind] = {
      count: median(of.map((reads) => reads.length)),
      bytes: median(of.map((reads) => sum(reads, 'bytes'))),
      checkMs: median(of.map((reads) => sum(reads, 'checkMs'))),
    }
  }
  return {
    probes,
    readCount: median(probes.map((probe) => probe.reads.length)),
    bytes: median(probes.map((probe) => sum(probe.reads, 'bytes'))),
    checkMs: median(probes.map((probe) => sum(probe.reads, 'checkMs'))),
    firstAnswerMs: median(probes.map((probe) => probe.firstAnswerMs)),
    mostBytes: Math.max(...probes.map((probe) => sum(probe.reads, 'bytes'))),
    slowestAnswerMs: Math.max(...probes.map((probe) => probe.firstAnswerMs)),
    kinds,
  }
}
