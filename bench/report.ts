import type { AuthorLoopFigures, StartRun } from './measure-author-loop.ts'
import type { BuildFigures } from './measure-build.ts'
import type { CheckFigures } from './measure-checks.ts'
import type { OutputFigures } from './measure-output.ts'
import type { VersionFigures } from './measure-versions.ts'
import type { WorkerFigures } from './measure-worker.ts'
import { RELEVANCE_KINDS, type RelevanceKind } from './relevance-queries.ts'
import type { RelevanceFigures } from './relevance-figures.ts'

interface IndexFigures {
  bytes: number
  gzipBytes: number
  /** Ours only: the sharded index's head, its number of shards, its largest value, what a cold query reads per query kind. */
  headBytes?: number
  shards?: number
  largestValueBytes?: number
  largestDisplayChunkBytes?: number
  coldQueryBytes?: Record<string, number>
  loadMs: number
  heapMb: number
  displayBytes?: number
  displayHeapMb?: number
  latency: Record<string, { p50: number; p99: number }>
  recall: number | null
}

export interface SizeResult {
  documents: number
  build: BuildFigures
  index: Record<string, { ours: IndexFigures; baseline: IndexFigures }>
  worker: WorkerFigures
  checks: CheckFigures
  output: OutputFigures
  authorLoop: AuthorLoopFigures
}

export interface BenchResult {
  date: string
  machine: string
  runs: number
  sizes: SizeResult[]
  relevance?: RelevanceFigures
  versions?: VersionFigures
  /** Each phase of the run, and `total`. */
  phases?: Record<string, PhaseTime>
}

/** Wall time, and CPU time of the bench and the processes it ran (both cores count). */
export interface PhaseTime {
  wallMs: number
  cpuMs: number
}

