import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface FileHistory {
  lastModified: string
  author: string
  commit: string
}

export interface GitHistory {
  /** Last commit of each file, keyed by path relative to the content root. */
  files: Map<string, FileHistory>
  head: string | null
  /** Set when history could not be read in full; the build warns and falls back. */
  warning: string | null
}

const RECORD = '\u001e'

/**
 * Reads the last commit of every file under `contentDir` in one `git log`
 * pass (newest first, so the first sighting of a path wins).
 */
export async function readGitHistory(contentDir: string): Promise<GitHistory> {
  const git = (...args: string[]) => run('git', ['-C', contentDir, ...args], { maxBuffer: 512 * 1024 * 1024 })
  let prefix: string
  let head: string
  try {
    prefix = (await git('rev-parse', '--show-prefix')).stdout.trim()
    head = (await git('rev-parse', 'HEAD')).stdout.trim()
  } catch {
    return { files: new Map(), head: null, warning: 'no git history found: edit metadata falls back to file times' }
  }
  const shallow = (await git('rev-parse', '--is-shallow-repository')).stdout.trim() === 'true'
  if (shallow) {
    return {
      files: new Map(),
      head,
      warning: 'shallow git clone: edit metadata falls back to file times (fetch full history, e.g. fetch-depth: 0)',
    }
  }
  // core.quotePath=false: paths such as `démarrer.md` come out as written, not octal-escaped.
  const { stdout } = await git('-c', 'core.quotePath=false', 'log', '--format=' + RECORD + '%H%x00%an%x00%aI', '--name-only', '--no-renames', '--', '.')
  const files = new Map<string, FileHistory>()
  for (const record of stdout.split(RECORD)) {
    const [header = '', ...paths] = record.split('\n')
    const [commit, author, lastModified] = header.split('\u0000')
    if (!commit || author === undefined || !lastModified) continue
    for (const path of paths) {
      if (!path.startsWith(prefix) || path === '') continue
      const relative = path.slice(prefix.length)
      if (!files.has(relative)) files.set(relative, { commit, author, lastModified: new Date(lastModified).toISOString() })
    }
  }
  return { files, head, warning: null }
}
