import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { readRepoFacts, type RepoFacts } from './named-in-docs.ts'
import { readmeProblems, variablesIn } from './readme-check.ts'

// The README is the front page: what it tells a newcomer to run must run.
let readme: string
let repo: RepoFacts

beforeAll(async () => {
  readme = await readFile('README.md', 'utf8')
  repo = await readRepoFacts()
})

const problemsOf = (text: string) => readmeProblems(text, 'README.md', repo)

describe('the README', () => {
  it('opens with the two commands: npm install && npm start, and npm test', () => {
    const block = /```bash\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''
    expect(block.split('\n')[0]).toMatch(/^npm install && npm start\s+# .*local KV.*preview on http:\/\/127\.0\.0\.1:8787/)
    expect(block.split('\n')[1]).toMatch(/^npm test\s+# /)
  })

  it('stays a front page of about 200 lines at most', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(210)
  })

  it('names only scripts, npx commands, flags, variables and files that exist', async () => {
    expect(await problemsOf(readme)).toEqual([])
  })

  it('names commands, flags, variables and links enough for the check to mean something', async () => {
    expect(readme.match(/npm run [a-z]/g)?.length).toBeGreaterThan(10)
    expect(readme.match(/ --[a-z]/g)?.length).toBeGreaterThan(4)
    expect(variablesIn(readme).size).toBeGreaterThan(4)
    expect(readme.match(/\]\(content\/docs\/en\//g)?.length).toBeGreaterThan(15)
  })
})

describe('the README check', () => {
  it('finds a script package.json does not have', async () => {
    expect(await problemsOf('Run `npm run deploy` to ship it.\n')).toEqual(['npm run deploy: package.json has no such script'])
  })

  it("finds a flag the script's CLI does not parse, and not the flags it does", async () => {
    expect(await problemsOf('`npm run build -- --content docs --outdir x` and `npm run publish -- --remote`\n')).toEqual(['npm run build -- --outdir: its CLI reads no such flag'])
  })

  it('finds a flag that belongs to no npm script', async () => {
    expect(await problemsOf('Pass `--verbose` for more.\n')).toEqual(['--verbose: named outside any npm script, so no test can check it'])
  })

  it('finds an npx command that is not installed', async () => {
    expect(await problemsOf('`npx wrangler deploy`, then `npx no-such-tool`\n')).toEqual(['npx no-such-tool: not installed by package.json'])
  })

  it('finds a variable nothing reads, in each way a README writes one', async () => {
    expect(await problemsOf('`DOCS_DIR=x npm start`, `VERBOSE`, `PREVIEW = "true"`, `PORT=3000`\n')).toEqual([
      'DOCS_DIR: no code, wrangler.toml or workflow reads it',
      'VERBOSE: no code, wrangler.toml or workflow reads it',
    ])
  })

  it('finds a link to a missing file, and a #fragment that names no heading', async () => {
    expect(
      await problemsOf(
        '[a](content/docs/en/guides/gone.md), [b](content/docs/en/guides/publishing.md#rolling-back), [c](content/docs/en/guides/publishing.md#no-such-heading), [d](https://example.com/x.md)\n',
      ),
    ).toEqual([
      'link content/docs/en/guides/gone.md: no file content/docs/en/guides/gone.md',
      'link content/docs/en/guides/publishing.md#no-such-heading: content/docs/en/guides/publishing.md has no heading #no-such-heading',
    ])
  })
})
