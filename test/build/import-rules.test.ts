import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { makeTempDir, removeTempDirs, writeFiles } from '../shared/build-helpers.ts'

// The import rules `npm test` checks first (.dependency-cruiser.cjs), run on a small tree laid out as
// this repository is, in which each import below breaks one rule, and a few allowed ones break none.
const CONFIG = resolve('.dependency-cruiser.cjs')
const CLI = resolve('node_modules/dependency-cruiser/bin/dependency-cruiser.mjs')

const TREE = {
  'worker/circle-a.ts': "import { b } from './circle-b.ts'\nexport const a = () => b",
  'worker/circle-b.ts': "import { a } from './circle-a.ts'\nexport const b = () => a",
  'worker/reads-files.ts': "import { readFile } from 'node:fs/promises'\nexport const read = readFile",
  'worker/runs-the-build.ts': "import { emit } from '../build/emit.ts'\nexport const run = emit",
  'worker/starts-processes.ts': "import { members } from '../lib/process-group.ts'\nexport const list = members",
  'worker/suggests.ts': "import { nearest } from '../lib/nearest-name.ts'\nexport const suggest = nearest",
  'worker/misspelt.ts': "import { gone } from './not-there.ts'\nexport const g = gone",
  'search/reads-the-content.ts': "import { read } from '../build/read.ts'\nexport const index = read",
  'search/uses-contract.ts': "import { schema } from '../contract/schema.ts'\nexport const s = schema",
  'contract/schema.ts': 'export const schema = 1',
  'search/engine.ts': "import { decode } from './codec.ts'\nexport const load = decode",
  'search/codec.ts': 'export const decode = 1',
  'worker/decodes-by-hand.ts': "import { decode } from '../search/codec.ts'\nexport const d = decode",
  'worker/asks-the-engine.ts': "import { load } from '../search/engine.ts'\nexport const l = load",
  'lib/process-group.ts': "import { readdir } from 'node:fs/promises'\nexport const members = readdir",
  'lib/nearest-name.ts': 'export const nearest = (name: string) => name',
  'build/read.ts': "import { readFile } from 'node:fs/promises'\nexport const read = readFile",
  'build/emit.ts': "import { publish } from '../publish/publish.ts'\nexport const emit = publish",
  'publish/publish.ts': "import { version } from '../build/pipeline/version.ts'\nexport const publish = version",
  'build/pipeline/version.ts': "import { read } from '../read.ts'\nexport const version = read",
  'build/markdown/render.ts': "import { version } from '../pipeline/version.ts'\nimport { stat } from 'node:fs'\nexport const render = [version, stat]",
  'build/content/documents.ts': "import { render } from '../markdown/render.ts'\nexport const documents = render",
  'test/import/detect.test.ts': "import { folder } from '../build/helpers.ts'\nimport { shared } from '../shared/helpers.ts'\nexport const t = [folder, shared]",
  'test/build/helpers.ts': 'export const folder = 1',
  'test/shared/helpers.ts': 'export const shared = 1',
}

const Violation = z.object({ rule: z.object({ name: z.string() }), from: z.string(), to: z.string() })
const Report = z.object({ summary: z.object({ violations: z.array(Violation) }) })
const ConfigModule = z.object({ default: z.object({ forbidden: z.array(z.object({ name: z.string() })) }) })

let violations: Array<z.infer<typeof Violation>>

beforeAll(async () => {
  const dir = await makeTempDir('docs-import-rules-')
  await writeFiles(dir, TREE)
  const args = [CLI, '--config', CONFIG, '--output-type', 'json', 'build', 'contract', 'publish', 'search', 'worker', 'lib', 'test']
  // The CLI exits non-zero when it finds violations, which is what this tree is for: its report is on stdout either way.
  const stdout = await promisify(execFile)(process.execPath, args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout }) => stdout,
    (error: Error & { stdout?: string }) => {
      if (!error.stdout) throw error
      return error.stdout
    },
  )
  violations = Report.parse(JSON.parse(stdout)).summary.violations
}, 60_000)

afterAll(removeTempDirs)

const broken = (rule: string) => violations.filter((violation) => violation.rule.name === rule).map(({ from, to }) => `${from} -> ${to}`)

describe('the import rules npm test checks', () => {
  it.each([
    ['no-circular', 'worker/circle-a.ts -> worker/circle-b.ts'],
    ['workerd-no-node-builtins', 'worker/reads-files.ts -> fs/promises'],
    ['workerd-no-node-side-modules', 'search/reads-the-content.ts -> build/read.ts'],
    ['workerd-lib-runtime-neutral', 'worker/starts-processes.ts -> lib/process-group.ts'],
    ['contract-and-search-stand-alone', 'search/reads-the-content.ts -> build/read.ts'],
    ['search-through-its-engine', 'worker/decodes-by-hand.ts -> search/codec.ts'],
    ['build-publish-meet-at-contract', 'build/emit.ts -> publish/publish.ts'],
    ['publish-build-meet-at-contract', 'publish/publish.ts -> build/pipeline/version.ts'],
    ['pure-build-no-file-system', 'build/pipeline/version.ts -> build/read.ts'],
    ['pure-build-no-file-system', 'build/markdown/render.ts -> fs'],
    ['build-content-below-markdown', 'build/content/documents.ts -> build/markdown/render.ts'],
    ['build-markdown-below-pipeline', 'build/markdown/render.ts -> build/pipeline/version.ts'],
    ['worker-not-node-side', 'worker/runs-the-build.ts -> build/emit.ts'],
    ['tests-share-through-test-shared', 'test/import/detect.test.ts -> test/build/helpers.ts'],
    ['not-to-unresolvable', 'worker/misspelt.ts -> ./not-there.ts'],
  ])('%s refuses %s', (rule, edge) => {
    expect(broken(rule)).toContain(edge)
  })

  it('lets the worker use a runtime-neutral lib module and the search engine, search use contract, and tests share through test/shared', () => {
    const edges = violations.map(({ from, to }) => `${from} -> ${to}`)
    expect(edges).not.toContain('worker/suggests.ts -> lib/nearest-name.ts')
    expect(edges).not.toContain('worker/asks-the-engine.ts -> search/engine.ts')
    expect(edges).not.toContain('search/uses-contract.ts -> contract/schema.ts')
    expect(edges).not.toContain('test/import/detect.test.ts -> test/shared/helpers.ts')
  })

  it('has a case here for every rule of the config', async () => {
    const config = ConfigModule.parse(await import(CONFIG))
    const rules = config.default.forbidden.map((rule) => rule.name)
    expect(new Set(violations.map((violation) => violation.rule.name))).toEqual(new Set(rules))
  })
})
