import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { generateCorpus, writeCorpus } from './corpus.ts'
import { measureBuild } from './measure-build.ts'
import { measureChecks } from './measure-checks.ts'
import { measureOutput } from './measure-output.ts'
import { measureWorker } from './measure-worker.ts'
import { queryMix } from './queries.ts'
import { measureRelevance } from './relevance.ts'
import { renderReport, type BenchResult, type SizeResult } from './report.ts'

// `npm run bench`: synthetic sites of 1k and 10k documents (fixed seed),
// measured against a VitePress-style MiniSearch index in the same run.
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

const run = promisify(execFile)
const sizes: SizeResult[] = []
for (const documents of SIZES) {
  const workDir = await mkdtemp(join(tmpdir(), `docs-bench-${documents}-`))
  try {
    const corpus = generateCorpus({ documents, seed: 42 })
    const content = join(workDir, 'content')
    await writeCorpus(corpus, content)
    console.error(`${documents} documents: building…`)
    const buildFigures = await measureBuild(content, workDir, documents, RUNS)
    const queries = queryMix(corpus.words, corpus.sections)
    const queriesFile = join(workDir, 'queries.json')
    await writeFile(queriesFile, JSON.stringify({ queries, bodyOnlyWords: corpus.bodyOnlyWords }))
    console.error(`${documents} documents: index…`)
    const { stdout } = await run(process.execPath, ['--expose-gc', 'bench/measure-index.ts', join(workDir, 'dist'), queriesFile], { maxBuffer: 64 * 1024 * 1024 })
    console.error(`${documents} documents: worker…`)
    const worker = await measureWorker(join(workDir, 'dist'), workDir, queries)
    const checks = await measureChecks(join(workDir, 'dist'))
    const output = await measureOutput(join(workDir, 'dist'))
    sizes.push({ documents, build: buildFigures, index: JSON.parse(stdout), worker, checks, output })
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

// Relevance: the labeled queries over content/ and a 1k corpus, ours beside the baseline.
console.error('relevance…')
const relevance = await measureRelevance()

const result: BenchResult = {
  date: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  runs: RUNS,
  sizes,
  relevance,
}
await mkdir('bench/results', { recursive: true })
await writeFile('bench/results/latest.json', `${JSON.stringify(result, null, 2)}\n`)
const report = renderReport(result)
await writeFile('content/docs/en/guides/performance.md', report.page)
console.log(report.table)
