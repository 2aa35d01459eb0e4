import { spawn } from 'node:child_process'
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { processesInGroup } from '../lib/process-group.ts'
import { START_ARGS } from '../scripts/start-command.ts'
import { median } from './stats.ts'

/** A document an author saves, and where `npm start` serves it. */
export interface EditTarget {
  /** Relative to the content folder. */
  file: string
  /** `/v1/documents/<slug>.md`, with `?locale=` for a translation. */
  path: string
}

interface ProcessPeak {
  pid: number
  name: string
  /** VmHWM from /proc/<pid>/status: the process's own peak resident set. */
  peakMb: number
}

/** One run of `npm start`, as it timed itself and as the bench saw it. */
export interface StartRun {
  /** Spawn of `node scripts/start.ts` to the first document served. */
  firstServeMs: number
  /** What start.ts printed: its first build (null when it served the live build after its check), and its first answer. */
  printed: { buildMs: number | null; publishMs: number | null; blobsWritten: number | null; firstAnswerMs: number | null; checked: boolean }
  /** Blobs the session's build behind a checked live build wrote (0 when nothing changed), once it ended. */
  sessionBuildWrites: number | null
  /** Every process of its group (start.ts, its workerd and render threads' process), each at its own peak; the sum bounds the group's peak. */
  peakRss: { totalMb: number; nodeMb: number; processes: ProcessPeak[] }
}

export interface AuthorLoopFigures {
  first: StartRun
  /** Saved edit -> first response that carries it, per edit, in order (null: timed out). */
  editsMs: Array<number | null>
  edit: { median: number; min: number; max: number; timeouts: number }
  /** A second start on the same folder and local KV, nothing changed. */
  unchanged: StartRun
  /** A third, after one page was edited while it was stopped. */
  editedWhileStopped: StartRun
}

const POLL_MS = 20
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/** The processes of `npm start`'s group, each at its peak. */
async function groupPeaks(group: number): Promise<StartRun['peakRss']> {
  const processes: ProcessPeak[] = []
  for (const { pid, name } of await processesInGroup(group)) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
    const peak = /^VmHWM:\s+(\d+) kB$/m.exec(status)
    processes.push({ pid, name, peakMb: peak ? Number(peak[1]) / 1024 : Number.NaN })
  }
  const sum = (list: ProcessPeak[]) => list.reduce((total, process) => total + process.peakMb, 0)
  return { totalMb: sum(processes), nodeMb: sum(processes.filter((process) => process.pid === group)), processes }
}

const number = (match: RegExpExecArray | null, group = 1) => (match ? Number(match[group]) : null)

/** start.ts's own account of its start (the wording is tested in test/e2e/start.test.ts). */
function printedFigures(output: string): StartRun['printed'] {
  const build = /initial build: build \w+ live in \d+ ms \(built in (\d+), then (\d+) to publish; (\d+) blobs written\)/.exec(output)
  return {
    buildMs: number(build, 1),
    publishMs: number(build, 2),
    blobsWritten: number(build, 3),
    firstAnswerMs: number(/serving: first answer \(\d+\) (\d+) ms after start/.exec(output)),
    checked: output.includes('initial check: the live build'),
  }
}

/**
 * `npm start` (scripts/start.ts with its own port, local KV state and render
 * cache) on a content folder: timed from spawn to the first `GET` of
 * `served.path` that answers 200 (with `served.showing` in its body), polling every 20 ms; `during` runs while it serves, then
 * the peaks of its processes are read and it is stopped as Ctrl-C does.
 */
