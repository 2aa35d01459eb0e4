import { relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MissingLocalFile } from './hooks.ts'

export interface Failure {
  message: string
  /** Relative to the project folder, with `/`; null when no project file is to blame. */
  file: string | null
  line: number | null
}

/** What went wrong in the project's code, placed at the first of its own files in the stack. */
export function describeFailure(error: unknown, root: string): Failure {
  const message = refusal(error) ?? (error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message.split('\n')[0] ?? ''}` : `threw ${String(error)}`)
  if (error instanceof MissingLocalFile) return { message: error.message, file: projectPath(error.file, root), line: error.line }
  const stack = error instanceof Error ? (error.stack ?? '') : ''
  for (const match of stack.matchAll(/(file:\/\/\/[^\s)]+?|\/[^\s():]+?):(\d+)(?::\d+)?/g)) {
    const [, location = '', line = ''] = match
    const path = projectPath(location.startsWith('file:') ? fileURLToPath(location) : location, root)
    if (path !== null) return { message, file: path, line: Number(line) }
  }
  return { message, file: null, line: null }
}

function projectPath(path: string, root: string): string | null {
  const inside = relative(root, path)
  return inside.startsWith('..') || inside === '' ? null : inside.split(sep).join('/')
}

const REFUSED: Record<string, string> = {
  FileSystemWrite: 'write a file',
  FileSystemRead: 'read outside the project',
  ChildProcess: 'start a process',
  WorkerThreads: 'start a worker thread',
  Addon: 'load a native addon',
  WASI: 'run WASI',
}

/** The permission model's refusal, said as what the config tried to do. */
function refusal(error: unknown): string | null {
  if (!(error instanceof Error) || !('code' in error) || error.code !== 'ERR_ACCESS_DENIED') return null
  const permission = 'permission' in error ? String(error.permission) : ''
  const resource = 'resource' in error && typeof error.resource === 'string' ? ` (${error.resource})` : ''
  return `refused: the config tried to ${REFUSED[permission] ?? 'use a permission'}${resource}; import runs it with read access to the project only`
}
