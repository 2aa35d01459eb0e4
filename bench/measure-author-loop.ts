import { spawn } from 'node:child_process'
import { appendFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { median } from './stats.ts'
import { START_ARGS } from '../scripts/start-command.ts'

/** A document an author saves, and where `npm start` serves it. */
export interface EditTarget {
  /** Relative to the content folder. */
  file: string
  /** `/v1/documents/<slug>.md`, with `?locale=` for a translation. */
  path: string
}

export interface ProcessPeak {
  pid: number
  name: string
  /** VmHWM from /proc/<pid>/status: the process's own peak resident set. */
  peakMb: number
}

export interface AuthorLoopFigures {
  /** Spawn of `node scripts/start.ts` to the first document served. */
  firstServeMs: number
  /** Saved edit -> first response that carries it, per edit, in order (null: timed out). */
  editsMs: Array<number | null>
  edit: { median: number; min: number; max: number; timeouts: number }
  /**
   * Peaks after the edits. `node`: the start.ts process (build and publish);
   * `publishProxy`: its own helpers (wrangler's platform proxy, a workerd that holds local KV);
   * `server`: the `wrangler dev` process group (wrangler's node and the serving workerd).
   * Sums are of each process's own peak, an upper bound on the group's peak at any moment.
   */
  peakRss: { nodeMb: number; publishProxyMb: number; serverMb: number; processes: Array<ProcessPeak & { group: 'node' | 'publishProxy' | 'server' }> }
}

const POLL_MS = 20

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no free port')
  return address.port
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** pid -> parent and process group, from /proc. */
async function processTable(): Promise<Map<number, { ppid: number; pgrp: number; name: string }>> {
  const table = new Map<number, { ppid: number; pgrp: number; name: string }>()
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null)
    if (stat === null) continue
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
    const close = stat.lastIndexOf(')')
    const [, ppid, pgrp] = stat.slice(close + 2).split(' ')
    table.set(Number(entry), { ppid: Number(ppid), pgrp: Number(pgrp), name: stat.slice(stat.indexOf('(') + 1, close) })
  }
  return table
}

async function peakOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(status)
  return match ? Number(match[1]) / 1024 : Number.NaN
}

/** The process groups `npm start` made: its own (start.ts and its helpers) and wrangler dev's, which start.ts spawns detached. */
async function groupsOf(startPid: number): Promise<{ own: number[]; server: number[]; serverGroups: number[] }> {
  const table = await processTable()
  const own = [...table].filter(([, info]) => info.pgrp === startPid).map(([pid]) => pid)
  const serverGroups = [...new Set([...table].filter(([, info]) => info.ppid === startPid && info.pgrp !== startPid).map(([, info]) => info.pgrp))]
  const server = [...table].filter(([, info]) => serverGroups.includes(info.pgrp)).map(([pid]) => pid)
  return { own, server, serverGroups }
}

async function peaks(startPid: number): Promise<AuthorLoopFigures['peakRss']> {
  const table = await processTable()
  const { own, server } = await groupsOf(startPid)
  const processes: AuthorLoopFigures['peakRss']['processes'] = []
  for (const pid of own) processes.push({ pid, name: table.get(pid)?.name ?? '?', peakMb: await peakOf(pid), group: pid === startPid ? 'node' : 'publishProxy' })
  for (const pid of server) processes.push({ pid, name: table.get(pid)?.name ?? '?', peakMb: await peakOf(pid), group: 'server' })
  const sum = (group: string) => processes.filter((p) => p.group === group).reduce((total, p) => total + p.peakMb, 0)
  return { nodeMb: sum('node'), publishProxyMb: sum('publishProxy'), serverMb: sum('server'), processes }
}

/**
 * Issue 13's author loop: `node scripts/start.ts` on a corpus (its own port,
 * KV state and render cache), then each target saved with a new word
 * appended, timed from the write to the first `GET` whose body carries the
 * word, polling every 20 ms. Peak RSS of its processes after the edits, then
 * a clean stop (SIGTERM, as Ctrl-C), and the files as they were.
 */
