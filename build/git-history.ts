import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { FileHistory, FileRename, GitHistory } from './content/read-results.ts'

const run = promisify(execFile)

const RECORD = '\u001e'

/** A git command's output, run in `cwd`. */
export async function runGit(cwd: string, args: string[]): Promise<string> {
  return (await run('git', ['-C', cwd, ...args], { maxBuffer: 512 * 1024 * 1024 })).stdout
}

/**
 * Reads the last commit of every file under `contentDir` in one `git log`
 * pass (newest first, so the first sighting of a path wins), as of `ref`
 * (a version kept at a git ref has the history of that ref).
 */
export async function readGitHistory(contentDir: string, ref = 'HEAD'): Promise<GitHistory> {
  const git = async (...args: string[]) => ({ stdout: await runGit(contentDir, args) })
  let prefix: string
  let head: string
  try {
    prefix = (await git('rev-parse', '--show-prefix')).stdout.trim()
    head = (await git('rev-parse', ref)).stdout.trim()
  } catch {
    return { files: new Map(), renames: [], head: null, warning: 'no git history found: edit metadata falls back to file times' }
  }
  const shallow = (await git('rev-parse', '--is-shallow-repository')).stdout.trim() === 'true'
  if (shallow) {
    return {
      files: new Map(),
      renames: [],
      head,
      warning: 'shallow git clone: edit metadata falls back to file times (fetch full history, e.g. fetch-depth: 0)',
    }
  }
  const [{ stdout }, renames] = await Promise.all([
    // core.quotePath=false: paths such as `démarrer.md` come out as written, not octal-escaped.
    git('-c', 'core.quotePath=false', 'log', `--format=${RECORD}%H%x00%an%x00%aI`, '--name-only', '--no-renames', ref, '--', '.'),
    readRenames(git, prefix, ref),
  ])
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
  return { files, renames, head, warning: null }
}

const page = /^docs\/.+\.mdx?$/

/**
 * Renames as git detects them (a file moved and mostly unchanged, by git's
 * default 50% similarity); a file moved and rewritten in one commit shows as
 * a deletion and a new file, so it gives no rename. Merges add none of their
 * own: the branch's commits show its renames.
 */
async function readRenames(git: (...args: string[]) => Promise<{ stdout: string }>, prefix: string, ref: string): Promise<FileRename[]> {
  // -z prints `R<score>\0old\0new\0` with paths verbatim, whatever they contain.
  const { stdout } = await git('log', '-z', '--format=', '--name-status', '-M', '--diff-filter=R', ref, '--', '.')
  const fields = stdout.split('\u0000')
  const renames: FileRename[] = []
  for (let at = 0; at + 2 < fields.length; at += 3) {
    const [status = '', from = '', to = ''] = fields.slice(at, at + 3)
    if (!status.startsWith('R') || !from.startsWith(prefix) || !to.startsWith(prefix)) continue
    const rename = { from: from.slice(prefix.length), to: to.slice(prefix.length) }
    if (page.test(rename.from) && page.test(rename.to)) renames.push(rename)
  }
  return renames
}

/**
 * A file's text in the last `limit` commits that changed it, newest first (a path relative to
 * `contentDir`); none outside a git repository. An API reference reads its documents' history for
 * renamed operationIds.
 */
export async function committedTexts(contentDir: string, path: string, limit: number): Promise<string[]> {
  try {
    const prefix = (await runGit(contentDir, ['rev-parse', '--show-prefix'])).trim()
    const commits = (await runGit(contentDir, ['log', '--format=%H', `-n${limit}`, '--', path])).split('\n').filter(Boolean)
    return await Promise.all(commits.map((commit) => runGit(contentDir, ['show', `${commit}:${prefix}${path}`]).catch(() => '')))
  } catch {
    return []
  }
}
