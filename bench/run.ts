import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { documentPath, generateCorpus, sampleDocuments, writeCorpus } from './corpus.ts'
import { measureAuthorLoop } from './measure-author-loop.ts'
import { measureBuild } from './measure-build.ts'
import { measureChecks } from './measure-checks.ts'
import { measureOpenApi } from './measure-openapi.ts'
import { measureOutput } from './measure-output.ts'
import { measureScale } from './measure-scale.ts'
import { besideVitePressTable, measureBesideVitePress } from './measure-vitepress.ts'
import { measureWorker } from './measure-worker.ts'
import { queryMix } from './queries.ts'
import { measureRelevance } from './relevance.ts'
import { measureVersions } from './measure-versions.ts'
import { openApiTable } from './openapi-report.ts'
import { renderReport, type BenchResult, type PhaseTime, type SizeResult } from './report.ts'
import { scaleTable } from './scale-report.ts'

// `npm run bench`: synthetic sites of 1k and 10k documents (fixed seed),
// measured against a VitePress-style MiniSearch index in the same run.
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
/** Saved edits timed under `npm start`, and cold isolates probed, per size. */
const EDITS = 5

const run = promisify(execFile)

// `npm run bench -- --scale [--documents N] [--skip-start]`: the 100,000-page phase alone (issue 28's targets),
// written to bench/results/scale.json. It takes an hour or more and several GB, so the default run leaves it
// out; --skip-start leaves out its last step, the first npm start, which alone takes about half an hour at 100k.
// `npm run bench -- --openapi [--operations N]`: issue 29's API reference at N operations (default 1000) against as many
// Markdown pages, rebuilds with a render cache, and 5 N operations once; written to bench/results/openapi.json.
// `npm run bench -- --beside-vitepress DIR [--runs N]`: a VitePress project (its .vitepress/ in DIR, VitePress
// installed where DIR resolves it) built by `vitepress build` and, imported, by ours without a render cache,
// alternated N times (default 3); written to bench/results/vitepress.json.
const { values: flags } = parseArgs({
  options: {
    scale: { type: 'boolean', default: false },
    documents: { type: 'string', default: '100000' },
    'skip-start': { type: 'boolean', default: false },
    openapi: { type: 'boolean', default: false },
    operations: { type: 'string', default: '1000' },
    'beside-vitepress': { type: 'string' },
    runs: { type: 'string', default: '3' },
  },
})
/** A phase that runs alone in a work folder of its own, writes its figures to bench/results/NAME.json and prints its table. */
async function runAlone<T extends object>(name: string, measure: (workDir: string) => Promise<T>, table: (figures: T) => string): Promise<never> {
  const workDir = await mkdtemp(join(tmpdir(), `docs-bench-${name}-`))
  try {
    const figures = await measure(workDir)
    await mkdir('bench/results', { recursive: true })
    await writeFile(`bench/results/${name}.json`, `${JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2)}\n`)
    console.log(table(figures))
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
  process.exit(0)
}
if (flags.openapi) await runAlone('openapi', (workDir) => measureOpenApi(Number(flags.operations), workDir), openApiTable)
const vitepressProject = flags['beside-vitepress']
if (vitepressProject !== undefined) {
  await runAlone('vitepress', (workDir) => measureBesideVitePress(vitepressProject, workDir, Number(flags.runs)), besideVitePressTable)
}
if (flags.scale) await runAlone('scale', (workDir) => measureScale(Number(flags.documents), workDir, { start: !flags['skip-start'] }), scaleTable)
const phases: Record<string, PhaseTime> = {}

/**
 * CPU time of this process and of its children that have ended (Linux: utime,
 * stime, cutime and cstime of /proc/self/stat, in ticks of 10 ms). On a busy
 * machine wall time stretches and CPU time does not, so the two together say
 * how long a phase takes on a quiet one.
 */
async function cpuMs(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8').catch(() => null)
  if (stat === null) return Number.NaN
  const [utime, stime, cutime, cstime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 15)
    .map(Number)
  return ((utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0)) * 10
}
const benchStarted = { wall: performance.now(), cpu: await cpuMs() }

/** One phase of the bench, timed (wall and CPU) and named on stderr as it starts and ends. */
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  console.error(`${name}…`)
  const started = { wall: performance.now(), cpu: await cpuMs() }
  try {
    return await work()
  } finally {
    const time = { wallMs: performance.now() - started.wall, cpuMs: (await cpuMs()) - started.cpu }
    phases[name] = time
    console.error(`${name}: ${(time.wallMs / 1000).toFixed(1)} s (CPU ${(time.cpuMs / 1000).toFixed(1)} s)`)
  }
}

const sizes: SizeResult[] = []
for (const documents of SIZES) {
  const workDir = await mkdtemp(join(tmpdir(), `docs-bench-${documents}-`))
  const at = (name: string) => `${documents} documents: ${name}`
  try {
    const corpus = generateCorpus({ documents, seed: 42 })
    const content = join(workDir, 'content')
    await phase(at('corpus'), () => writeCorpus(corpus, content))
    // Every later phase reads the dist/ these builds leave.
    const buildFigures = await phase(at('builds'), () => measureBuild(content, workDir, documents, RUNS))
    const queries = queryMix(corpus.words, corpus.sections)
    const queriesFile = join(workDir, 'queries.json')
    await writeFile(queriesFile, JSON.stringify({ queries, bodyOnlyWords: corpus.bodyOnlyWords }))
    const { stdout } = await phase(at('index'), () =>
      run(process.execPath, ['--expose-gc', 'bench/measure-index.ts', join(workDir, 'dist'), queriesFile], { maxBuffer: 64 * 1024 * 1024 }),
    )
    const sampled = sampleDocuments(corpus, EDITS)
    const coldPaths = sampled.map((document) => documentPath(document))
    const worker = await phase(at('worker and cold isolates'), () => measureWorker(join(workDir, 'dist'), workDir, queries, coldPaths))
    const checks = await phase(at('checks'), () => measureChecks(join(workDir, 'dist')))
    const output = await phase(at('output sizes'), () => measureOutput(join(workDir, 'dist')))
    const editTargets = sampled.map((document) => ({ file: document.file, path: documentPath(document, true) }))
    const authorLoop = await phase(at('npm start and saved edits'), () => measureAuthorLoop(content, editTargets))
    sizes.push({ documents, build: buildFigures, index: JSON.parse(stdout), worker, checks, output, authorLoop })
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

// Relevance: the labeled queries over content/ and a 1k corpus, ours beside the baseline.
const relevance = await phase('relevance', () => measureRelevance())

// Versions: ten versions of the 1k corpus kept as git tags.
const versionsDir = await mkdtemp(join(tmpdir(), 'docs-bench-versions-'))
const versions = await phase('versions', () => measureVersions(versionsDir, 1000, 10)).finally(() => rm(versionsDir, { recursive: true, force: true }))

const result: BenchResult = {
  date: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  runs: RUNS,
  sizes,
  relevance,
  versions,
  phases: { ...phases, total: { wallMs: performance.now() - benchStarted.wall, cpuMs: (await cpuMs()) - benchStarted.cpu } },
}
await mkdir('bench/results', { recursive: true })
await writeFile('bench/results/latest.json', `${JSON.stringify(result, null, 2)}\n`)
const report = renderReport(result)
await writeFile('content/docs/en/guides/performance.md', report.page)
console.log(report.table)
