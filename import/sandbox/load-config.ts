import { execFile } from 'node:child_process'
import * as nodeModule from 'node:module'
import { realpathSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import type { LoadedConfig } from '../plan.ts'

const DEFAULT_TIME_LIMIT_MS = 10_000

const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url))
// The child reads its own files and the parser it names stand-ins' exports with; nothing else of this project.
// acorn by its real path: resolving it through a symlinked node_modules would stat folders the child may not read.
const SANDBOX_DIR = dirname(CHILD)
const ACORN_ENTRY = realpathSync(fileURLToPath(import.meta.resolve('acorn')))
const ACORN_DIR = dirname(dirname(ACORN_ENTRY))

const childResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown(), standIns: z.array(z.string()) }),
  z.object({ ok: z.literal(false), error: z.object({ message: z.string(), file: z.string().nullable(), line: z.number().nullable() }) }),
])

/** A project module that could not be evaluated; the message is one line, `file:line: cause`. */
export class ConfigLoadError extends Error {
  override name = 'ConfigLoadError'
}

export interface LoadOptions {
  /** Folders the project's code may read: the project, and the repository around it (configs import `../package.json`). */
  readable: string[]
  /** The folder problems are named relative to. */
  root: string
  timeLimitMs?: number
}

/**
 * Evaluates `file` (a config, or another module of the project) in a
 * separate Node process under the permission model: it may read only
 * `readable` and the sandbox's own files; it may not write, start
 * processes or workers, or load addons; it is killed at the time limit.
 */
export function loadConfig(file: string, options: LoadOptions): Promise<LoadedConfig> {
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS
  // The child's module hooks need Node 22.15; `npm run` uses the project's own Node, which has them.
  if (!('registerHooks' in nodeModule))
    return Promise.reject(new ConfigLoadError(`import needs Node 22.15 or later to read a config (this is ${process.version}); run it with npm run import`))
  const shown = relative(process.cwd(), file) || file
  const args = [
    '--permission',
    ...[...options.readable, SANDBOX_DIR, ACORN_DIR].map((dir) => `--allow-fs-read=${dir}`),
    '--disable-warning=ExperimentalWarning',
    CHILD,
    file,
    options.root,
    ACORN_ENTRY,
  ]
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { timeout: timeLimitMs, killSignal: 'SIGKILL', maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error?.killed) return reject(new ConfigLoadError(`${shown}: did not finish loading within ${timeLimitMs / 1000} s (an endless loop?); it was stopped`))
      const parsed = childResult.safeParse(lastJsonLine(stdout))
      if (!parsed.success) {
        const why = error?.code === 13 ? 'a top-level await never settled' : (stderr.trim().split('\n').at(-1) ?? `exited with ${String(error?.code)}`)
        return reject(new ConfigLoadError(`${shown}: could not be loaded: ${why}`))
      }
      if (!parsed.data.ok) {
        const { file: at, line, message } = parsed.data.error
        const where = at === null ? shown : `${relative(process.cwd(), `${options.root}/${at}`)}${line === null ? '' : `:${line}`}`
        return reject(new ConfigLoadError(`${where}: ${message}`))
      }
      resolve({ value: parsed.data.value, standIns: parsed.data.standIns })
    })
  })
}

function lastJsonLine(stdout: string): unknown {
  const line = stdout.trim().split('\n').at(-1) ?? ''
  try {
    return JSON.parse(line)
  } catch {
    return undefined
  }
}
