// What the repository really has, for tests that hold its docs (the README,
// content/) to it: npm scripts, the flags each script's CLI parses, the
// environment variables and bindings some code reads, and the headings a
// Markdown file links may name.
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import GithubSlugger from 'github-slugger'
import { z } from 'zod'

const PackageJson = z.object({ scripts: z.record(z.string(), z.string()) })

/** The folders whose code may read a variable, beside wrangler.toml and the CI workflow. */
const CODE_FOLDERS = ['build', 'contract', 'import', 'lib', 'publish', 'scripts', 'search', 'worker', 'test/e2e']

export interface RepoFacts {
  /** npm scripts by name, as package.json has them. */
  scripts: Record<string, string>
  /** The `--flags` the CLI behind an npm script parses, or undefined when the script runs no CLI of this repository. */
  flagsOf(script: string): Promise<Set<string> | undefined>
  /** Whether an executable of that name is installed for `npx`. */
  hasBin(name: string): boolean
  /** Whether wrangler.toml, the workflow or the code reads (or defines) this upper-case name. */
  isRead(variable: string): boolean
}

export async function readRepoFacts(root = '.'): Promise<RepoFacts> {
  const { scripts } = PackageJson.parse(JSON.parse(await readFile(join(root, 'package.json'), 'utf8')))
  const readers = await Promise.all([join(root, 'wrangler.toml'), join(root, '.github/workflows/ci.yml'), ...(await codeFiles(root))].map((path) => readFile(path, 'utf8')))
  const code = readers.join('\n')
  return {
    scripts,
    async flagsOf(script) {
      const file = /\bnode (?:--\S+ )*(\S+\.ts)\b/.exec(scripts[script] ?? '')?.[1]
      if (!file) return undefined
      const source = await readFile(join(root, file), 'utf8')
      // parseArgs options, as every CLI here declares them: `name: { type: …` or `'no-cache': { type: …`.
      return new Set([...source.matchAll(/['\s]([a-z][\w-]*)'?: \{ type:/g)].map((match) => match[1] as string))
    },
    hasBin: (name) => existsSync(join(root, 'node_modules/.bin', name)),
    isRead: (variable) => new RegExp(`env\\.${variable}\\b|\\b${variable}\\s*[:=]|"${variable}"|secrets\\.${variable}\\b`).test(code),
  }
}

async function codeFiles(root: string): Promise<string[]> {
  const lists = await Promise.all(
    CODE_FOLDERS.filter((folder) => existsSync(join(root, folder))).map(async (folder) =>
      (await readdir(join(root, folder), { recursive: true })).filter((path) => path.endsWith('.ts')).map((path) => join(root, folder, path)),
    ),
  )
  return lists.flat()
}

/** The ids a link's `#fragment` may name in a Markdown file: its headings by GitHub's slug rule, and `{#id}`s. */
export function headingIdsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger()
  const ids = new Set<string>()
  let fence: string | null = null
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
    if (marker && (fence === null || marker.startsWith(fence))) fence = fence === null ? marker : null
    const heading = fence === null ? /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1] : undefined
    if (heading === undefined) continue
    const custom = /\{#([^}]+)\}$/.exec(heading)?.[1]
    ids.add(custom ?? slugger.slug(plainText(heading)))
  }
  return ids
}

/** A heading's text as GitHub slugs it: the words readers see, without inline Markdown. */
function plainText(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
}
