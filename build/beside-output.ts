import { readdir, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * What a build keeps beside its output while it runs, named by its process: its staged output (`tmp`), its
 * renderings' text (`renderings`), and the output it replaces, between the two renames of its commit (`old`).
 */
type BesideOutput = 'tmp' | 'renderings' | 'old'

/** Where a build by process `pid` keeps `what` beside `outDir`. */
export function besideOutput(outDir: string, what: BesideOutput, pid = process.pid): string {
  return `${outDir}.${what}-${pid}`
}

// Not `old`: a build killed between the two renames of its commit leaves there the only output there is.
const LEFTOVER = /^(?:tmp|renderings)-(\d+)$/

/** Whether process `pid` is running; one that exists but is not ours to signal is running too. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes what builds that did not end left beside `outDir` (a build stopped with Ctrl-C or killed leaves its
 * staged output and renderings behind: gigabytes at 100,000 pages). What a running build holds stays.
 */
export async function removeLeftovers(outDir: string): Promise<void> {
  const prefix = `${basename(outDir)}.`
  const entries = await readdir(dirname(outDir)).catch(() => [])
  const stale = entries.filter((entry) => {
    const pid = entry.startsWith(prefix) ? Number(LEFTOVER.exec(entry.slice(prefix.length))?.[1]) : Number.NaN
    return Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)
  })
  await Promise.all(stale.map((entry) => rm(join(dirname(outDir), entry), { recursive: true, force: true })))
}
