import type { BuildFigures } from './measure-build.ts'
import type { CheckFigures } from './measure-checks.ts'
import type { OutputFigures } from './measure-output.ts'
import type { WorkerFigures } from './measure-worker.ts'
import { RELEVANCE_KINDS, type RelevanceKind } from './relevance-queries.ts'
import type { RelevanceFigures } from './relevance.ts'

interface IndexFigures {
  bytes: number
  gzipBytes: number
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
}

export interface BenchResult {
  date: string
  machine: string
  runs: number
  sizes: SizeResult[]
  relevance?: RelevanceFigures
}

type Row = [figure: string, ours: string, baseline: string, ratio: string, target: string]

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`
const ratio = (ours: number, theirs: number) => (theirs > 0 ? `${(ours / theirs).toFixed(2)}×` : '')

function rows(size: SizeResult): Row[] {
  const { build, worker } = size
  const list: Row[] = [
    ['cold build', `${(build.coldMs / 1000).toFixed(1)} s`, '', '', '≤ 45 s (10k)'],
    ['peak RSS', `${build.peakRssMb.toFixed(0)} MiB`, '', '', '≤ 1.5 GB'],
    ['documents per second', build.docsPerSecond.toFixed(0), '', '', ''],
    ['rebuild after one edit', ms(build.oneEditMs), '', '', '≤ 2 s'],
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
    )
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
  const reads = (name: string) => Object.entries(worker.reads[name] ?? {}).map(([key, count]) => `${key} ${count}`).join(', ') || 'none'
  list.push(
    ['document 200, per request', ms(worker.document200Ms), '', '', ''],
    ['document 304, per request', worker.document304Ms <= 0 ? 'below the no-op request' : ms(worker.document304Ms), '', '', '≤ 0.2 ms CPU'],
    ['KV reads: document 200', reads('document 200'), '', '', '1 blob'],
    ['KV reads: document 304', reads('document 304'), '', '', '0 blobs'],
    ['KV reads: search (warm)', reads('search'), '', '', ''],
    ['KV reads: releases', reads('releases'), '', '', ''],
    [
      'integrity checks per document request, in process',
      `${ms(size.checks.documentCheckedMs)} (decode alone ${ms(size.checks.documentServeMs)})`,
      '',
      '',
      'hash + JSON + schema',
    ],
    ['checks once per build per isolate: manifest / index / releases', `${ms(size.checks.manifestCheckMs)} / ${ms(size.checks.searchIndexCheckMs)} / ${ms(size.checks.releasesCheckMs)}`, '', '', ''],
    ['document blob p50 / p99', `${kib(size.output.documentBytes.p50)} / ${kib(size.output.documentBytes.p99)}`, '', '', ''],
    ['nav in a document blob p50 / p99', `${kib(size.output.navBytes.p50)} / ${kib(size.output.navBytes.p99)}`, '', '', '≤ 2 KiB p99'],
    ['Markdown copy p50 / p99', `${kib(size.output.markdownBytes.p50)} / ${kib(size.output.markdownBytes.p99)}`, '', '', ''],
    ...Object.entries(size.output.llms).map(([locale, llms]): Row => [
      `llms.txt / llms-full.txt ${locale}`,
      `${kib(llms.indexBytes)} / ${mib(llms.fullBytes)} in ${llms.parts} parts`,
      '',
      '',
      'parts ≤ 4 MiB',
    ]),
    ['publish: blob writes, first', String(worker.publish.firstBlobWrites), '', '', ''],
    ['publish: writes, unchanged republish', String(worker.publish.republishWrites), '', '', '0'],
  )
  return list
}

function markdownTable(list: Row[]): string {
  const header: Row = ['figure', 'ours', 'VitePress-style baseline', 'ratio', 'target']
  return [header, ['---', '---:', '---:', '---:', '---'] as Row, ...list].map((row) => `| ${row.join(' | ')} |`).join('\n')
}

export const fixed = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(2))
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

export function renderReport(result: BenchResult): { table: string; page: string } {
  const sections = result.sizes.map((size) => `### ${size.documents.toLocaleString('en')} documents\n\n${markdownTable(rows(size))}`)
  if (result.relevance) sections.push(relevanceSection(result.relevance))
  const intro = `Measured ${result.date.slice(0, 10)} on ${result.machine}; medians of ${result.runs} runs where a figure is timed.`
  const page = `---
title: Performance
description: Build, index, request and relevance figures at 1k and 10k documents, from npm run bench.
order: 9
---

This page is written by \`npm run bench\`. It generates a synthetic site with a fixed seed (about
6 KB per document, 3–12 headings, code, tables, lists and links, a Zipf vocabulary, a partial
second locale, 5% drafts and 200 release notes), builds it, publishes it into local KV and
measures the worker inside workerd through Miniflare. The baseline is a MiniSearch index set up
the way VitePress's local search sets it up (one record per page, full text), built from the
same documents in the same run.

${intro}

Request times are wall-clock times of requests dispatched to workerd, minus the time of a no-op
request, because the Workers clock does not advance while code runs. Heap figures are measured
in Node's V8 after a full garbage collection.

${sections.join('\n\n')}
`
  return { table: `${intro}\n\n${sections.join('\n\n')}`, page }
}