type Row = [figure: string, ours: string, baseline: string, ratio: string, target: string]

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`
const amount = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 2 ** 20 ? kib(bytes) : mib(bytes))
const mb = (value: number) => `${value.toFixed(0)} MiB`
const ratio = (ours: number, theirs: number) => (theirs > 0 ? `${(ours / theirs).toFixed(2)}×` : '')

function rows(size: SizeResult): Row[] {
  const { build, worker } = size
  const list: Row[] = [
    ['cold build', `${seconds(build.coldMs)} (runs: ${build.coldRunsMs.map(seconds).join(', ')})`, '', '', '≤ 40 s (10k)'],
    ['peak RSS of the cold build (one-shot process)', mb(build.peakRssMb), '', '', '≤ 1.2 GB (10k)'],
    ['documents per second', build.docsPerSecond.toFixed(0), '', '', ''],
    ['one-shot rebuild after one edit (render cache warm)', ms(build.oneEditMs), '', '', ''],
    ['rebuild, nothing changed', ms(build.noChangeMs), '', '', ''],
  ]
  for (const [locale, { ours, baseline }] of Object.entries(size.index)) {
    list.push(
      [`index JSON ${locale}`, mib(ours.bytes), mib(baseline.bytes), ratio(ours.bytes, baseline.bytes), '≤ 8 MiB'],
      [`index gzip ${locale}`, mib(ours.gzipBytes), mib(baseline.gzipBytes), ratio(ours.gzipBytes, baseline.gzipBytes), ''],
      [`index cold-ready in workerd ${locale}`, ms(worker.coldIndexMs[locale] ?? Number.NaN), '', '', '≤ 250 ms'],
      [`index load in Node ${locale}`, ms(ours.loadMs), ms(baseline.loadMs), ratio(ours.loadMs, baseline.loadMs), ''],
      [`heap after load ${locale}`, `${ours.heapMb.toFixed(1)} MiB`, `${baseline.heapMb.toFixed(1)} MiB`, ratio(ours.heapMb, baseline.heapMb), '≤ 48 MiB'],
      [`display chunks ${locale} (read for hits)`, `${mib(ours.displayBytes ?? 0)}, ${(ours.displayHeapMb ?? 0).toFixed(1)} MiB heap if all read`, '', '', ''],
      [`index head ${locale}, shards`, `${mib(ours.headBytes ?? 0)}, ${ours.shards ?? 0} shards`, '', '', ''],
      [`largest search value ${locale} (display chunk)`, `${mib(ours.largestValueBytes ?? 0)} (${mib(ours.largestDisplayChunkBytes ?? 0)})`, '', '', '≤ 1 MiB'],
    )
    for (const [name, bytes] of Object.entries(ours.coldQueryBytes ?? {})) list.push([`search "${name}" ${locale}: bytes read cold`, mib(bytes), '', '', '≤ 2 MiB'])
    if (ours.recall !== null && baseline.recall !== null) {
      list.push([`body-only word recall ${locale}`, `${(ours.recall * 100).toFixed(0)}%`, `${(baseline.recall * 100).toFixed(0)}%`, '', '100%'])
    }
  }
  const en = size.index.en
  for (const [name, figures] of Object.entries(worker.search)) {
    const node = en?.ours.latency[name]
    const base = en?.baseline.latency[name]
    list.push([`search "${name}" workerd p50 / p99`, `${ms(figures.p50)} / ${ms(figures.p99)}`, '', '', 'p50 ≤ 1 ms, p99 ≤ 5 ms'])
    if (node && base) list.push([`search "${name}" in-process p50 / p99`, `${ms(node.p50)} / ${ms(node.p99)}`, `${ms(base.p50)} / ${ms(base.p99)}`, ratio(node.p50, base.p50), ''])
  }
  const reads = (name: string) =>
    Object.entries(worker.reads[name] ?? {})
      .map(([key, count]) => `${key} ${count}`)
      .join(', ') || 'none'
  list.push(
    ['document 200, per request', ms(worker.document200Ms), '', '', ''],
    ['document 304, per request', worker.document304Ms <= 0 ? 'below the no-op request' : ms(worker.document304Ms), '', '', '≤ 0.2 ms CPU'],
    ['KV reads: document 200', reads('document 200'), '', '', '1 blob'],
    ['KV reads: document 304', reads('document 304'), '', '', '0 blobs'],
    ['KV reads: search (warm)', reads('search'), '', '', ''],
    ['KV reads: releases', reads('releases'), '', '', ''],
    ['integrity checks per document request, in process', `${ms(size.checks.documentCheckedMs)} (decode alone ${ms(size.checks.documentServeMs)})`, '', '', 'hash + JSON + schema'],
    [
      'checks once per build per isolate: manifest / index / releases',
      `${ms(size.checks.manifestCheckMs)} / ${ms(size.checks.searchIndexCheckMs)} / ${ms(size.checks.releasesCheckMs)}`,
      '',
      '',
      '',
    ],
    ['document blob p50 / p99', `${kib(size.output.documentBytes.p50)} / ${kib(size.output.documentBytes.p99)}`, '', '', ''],
    ['nav in a document blob p50 / p99', `${kib(size.output.navBytes.p50)} / ${kib(size.output.navBytes.p99)}`, '', '', '≤ 2 KiB p99'],
    ['Markdown copy p50 / p99', `${kib(size.output.markdownBytes.p50)} / ${kib(size.output.markdownBytes.p99)}`, '', '', ''],
    ...Object.entries(size.output.llms).map(
      ([locale, llms]): Row => [`llms.txt / llms-full.txt ${locale}`, `${kib(llms.indexBytes)} / ${mib(llms.fullBytes)} in ${llms.parts} parts`, '', '', 'parts ≤ 4 MiB'],
    ),
    ['publish: blob writes, first', String(worker.publish.firstBlobWrites), '', '', ''],
    ['publish: writes, unchanged republish', String(worker.publish.republishWrites), '', '', '0'],
    ...coldIsolateRows(worker.coldIsolate),
    ...coldSearchRows(worker.coldSearch),
    ...authorLoopRows(size.authorLoop, size.documents),
  )
  return list
}

/** What a fresh isolate reads and checks before its first document answer, by the kind of each value. */
function coldIsolateRows(cold: WorkerFigures['coldIsolate']): Row[] {
  const kinds = Object.entries(cold.kinds)
  const by = (format: (figures: { count: number; bytes: number; checkMs: number }) => string) => kinds.map(([kind, figures]) => `${kind} ${format(figures)}`).join(', ')
  const failed = cold.probes.filter((probe) => probe.status !== 200)
  return [
    [`cold isolate, first document: KV reads (median of ${cold.probes.length} isolates)`, `${cold.readCount}: ${by((f) => String(f.count))}`, '', '', ''],
    ['cold isolate, first document: bytes read', `${amount(cold.bytes)} (${by((f) => amount(f.bytes))})`, '', '', '≤ 512 KiB'],
    ['cold isolate, first document: hash + parse + schema check of those values, in Node', `${ms(cold.checkMs)} (${by((f) => ms(f.checkMs))})`, '', '', '≤ 20 ms'],
    ["cold isolate, first document answer in workerd, beyond a fresh isolate's no-op", ms(cold.firstAnswerMs), '', '', ''],
    ...failed.map((probe): Row => [`cold isolate: ${probe.path}`, `answered ${probe.status}`, '', '', '200']),
  ]
}

/** A fresh isolate's first search, per query kind: the worst kind is the figure, the target the issue's. */
function coldSearchRows(cold: WorkerFigures['coldSearch']): Row[] {
  const failed = cold.probes.filter((probe) => probe.status !== 200)
  return [
    [`cold isolate, first search: bytes read, median / most of ${cold.probes.length} query kinds`, `${amount(cold.bytes)} / ${amount(cold.mostBytes)}`, '', '', '≤ 2 MiB'],
    [`cold isolate, first search answer in workerd, median / slowest`, `${ms(cold.firstAnswerMs)} / ${ms(cold.slowestAnswerMs)}`, '', '', '≤ 100 ms'],
    ...failed.map((probe): Row => [`cold isolate: search ${probe.path}`, `answered ${probe.status}`, '', '', '200']),
  ]
}

/** `npm start` on the corpus: a first start, saved edits, two restarts, and the peak memory of its processes. */
function authorLoopRows(loop: AuthorLoopFigures, documents: number): Row[] {
  const { edit, first, unchanged, editedWhileStopped } = loop
  const timedOut = edit.timeouts > 0 ? `; ${edit.timeouts} timed out` : ''
  const edits = edit.timeouts === loop.editsMs.length ? 'every edit timed out' : `${seconds(edit.median)} (${seconds(edit.min)}–${seconds(edit.max)}${timedOut})`
  const tenK = documents >= 10_000
  const printed = (run: StartRun) =>
    run.printed.checked
      ? `live build checked and served; the session's build behind it wrote ${run.sessionBuildWrites ?? '?'} blobs`
      : `first build ${seconds(run.printed.buildMs ?? Number.NaN)}, then ${seconds(run.printed.publishMs ?? Number.NaN)} to publish ${run.printed.blobsWritten ?? '?'} blobs; first answer ${seconds(run.printed.firstAnswerMs ?? Number.NaN)} after start`
  return [
    ['npm start, first (empty KV and render cache): first document served', seconds(first.firstServeMs), '', '', tenK ? '≤ 20 s' : '≤ 5 s'],
    ['npm start, first: as it printed', printed(first), '', '', ''],
    [`npm start: saved edit → served, median (min–max) of ${loop.editsMs.length}`, edits, '', '', tenK ? '≤ 1 s' : ''],
    ['npm start, again on the unchanged folder: first document served', seconds(unchanged.firstServeMs), '', '', tenK ? '≤ 5 s' : ''],
    ['npm start, again on the unchanged folder: KV writes', `${(unchanged.printed.blobsWritten ?? 0) + (unchanged.sessionBuildWrites ?? 0)} (${printed(unchanged)})`, '', '', '0'],
    ['npm start after one page was edited while stopped: first document served', seconds(editedWhileStopped.firstServeMs), '', '', ''],
    [
      'npm start after one page was edited while stopped: blobs written',
      String(editedWhileStopped.printed.blobsWritten ?? editedWhileStopped.sessionBuildWrites ?? '?'),
      '',
      '',
      "that edit's",
    ],
    [
      "npm start peak RSS, all its processes (sum of each one's peak)",
      `${mb(first.peakRss.totalMb)} (${first.peakRss.processes.map((child) => `${child.name} ${child.peakMb.toFixed(0)}`).join(' + ')})`,
      '',
      '',
      tenK ? '≤ 1.5 GB' : '',
    ],
  ]
}

