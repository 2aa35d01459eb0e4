import { execFile } from 'node:child_process'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { median } from './stats.ts'

const run = promisify(execFile)

export interface ChildResult {
  ms: number
  maxRssMb: number
}

/** One build in a child process (bench/build-child.ts): its wall time and its own peak RSS. */
export async function buildOnce(content: string, out: string, cache?: string): Promise<ChildResult> {
  const args = ['bench/build-child.ts', '--content', content, '--out', out, ...(cache ? ['--cache', cache] : [])]
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 })
  return JSON.parse(stdout.trim().split('\n').pop() as string) as ChildResult
}

export interface BuildFigures {
  coldMs: number
  /** Every cold build's time: two, and a third only when those two differ by more than a tenth. */
  coldRunsMs: number[]
  peakRssMb: number
  docsPerSecond: number
  oneEditMs: number
  noChangeMs: number
}

/** Cold builds (no cache), then a warm cache: one edited document, and nothing changed. */
export async function measureBuild(content: string, workDir: string, documents: number, runs: number): Promise<BuildFigures> {
  const out = join(workDir, 'dist')
  const cache = join(workDir, 'cache')
  const cold: ChildResult[] = []
  const spread = () => Math.max(...cold.map((r) => r.ms)) / Math.min(...cold.map((r) => r.ms)) - 1
  while (cold.length < runs && (cold.length < 2 || spread() > 0.1)) cold.push(await buildOnce(content, out))
  await rm(cache, { recursive: true, force: true })
  await buildOnce(content, out, cache)
  const noChange: number[] = []
  const oneEdit: number[] = []
  const edited = join(content, 'docs/en', (await firstDocument(content)) ?? '')
  const original = await readFile(edited, 'utf8')
  for (let i = 0; i < runs; i++) {
    noChange.push((await buildOnce(content, out, cache)).ms)
    await writeFile(edited, `${original}\nAn edit, number ${i}.\n`)
    oneEdit.push((await buildOnce(content, out, cache)).ms)
  }
  await writeFile(edited, original)
  const coldMs = median(cold.map((r) => r.ms))
  return {
    coldMs,
    coldRunsMs: cold.map((r) => r.ms),
    peakRssMb: Math.max(...cold.map((r) => r.maxRssMb)),
    docsPerSecond: documents / (coldMs / 1000),
    oneEditMs: median(oneEdit),
    noChangeMs: median(noChange),
  }
}

export async function firstDocument(content: string): Promise<string | undefined> {
  const { readdir } = await import('node:fs/promises')
  const sections = (await readdir(join(content, 'docs/en'))).sort()
  for (const section of sections) {
    const files = (await readdir(join(content, 'docs/en', section))).filter((f) => f.endsWith('.md')).sort()
    if (files[0]) return `${section}/${files[0]}`
  }
  return undefined
}