export async function measureStart(
  contentDir: string,
  state: { persist: string; cache: string },
  served: { path: string; showing?: string },
  during: (origin: string, output: () => string) => Promise<void> = async () => {},
  startTimeoutMs = 600_000,
): Promise<StartRun> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  let output = ''
  const started = performance.now()
  const server = spawn(process.execPath, [...START_ARGS], {
    env: { ...process.env, CONTENT_DIR: contentDir, PORT: String(port), PERSIST_DIR: state.persist, CACHE_DIR: state.cache },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-50_000))
  server.stdout.on('data', keep)
  server.stderr.on('data', keep)
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  const group = server.pid as number
  try {
    // A restart serves the last build at once; `showing` waits for the folder as it is now.
    const firstServeMs = await until(
      async () => (await bodyOf(`${origin}${served.path}`))?.includes(served.showing ?? '') ?? false,
      started,
      startTimeoutMs,
      () => server.exitCode,
      () => output,
    )
    if (firstServeMs === null) throw new Error(`npm start served nothing within ${startTimeoutMs / 1000} s:\n${output}`)
    // Its own account may print just after the bench's first document arrived.
    await until(
      async () => output.includes('serving: first answer') && /initial build: build|initial check: the live/.test(output),
      performance.now(),
      10_000,
      () => server.exitCode,
      () => output,
    )
    await during(origin, () => output)
    const printed = printedFigures(output)
    // Behind a checked live build the session builds once; its writes are part of what a restart costs.
    if (printed.checked)
      await until(
        async () => output.includes('session build:'),
        performance.now(),
        startTimeoutMs,
        () => server.exitCode,
        () => output,
      )
    const sessionBuildWrites = number(/session build: .*; (\d+) blobs written\)/.exec(output))
    return { firstServeMs, printed, sessionBuildWrites, peakRss: await groupPeaks(group) }
  } finally {
    if (server.exitCode === null) server.kill('SIGTERM')
    let grace: NodeJS.Timeout | undefined
    await Promise.race([exited, new Promise((resolve) => (grace = setTimeout(resolve, 15_000)))])
    clearTimeout(grace)
    const deadline = performance.now() + 10_000
    let left = (await groupPeaks(group)).processes
    while (left.length > 0 && performance.now() < deadline) {
      await sleep(100)
      left = (await groupPeaks(group)).processes
    }
    if (left.length > 0) {
      console.error(`author loop: ${left.map((process) => process.name).join(', ')} outlived npm start 10 s; killing group ${group}`)
      process.kill(-group, 'SIGKILL')
    }
  }
}

async function bodyOf(url: string): Promise<string | null> {
  // A server that stops answering must not hold the poll past its timeout.
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => null)
  if (response === null) return null
  const body = await response.text().catch(() => '')
  return response.ok ? body : null
}

/** Polls until `check` holds: milliseconds since `since`, or null after `timeoutMs`. */
async function until(check: () => Promise<boolean>, since: number, timeoutMs: number, exitCode: () => number | null, output: () => string): Promise<number | null> {
  for (;;) {
    if (await check()) return performance.now() - since
    if (exitCode() !== null) throw new Error(`npm start exited with ${exitCode()}:\n${output()}`)
    if (performance.now() - since > timeoutMs) return null
    await sleep(POLL_MS)
  }
}

/**
 * Issue 20's author loop: a first `npm start` (empty KV, empty render cache),
 * each target saved with a new word appended and timed from the write to the
 * first answer that carries it; then a restart with nothing changed; then one
 * after a page was edited while stopped. The files are put back as they were.
 */
export async function measureAuthorLoop(contentDir: string, targets: EditTarget[], { editTimeoutMs = 120_000 } = {}): Promise<AuthorLoopFigures> {
  const stateDir = await mkdtemp(join(tmpdir(), 'docs-bench-start-'))
  const state = { persist: join(stateDir, 'state'), cache: join(stateDir, 'cache') }
  const path = targets[0]?.path ?? '/v1/status'
  const originals = new Map<string, string>()
  const editsMs: Array<number | null> = []
  try {
    const first = await measureStart(contentDir, state, { path }, async (origin) => {
      for (const [i, target] of targets.entries()) {
        const file = join(contentDir, target.file)
        if (!originals.has(file)) originals.set(file, await readFile(file, 'utf8'))
        const word = `zqedit${i}x${Date.now().toString(36)}`
        const written = performance.now()
        await appendFile(file, `\nAn edit saved by the bench: ${word}.\n`)
        const ms = await until(
          async () => (await bodyOf(`${origin}${target.path}`))?.includes(word) ?? false,
          written,
          editTimeoutMs,
          () => null,
          () => '',
        )
        editsMs.push(ms)
        if (ms === null) console.error(`author loop: ${target.path} did not show its edit within ${editTimeoutMs / 1000} s`)
      }
    })
    const unchanged = await measureStart(contentDir, state, { path })
    const stopped = join(contentDir, targets[0]?.file ?? '')
    if (!originals.has(stopped)) originals.set(stopped, await readFile(stopped, 'utf8'))
    const word = `zqstopped${Date.now().toString(36)}`
    await appendFile(stopped, `\nAn edit saved while npm start was stopped: ${word}.\n`)
    const editedWhileStopped = await measureStart(contentDir, state, { path, showing: word })
    const done = editsMs.filter((ms): ms is number => ms !== null)
    return {
      first,
      editsMs,
      edit: { median: median(done), min: Math.min(...done), max: Math.max(...done), timeouts: editsMs.length - done.length },
      unchanged,
      editedWhileStopped,
    }
  } finally {
    for (const [file, text] of originals) await writeFile(file, text)
    await rm(stateDir, { recursive: true, force: true })
  }
}
