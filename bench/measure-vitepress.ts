import { execFile } from 'node:child_process'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { median } from './stats.ts'

const run = promisify(execFile)

/** One build in a child process, as bench/build-child.ts and bench/vitepress-child.ts report it. */
interface BuildRun {
  ms: number
  maxRssMb: number
  cpuMs: number
}

export interface BesideVitePressFigures {
  project: string
  /** Pages our build published from the imported project. */
  pages: number
  ours: BuildRun[]
  vitepress: BuildRun[]
}

async function child(args: string[]): Promise<BuildRun & { documents?: Record<string, number> }> {
  const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 })
  return JSON.parse(stdout.trim().split('\n').pop() as string)
}

/**
 * Issue 28's comparison: a VitePress project (the folder that holds its
 * `.vitepress/`, with VitePress installed where the project resolves it)
 * built by `vitepress build` and, imported by `npm run import`, by our build
 * without a render cache, the two alternated `runs` times in one session so
 * that both see the same machine.
 */
export async function measureBesideVitePress(project: string, workDir: string, runs: number): Promise<BesideVitePressFigures> {
  const root = resolve(project)
  const content = join(workDir, 'content')
  await run(process.execPath, ['import/cli.ts', root, '--out', content], { maxBuffer: 64 * 1024 * 1024 })
  const ours: BuildRun[] = []
  const vitepress: BuildRun[] = []
  let pages = 0
  for (let index = 0; index < runs; index++) {
    const { documents, ...figures } = await child(['bench/build-child.ts', '--content', content, '--out', join(workDir, 'dist')])
    pages = Object.values(documents ?? {}).reduce((total, count) => total + count, 0)
    ours.push(figures)
    vitepress.push(await child(['bench/vitepress-child.ts', '--root', root, '--out', join(workDir, 'vitepress-dist')]))
  }
  return { project: root, pages, ours, vitepress }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

/** Medians of each side and their ratio. */
export function besideVitePressTable(figures: BesideVitePressFigures): string {
  const { ours, vitepress } = figures
  const row = (name: string, of: (run: BuildRun) => number, show: (value: number) => string) => {
    const [a, b] = [median(ours.map(of)), median(vitepress.map(of))]
    return `| ${name} | ${show(a)} | ${show(b)} | ${(b / a).toFixed(2)}× |`
  }
  return [
    `${figures.project}: ${figures.pages} pages, medians of ${ours.length} alternated runs (ours without a render cache)`,
    '',
    '| figure | ours | vitepress build | VitePress ÷ ours |',
    '|---|---:|---:|---:|',
    row('wall time', (run) => run.ms, seconds),
    row('CPU time, all threads', (run) => run.cpuMs, seconds),
    row(
      'peak RSS',
      (run) => run.maxRssMb,
      (mb) => `${Math.round(mb)} MiB`,
    ),
  ].join('\n')
}
