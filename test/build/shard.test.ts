import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { renderKeyOf } from '../../build/render-cache.ts'
import { inShard, type Shard } from '../../build/shard.ts'
import { makeTempDir, removeTempDirs, SITE_EN, writeFiles } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const CLI = join(import.meta.dirname, '../../build/cli.ts')
const CACHE = 'node_modules/.cache/docs-service'
// Each case runs the CLI four times, each a Node start and Shiki's grammars.
const CLI_TIMEOUT = 120_000

interface CliRun {
  status: number
  stdout: string
  stderr: string
}

/** `npm run build -- ARGS` in `cwd` (its cache is `cwd/node_modules/.cache/docs-service`), on the content folder `content`. */
function runCli(cwd: string, content: string, args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, '--content', content, '--out', 'dist', ...args],
      { cwd, encoding: 'utf8', env: { ...process.env, GIT_CEILING_DIRECTORIES: cwd } },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** A folder's files, by path under it, with their bytes. */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
  return new Map(await Promise.all(files.sort().map(async (path) => [path, await readFile(join(dir, path))] as const)))
}

/** The one field two builds of the same content differ in: when each ran. */
const withoutBuiltAt = (manifest: Buffer) => manifest.toString('utf8').replace(/"builtAt": "[^"]*"/, '"builtAt": ""')

/** Three machines' worth of folders for one content folder: two shards and the final build, plus one that builds alone. */
async function machines(fixture: string, extra: Record<string, string> = {}) {
  const root = await makeTempDir('docs-shard-')
  const content = join(root, 'content')
  await cp(fixture, content, { recursive: true })
  await writeFiles(content, extra)
  const [first, second, final, alone] = ['first', 'second', 'final', 'alone'].map((name) => join(root, name)) as [string, string, string, string]
  for (const dir of [first, second, final, alone]) await mkdir(dir)
  return { content, first, second, final, alone }
}

const SAME_PAGE = '# Counting in both versions\n\nThis page did not change between 1.x and 2.x.\n'

const FIXTURES = [
  { name: 'two-locale site with release notes', path: 'test/fixtures/site', extra: {}, shared: 0 },
  {
    // A page the same in both versions is one rendering, in one shard, rendered once.
    name: 'versioned site (a current version and a Docusaurus versioned_docs folder)',
    path: 'test/fixtures/docusaurus-versions',
    extra: { 'docs/en/counting.md': SAME_PAGE, 'versioned_docs/version-1.x/counting.md': SAME_PAGE },
    shared: 1,
  },
]

