import type { ScaleFigures } from './measure-scale.ts'

const MiB = 2 ** 20
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const megabytes = (mb: number) => `${Math.round(mb)} MB`

type Row = [figure: string, target: string, measured: string]

function shown<T>(attempt: { ok: true; value: T } | { ok: false; error: string }, show: (value: T) => string): string {
  return attempt.ok ? show(attempt.value) : `failed: ${attempt.error.split('\n').filter(Boolean).at(-1) ?? 'no message'}`
}

/** The issue-28 table: each target beside what this run measured. */
export function scaleTable(figures: ScaleFigures): string {
  const n = figures.documents.toLocaleString('en-US')
  const { cold, cold10k, shards, worker, largest, firstStart } = figures
  const ratio = cold.ok && cold10k.ok ? ` (${(cold.value.ms / cold10k.value.ms).toFixed(1)}× the 10k build)` : ''
  const shardShare = shards.ok && cold.ok ? ` (${Math.round((100 * shards.value.finalMs) / cold.value.ms)} % of the cold build)` : ''
  const search = (show: (value: WorkerValue) => string) => shown(worker, show)
  const rows: Row[] = [
    [`cold build, ${n}`, 'completes; peak RSS ≤ 2 GB; ≤ 11× the 10k build', shown(cold, (value) => `${seconds(value.ms)}, ${megabytes(value.maxRssMb)}${ratio}`)],
    ['cold build, 10k', 'peak RSS ≤ 1 GB', shown(cold10k, (value) => `${seconds(value.ms)}, ${megabytes(value.maxRssMb)}`)],
    [`rebuild, no change / one edit, ${n}`, '≤ 10 s / ≤ 15 s', `${shown(figures.noChangeMs, seconds)} / ${shown(figures.oneEditMs, seconds)}`],
    [
      `search in workerd, ${n}: cold index load`,
      '≤ 100 ms',
      search((value) =>
        Object.entries(value.coldIndexMs)
          .map(([locale, ms]) => `${locale} ${ms.toFixed(1)} ms`)
          .join(', '),
      ),
    ],
    [`search in workerd, ${n}: a fresh isolate's first query, bytes read / answer (worst query kind)`, '≤ 2 MiB / ≤ 100 ms', search(coldSearch)],
    [`search in workerd, ${n}: warm p50 / p99 (worst query kind)`, '≤ 5 ms / ≤ 20 ms', search(worstSearch)],
    [
      `search heap, ${n}: loaded / after the query mix (Node)`,
      '≤ 64 MB',
      shown(figures.searchHeap, (value) =>
        Object.entries(value)
          .map(([locale, heap]) => `${locale} ${heap.loadedMb.toFixed(1)} / ${heap.afterQueriesMb.toFixed(1)} MB`)
          .join(', '),
      ),
    ],
    [
      `largest stored value, ${n}`,
      '≤ 1 MiB except documents',
      shown(largest, (value) => `${(value.notDocumentBytes / MiB).toFixed(2)} MiB (any value: ${(value.anyBytes / MiB).toFixed(2)} MiB)`),
    ],
    [
      `two --shard halves, then the final build, ${n}`,
      'final renders 0; ≤ 25 % of a cold build',
      shown(shards, (value) => `halves ${value.halvesMs.map(seconds).join(' + ')}; final ${seconds(value.finalMs)}, rendered ${value.finalRendered ?? '?'}${shardShare}`),
    ],
    [`first npm start, ${n}`, 'serves; time and peak RSS', shown(firstStart, (value) => `${seconds(value.firstServeMs)}, ${megabytes(value.peakRss.totalMb)}`)],
  ]
  return ['| figure | target | measured |', '|---|---|---|', ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n')
}

type WorkerValue = Extract<ScaleFigures['worker'], { ok: true }>['value']

function coldSearch(worker: WorkerValue): string {
  const { probes, mostBytes, slowestAnswerMs } = worker.coldSearch
  const failed = probes.filter((probe) => probe.status !== 200).length
  return `${(mostBytes / MiB).toFixed(2)} MiB / ${slowestAnswerMs.toFixed(1)} ms${failed > 0 ? ` (${failed} not 200)` : ''}`
}

function worstSearch(worker: WorkerValue): string {
  const kinds = Object.values(worker.search)
  const p50 = Math.max(...kinds.map((kind) => kind.p50))
  const p99 = Math.max(...kinds.map((kind) => kind.p99))
  return `${p50.toFixed(2)} ms / ${p99.toFixed(2)} ms`
}