function markdownTable(list: Row[]): string {
  const header: Row = ['figure', 'ours', 'VitePress-style baseline', 'ratio', 'target']
  return [header, ['---', '---:', '---:', '---:', '---'] as Row, ...list].map((row) => `| ${row.join(' | ')} |`).join('\n')
}

const fixed = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(2))
export const percent = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value * 100)}%`)

/** The table of the report: per kind, ours beside the baseline. */
export function relevanceTable(figures: RelevanceFigures): string {
  const lines = ['| queries | n | ours MRR@10 | ours hit@1 | baseline MRR@10 | baseline hit@1 |', '| --- | ---: | ---: | ---: | ---: | ---: |']
  for (const [name, row] of Object.entries(figures.rows)) {
    const label = RELEVANCE_KINDS.includes(name as RelevanceKind) ? name : `**${name}**`
    lines.push(`| ${label} | ${row.count} | ${fixed(row.ours.mrr)} | ${percent(row.ours.hit1)} | ${fixed(row.baseline.mrr)} | ${percent(row.baseline.hit1)} |`)
  }
  return lines.join('\n')
}

function relevanceSection(figures: RelevanceFigures): string {
  return `### Relevance

MRR@10 and hit@1 of a labeled query set: each query names the page a reader means, and the
figure is where that page ranks. Queries over this site's own \`content/\` are written by hand
(English, plus Chinese over \`content/docs/zh\`); queries over a ${figures.corpusDocuments.toLocaleString('en')}-document
bench corpus are derived from it. Kinds: title words, a prefix as typed, a one-letter typo,
words only in the body, several words naming a topic, and Chinese words inside running text.
The set is in \`bench/relevance-queries.ts\`; \`node bench/relevance.ts --misses\` lists the
queries whose page is not first.

${relevanceTable(figures)}`
}