export async function measureAuthorLoop(contentDir: string, targets: EditTarget[], { editTimeoutMs = 120_000, startTimeoutMs = 600_000 } = {}): Promise<AuthorLoopFigures> {
  const stateDir = await mkdtemp(join(tmpdir(), 'docs-bench-start-'))
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  const started = performance.now()
  const server = spawn(process.execPath, [...START_ARGS], {
    env: { ...process.env, CONTENT_DIR: contentDir, PORT: String(port), PERSIST_DIR: join(stateDir, 'state'), CACHE_DIR: join(stateDir, 'cache') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  server.stdout.on('data', keep)
  server.stderr.on('data', keep)
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  const startPid = server.pid as number
  const originals = new Map<string, string>()
  let serverGroups: number[] = []

  const bodyOf = async (path: string): Promise<string | null> => {
    // A server that stops answering must not hold the poll past its timeout.
    const response = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(10_000) }).catch(() => null)
    if (response === null) return null
    const body = await response.text().catch(() => '')
    return response.ok ? body : null
  }
  /** Polls until `check` holds; milliseconds since `since`, or null after `timeoutMs`. */
  const until = async (check: () => Promise<boolean>, since: number, timeoutMs: number) => {
    for (;;) {
      if (await check()) return performance.now() - since
      if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}:\n${output}`)
      if (performance.now() - since > timeoutMs) return null
      await sleep(POLL_MS)
    }
  }

  try {
    const firstServeMs = await until(async () => (await bodyOf(targets[0]?.path ?? '/v1/status')) !== null, started, startTimeoutMs)
    if (firstServeMs === null) throw new Error(`npm start served nothing within ${startTimeoutMs / 1000} s:\n${output}`)
    serverGroups = (await groupsOf(startPid)).serverGroups
    const editsMs: Array<number | null> = []
    for (const [i, target] of targets.entries()) {
      const file = join(contentDir, target.file)
      originals.set(file, await readFile(file, 'utf8'))
      const word = `zqedit${i}x${Date.now().toString(36)}`
      const written = performance.now()
      await appendFile(file, `\nAn edit saved by the bench: ${word}.\n`)
      const ms = await until(async () => (await bodyOf(target.path))?.includes(word) ?? false, written, editTimeoutMs)
      editsMs.push(ms)
      if (ms === null) console.error(`author loop: ${target.path} did not show its edit within ${editTimeoutMs / 1000} s`)
    }
    const peakRss = await peaks(startPid)
    const done = editsMs.filter((ms): ms is number => ms !== null)
    return {
      firstServeMs,
      editsMs,
      edit: { median: median(done), min: Math.min(...done), max: Math.max(...done), timeouts: editsMs.length - done.length },
      peakRss,
    }
  } finally {
    // As Ctrl-C does: start.ts stops wrangler's group and exits. Whatever of
    // the groups it made is still there 15 s later is killed, and said.
    if (server.exitCode === null) server.kill('SIGTERM')
    let grace: NodeJS.Timeout | undefined
    await Promise.race([exited, new Promise((resolve) => (grace = setTimeout(resolve, 15_000)))])
    clearTimeout(grace)
    const alive = (group: number) => {
      try {
        process.kill(-group, 0)
        return true
      } catch {
        return false
      }
    }
    const deadline = performance.now() + 10_000
    while ([startPid, ...serverGroups].some(alive) && performance.now() < deadline) await sleep(100)
    for (const group of [startPid, ...serverGroups].filter(alive)) {
      console.error(`author loop: process group ${group} outlived npm start; killing it`)
      process.kill(-group, 'SIGKILL')
    }
    for (const [file, text] of originals) await writeFile(file, text)
    await rm(stateDir, { recursive: true, force: true })
  }
}
