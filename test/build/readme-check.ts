// Holds a README to the repository: every npm script, npx command, CLI flag,
// upper-case variable and relative link it names must exist. Returns one
// sentence per thing that does not, so a test can show them all at once.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { headingIdsOf, type RepoFacts } from './named-in-docs.ts'

/** The commands a line may start: each owns the `--flags` after it, up to the next command. */
const COMMAND = /\b(?:npm run ([a-z][\w-]*)|npm (start|test)\b|npx ([\w@./-]+))/g

export async function readmeProblems(readme: string, readmePath: string, repo: RepoFacts): Promise<string[]> {
  const problems: string[] = []
  for (const line of readme.split('\n')) problems.push(...(await commandProblems(line, repo)))
  for (const variable of variablesIn(readme)) if (!repo.isRead(variable)) problems.push(`${variable}: no code, wrangler.toml or workflow reads it`)
  problems.push(...(await linkProblems(readme, dirname(readmePath))))
  return problems
}

async function commandProblems(line: string, repo: RepoFacts): Promise<string[]> {
  const problems: string[] = []
  const commands = [...line.matchAll(COMMAND)]
  const firstCommand = commands[0]?.index ?? line.length
  for (const flag of flagsIn(line.slice(0, firstCommand))) problems.push(`--${flag}: named outside any npm script, so no test can check it`)
  for (const [i, command] of commands.entries()) {
    const [whole, run, lifecycle, bin] = command
    const script = run ?? lifecycle
    const flags = flagsIn(line.slice((command.index ?? 0) + whole.length, commands[i + 1]?.index ?? line.length))
    if (bin !== undefined) {
      if (!repo.hasBin(bin)) problems.push(`npx ${bin}: not installed by package.json`)
      continue
    }
    if (script === undefined) continue
    if (!(script in repo.scripts)) {
      problems.push(`npm run ${script}: package.json has no such script`)
      continue
    }
    if (flags.length === 0) continue
    const known = await repo.flagsOf(script)
    for (const flag of flags) if (!known?.has(flag)) problems.push(`npm run ${script} -- --${flag}: its CLI reads no such flag`)
  }
  return problems
}

/** `--flag`s in a piece of a line (not the bare `--` that ends npm's own options). */
function flagsIn(text: string): string[] {
  return [...text.matchAll(/(?<![\w-])--([a-z][\w-]*)/g)].map((match) => match[1] as string)
}

/** Upper-case names a reader would set or look for: `SNAKE_CASE` anywhere, `NAME` alone in code, `NAME=` and `NAME = "…"`. */
export function variablesIn(text: string): Set<string> {
  const names = [
    ...text.matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g),
    ...text.matchAll(/`([A-Z][A-Z0-9]{2,})`/g),
    ...text.matchAll(/(?:^|[\s`])([A-Z][A-Z0-9]{2,}) ?= ?["\w$.]/gm),
  ]
  return new Set(names.map((match) => match[1] as string))
}

async function linkProblems(text: string, base: string): Promise<string[]> {
  const problems: string[] = []
  for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(?:[a-z]+:|#)/.test(target)) continue
    const [path = '', fragment] = target.split('#')
    const file = join(base, path)
    if (!existsSync(file)) {
      problems.push(`link ${target}: no file ${path}`)
      continue
    }
    if (fragment !== undefined && !headingIdsOf(await readFile(file, 'utf8')).has(decodeURIComponent(fragment))) {
      problems.push(`link ${target}: ${path} has no heading #${fragment}`)
    }
  }
  return problems
}