function versionsSection(figures: VersionFigures): string {
  const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`
  const lines = [
    '| figure | value | goal |',
    '| --- | ---: | ---: |',
    `| cold build, one version (empty render cache) | ${seconds(figures.oneVersion.ms)}, ${Math.round(figures.oneVersion.maxRssMb)} MiB | |`,
    `| cold build, ${figures.versions} versions | ${seconds(figures.allVersions.ms)}, ${Math.round(figures.allVersions.maxRssMb)} MiB | |`,
    `| each version after the first | ${seconds(figures.perExtraVersionMs)} (${(figures.perExtraVersionShare * 100).toFixed(0)}% of the first) | under 15% |`,
    `| rebuild after one edit, warm cache: one version / ${figures.versions} versions | ${seconds(figures.oneEditMs.oneVersion)} / ${seconds(figures.oneEditMs.allVersions)} | the same |`,
    `| blobs a publish writes when the newest version is added | ${figures.addVersionWrites.toLocaleString('en')} of ${figures.blobs.toLocaleString('en')} | that version's |`,
    `| bytes a cold isolate reads for a page of the oldest version | ${(figures.coldBytesOldest / 1024).toFixed(0)} KiB | at most 512 KiB |`,
    `| first \`npm start\` (empty KV and render cache): first document served | ${seconds(figures.start.first.firstServeMs)} | ≤ 30 s |`,
    `| \`npm start\` again, nothing changed: first document served, KV writes | ${seconds(figures.start.unchanged.firstServeMs)}, ${(figures.start.unchanged.printed.blobsWritten ?? 0) + (figures.start.unchanged.sessionBuildWrites ?? 0)} | 0 writes |`,
    `| peak RSS of the first \`npm start\`, all its processes | ${Math.round(figures.start.first.peakRss.totalMb)} MiB | |`,
  ]
  return `### Versions

A site of ${figures.versions} versions of a ${figures.documentsPerVersion.toLocaleString('en')}-document corpus in two locales, each kept as a git tag
and differing from the one before in about 5% of its pages; the newest is the content folder.

${lines.join('\n')}`
}

