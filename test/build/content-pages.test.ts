import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { readRepoFacts } from './named-in-docs.ts'

// The repository's own docs (content/) name commands, flags, variables and CI
// secrets; each must still exist where the code reads it.
let pages: Map<string, string>
let scripts: Record<string, string>
let workflow: string

beforeAll(async () => {
  const files = (await readdir('content', { recursive: true })).filter((path) => path.endsWith('.md'))
  pages = new Map(await Promise.all(files.map(async (path) => [path, await readFile(join('content', path), 'utf8')] as const)))
  scripts = (JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
  workflow = await readFile('.github/workflows/ci.yml', 'utf8')
})

const matchesIn = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1] as string)
const allPages = () => [...pages.values()].join('\n')

describe('the content pages', () => {
  it('tell CI to set exactly the secrets the workflow reads, on every Publishing page', () => {
    const needed = new Set(matchesIn(workflow, /secrets\.([A-Z_]+)/g))
    expect(needed.size).toBeGreaterThan(1)
    const publishing = [...pages].filter(([path]) => path.endsWith('guides/publishing.md'))
    expect(publishing.length).toBeGreaterThan(0)
    for (const [path, text] of publishing) expect(new Set(matchesIn(text, /gh secret set ([A-Z_]+)/g)), path).toEqual(needed)
  })

  it('name only npm scripts that package.json has', () => {
    const named = new Set(matchesIn(allPages(), /npm run ([a-z][\w-]*)/g))
    expect(named.size).toBeGreaterThan(5)
    for (const script of named) expect(Object.keys(scripts), `npm run ${script}`).toContain(script)
  })

  it('pass only flags that the script reads', async () => {
    const uses = [...allPages().matchAll(/npm run ([a-z][\w-]*) -- ([^`\n]*)/g)]
    expect(uses.length).toBeGreaterThan(5)
    for (const [use, script = '', args = ''] of uses) {
      const file = /node (\S+\.ts)/.exec(scripts[script] ?? '')?.[1]
      expect(file, use).toBeDefined()
      const source = await readFile(file as string, 'utf8')
      for (const flag of matchesIn(args, /--([a-z][\w-]*)/g)) expect(source, `${use}: --${flag}`).toMatch(new RegExp(`['\\s]${flag}'?: \\{ type:`))
    }
  })

  it('name only variables that the code, wrangler.toml or the workflow read', async () => {
    const named = new Set(matchesIn(allPages(), /\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g))
    expect(named.size).toBeGreaterThan(3)
    const repo = await readRepoFacts()
    for (const variable of named) expect(repo.isRead(variable), variable).toBe(true)
  })
})
