import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import type { ProjectFiles } from './plan.ts'

/** Dependencies and history, wherever they are. */
const SKIPPED_ANYWHERE = new Set(['node_modules', '.git'])
/** Each framework's build output and caches, at the top of the folder listed. */
const SKIPPED_AT_TOP = new Set(['.docusaurus', '.astro', 'dist', 'build', '.vitepress/dist', '.vitepress/cache'])

/**
 * Every file under `dir` (relative to `root`, `../` allowed), as a path
 * relative to `root` with `/` separators, sorted; dependencies, git and
 * build output left out; empty when the folder is absent.
 */
export function listProjectFiles(root: string, dir = '.'): ProjectFiles {
  const start = resolve(root, dir)
  if (!existsSync(start)) return []
  const found: string[] = []
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      const inside = relative(start, path).split(sep).join('/')
      if (entry.isDirectory()) {
        if (!SKIPPED_ANYWHERE.has(entry.name) && !SKIPPED_AT_TOP.has(inside)) walk(path)
      } else if (entry.isFile()) {
        found.push(relative(root, path).split(sep).join('/'))
      }
    }
  }
  walk(start)
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

/** A project file's text, by a path relative to `root` (`../` allowed); undefined when absent. */
export function readProjectText(root: string, path: string): string | undefined {
  const file = resolve(root, path)
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined
}

/**
 * The folders the project's code may read while it is evaluated: the
 * repository that holds it (configs import `../package.json`, Docusaurus
 * keeps docs at `../docs`), else the project folder's parent.
 */
export function readableFolders(root: string): string[] {
  for (let folder = root; ; folder = dirname(folder)) {
    if (existsSync(join(folder, '.git'))) return [folder]
    if (dirname(folder) === folder) return [dirname(root)]
  }
}