/** How long each phase of the run took: the bench is meant to stay under 15 minutes. */
function phasesSection(phases: Record<string, PhaseTime>): string {
  const lines = [
    '| phase | wall | CPU |',
    '| --- | ---: | ---: |',
    ...Object.entries(phases).map(([name, time]) => `| ${name === 'total' ? '**total**' : name} | ${seconds(time.wallMs)} | ${seconds(time.cpuMs)} |`),
  ]
  return `### How long this run took

CPU time counts this process and every process it ran, on both cores; on a busy machine wall time
grows and CPU time does not.

${lines.join('\n')}`
}

export function renderReport(result: BenchResult): { table: string; page: string } {
  const sections = result.sizes.map((size) => `### ${size.documents.toLocaleString('en')} documents\n\n${markdownTable(rows(size))}`)
  if (result.relevance) sections.push(relevanceSection(result.relevance))
  if (result.versions) sections.push(versionsSection(result.versions))
  if (result.phases) sections.push(phasesSection(result.phases))
  const intro = `Measured ${result.date.slice(0, 10)} on ${result.machine}; medians of ${result.runs} runs where a figure is timed (cold builds: two, and a third when those differ by more than a tenth).`
  const page = `---
title: Performance
description: Build, index, request, author-loop and relevance figures at 1k and 10k documents, from npm run bench.
order: 9
---

This page is written by \`npm run bench\`. It generates a synthetic site with a fixed seed (about
6 KB per document, 3–12 headings, code, tables, lists and links, a Zipf vocabulary, a partial
second locale, 5% drafts and 200 release notes), builds it, publishes it into local KV and
measures the worker inside workerd through Miniflare. The baseline is a MiniSearch index set up
the way VitePress's local search sets it up (one record per page, full text), built from the
same documents in the same run. [Where the time goes](./performance-notes.md) reads these
figures against the targets and says what is still off and why.

${intro}

Request times are wall-clock times of requests dispatched to workerd, minus the time of a no-op
request, because the Workers clock does not advance while code runs. Heap figures are measured
in Node's V8 after a full garbage collection.

A cold isolate is a restarted workerd with nothing cached: its first document request's KV reads
are logged with their sizes, and each value is named after the contract schema it matches. Node
then times what the store does to exactly those values (hash of a content-hash key's bytes,
decode, JSON parse, schema check), median of at least 15 rounds each. Five isolates, five
documents, one of them a translation.

The author loop is \`npm start\` on the same corpus (its own port, local KV and render cache, all
empty at first): five documents are saved in turn, one of them a translation, each with a new word
appended, and each save is timed to the first \`GET /v1/documents/<slug>.md\` that carries the word,
polling every 20 ms (120 s at most per edit). Then it is stopped and started again on the same
folder, and once more after a page was edited while it was stopped (timed until that edit is
served). Peak RSS is each process's own peak (\`VmHWM\` in \`/proc/<pid>/status\`) in
\`npm start\`'s process group, after the edits; the sum bounds from above what the group held at
any one moment.

${sections.join('\n\n')}
`
  return { table: `${intro}\n\n${sections.join('\n\n')}`, page }
}