describe('npm run build -- --shard i/n', () => {
  for (const fixture of FIXTURES) {
    it(
      `renders the ${fixture.name} in two shards whose merged caches make the final build render 0 pages and write, file for file, what one machine writes`,
      async () => {
        const { content, first, second, final, alone } = await machines(fixture.path, fixture.extra)
        const [shard1, shard2, one] = await Promise.all([
          runCli(first, content, ['--shard', '1/2']),
          runCli(second, content, ['--shard', '2/2']),
          runCli(alone, content, ['--no-cache']),
        ])
        for (const run of [shard1, shard2, one]) expect(run.status, run.stderr).toBe(0)
        const counts = [shard1, shard2].map((run) => {
          const match = /^ {2}rendered (\d+), already cached 0 \(of (\d+) in all shards\)$/m.exec(run.stdout)
          expect(match, run.stdout).not.toBeNull()
          return { rendered: Number(match?.[1]), total: Number(match?.[2]) }
        })
        const total = counts[0]?.total ?? 0
        expect(counts.map((count) => count.rendered).every((rendered) => rendered > 0)).toBe(true)
        expect((counts[0]?.rendered ?? 0) + (counts[1]?.rendered ?? 0)).toBe(total)
        const inputs = Number(/\n {2}rendered (\d+), from cache 0/.exec(one.stdout)?.[1])
        expect(total).toBe(inputs - fixture.shared)
        for (const dir of [first, second]) expect(existsSync(join(dir, 'dist'))).toBe(false)

        // As the final job's download-artifact with merge-multiple: every shard's cache copied into one folder.
        for (const dir of [first, second]) await cp(join(dir, CACHE), join(final, CACHE), { recursive: true })
        const merged = await runCli(final, content, [])
        expect(merged.status, merged.stderr).toBe(0)
        expect(merged.stdout).toContain(`\n  rendered 0, from cache ${inputs}`)

        const built = await filesOf(join(final, 'dist'))
        const expected = await filesOf(join(alone, 'dist'))
        expect([...built.keys()]).toEqual([...expected.keys()])
        for (const [path, bytes] of expected) {
          if (path === 'manifest.json') expect(withoutBuiltAt(built.get(path) as Buffer)).toBe(withoutBuiltAt(bytes))
          else expect(built.get(path)?.equals(bytes), path).toBe(true)
        }
      },
      CLI_TIMEOUT,
    )
  }

  it(
    'writes cache files no other shard writes, so caches merge by copying folders together',
    async () => {
      const { content, first, second } = await machines('test/fixtures/site')
      await Promise.all([runCli(first, content, ['--shard', '1/2']), runCli(second, content, ['--shard', '2/2'])])
      const [a, b] = await Promise.all([filesOf(join(first, CACHE)), filesOf(join(second, CACHE))])
      expect(a.size).toBeGreaterThan(0)
      expect(b.size).toBeGreaterThan(0)
      expect([...a.keys()].filter((path) => b.has(path))).toEqual([])
    },
    CLI_TIMEOUT,
  )

  it(
    'leaves an existing dist/ as it was',
    async () => {
      const { content, first } = await machines('test/fixtures/site')
      expect((await runCli(first, content, ['--no-cache'])).status).toBe(0)
      const before = await filesOf(join(first, 'dist'))
      const run = await runCli(first, content, ['--shard', '1/1'])
      expect(run.status, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/^rendered shard 1\/1 into node_modules\/\.cache\/docs-service\/ in [\d.]+ s; no dist\/ written\n/)
      expect(await filesOf(join(first, 'dist'))).toEqual(before)
    },
    CLI_TIMEOUT,
  )

  it(
    "fails a shard whose pages do not render with each problem as path:line, and caches none of the failed page's renderings",
    async () => {
      const root = await makeTempDir('docs-shard-')
      await writeFiles(join(root, 'content'), { 'site.yml': SITE_EN, 'docs/en/index.md': '# Home\n', 'docs/en/broken.mdx': '# Broken\n\n<Tabs>\n' })
      const run = await runCli(root, 'content', ['--shard', '1/1'])
      expect(run.status).toBe(1)
      expect(run.stderr).toMatch(/^content\/docs\/en\/broken\.mdx:3: .+\nbuild failed: 1 problem; nothing was written\n$/)
      expect(run.stdout).toBe('')
      const cached = await filesOf(join(root, CACHE))
      // A stored rendering's first line is its outline (render-cache.ts).
      expect([...cached.values()].map((bytes) => JSON.parse(bytes.toString('utf8').split('\n')[0] as string).outline.h1)).toEqual(['Home'])
    },
    CLI_TIMEOUT,
  )

  it(
    'refuses a shard number out of range, a malformed shard and --no-cache with one line and exit code 1, writing nothing',
    async () => {
      const { content, first } = await machines('test/fixtures/site')
      const cases: Array<[string[], string]> = [
        [['--shard', '0/2'], "--shard 0/2: the shard's number must be from 1 to 2"],
        [['--shard', '3/2'], "--shard 3/2: the shard's number must be from 1 to 2"],
        [['--shard', 'a/b'], '--shard "a/b": expected i/n, the shard\'s number and the number of shards (such as 1/4)'],
        [['--shard', '1/0'], '--shard 1/0: the number of shards must be 1 or more'],
        [['--shard', '1.5/2'], '--shard "1.5/2": expected i/n, the shard\'s number and the number of shards (such as 1/4)'],
        [['--shard', '1/2', '--no-cache'], '--shard renders into the render cache, so it cannot be used with --no-cache'],
        [['--shard'], "Option '--shard <value>' argument missing"],
      ]
      const runs = await Promise.all(cases.map(([args]) => runCli(first, content, args)))
      expect(runs.map(({ status, stderr, stdout }) => ({ status, stderr, stdout }))).toEqual(cases.map(([, message]) => ({ status: 1, stderr: `${message}\n`, stdout: '' })))
      expect(await readdir(first)).toEqual([])
    },
    CLI_TIMEOUT,
  )
})

describe('the shard a rendering belongs to', () => {
  const keys = Array.from({ length: 6000 }, (_, i) => renderKeyOf({ path: `docs/en/page-${i}.md`, body: `# Page ${i}\n`, bodyLine: 1 }))

  it('is exactly one of the shards, for every count', () => {
    for (const count of [1, 2, 3, 7]) {
      const shards: Shard[] = Array.from({ length: count }, (_, i) => ({ index: i + 1, count }))
      for (const key of keys) expect(shards.filter((shard) => inShard(key, shard)).length).toBe(1)
    }
  })

  it('spreads the pages evenly: each of four shards holds a quarter of them, give or take two points', () => {
    for (let index = 1; index <= 4; index++) {
      const share = keys.filter((key) => inShard(key, { index, count: 4 })).length / keys.length
      expect(Math.abs(share - 0.25)).toBeLessThan(0.02)
    }
  })
})
