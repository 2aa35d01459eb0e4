import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { codeHash, reachableModules } from '../../build/code-hash.ts'
import { makeTempDir, removeTempDirs, writeFiles } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const ROOT = join(import.meta.dirname, '../..')
const reachedFrom = async (...entries: string[]) => [...(await reachableModules(entries.map((entry) => pathToFileURL(join(ROOT, entry))))).keys()]

describe('the code the render cache is keyed by', () => {
  it('reaches the processor and every Markdown plugin from render.ts', async () => {
    const plugins = (await readdir(join(ROOT, 'build/markdown/plugins'))).filter((name) => name.endsWith('.ts'))
    expect(plugins.length).toBeGreaterThan(0)
    const reached = await reachedFrom('build/markdown/render.ts')
    expect(reached).toContain(join(ROOT, 'build/markdown/processor.ts'))
    for (const plugin of plugins) expect(reached).toContain(join(ROOT, 'build/markdown/plugins', plugin))
  })

  it('reaches the search indexer, its tokenizer and its codec from search-index.ts', async () => {
    const reached = await reachedFrom('build/pipeline/search-index.ts')
    for (const file of ['search/indexer.ts', 'search/tokenize.ts', 'search/codec.ts']) expect(reached).toContain(join(ROOT, file))
  })
})

describe('a hash of the code reached through imports', () => {
  const GRAPH = {
    'entry.ts': [
      "import {\n  render,\n  type Options,\n} from './lib/render.ts'",
      "import type { Shape } from './types.ts'",
      "import './register.ts'",
      "export { helper } from '../outside/helper.ts'",
      'export const run = (options: Options, shape: Shape) => render(options, shape)',
    ].join('\n'),
    'lib/render.ts': "export * from './deep.ts'\nexport const render = () => 'v1'\n",
    'lib/deep.ts': 'export const deep = 1\n',
    'types.ts': 'export type Shape = { a: 1 }\n',
    'register.ts': 'globalThis.registered = true\n',
    '../outside/helper.ts': 'export const helper = 2\n',
    'unused.ts': 'export const unused = 3\n',
  }

  const writeGraph = async () => {
    const dir = join(await makeTempDir('docs-code-hash-'), 'src')
    await writeFiles(dir, GRAPH)
    return { dir, entry: pathToFileURL(join(dir, 'entry.ts')) }
  }

  it('follows multi-line, type-only, side-effect and re-exporting imports, in and out of folders', async () => {
    const { dir, entry } = await writeGraph()
    expect([...(await reachableModules([entry])).keys()].sort()).toEqual(
      ['entry.ts', 'lib/render.ts', 'lib/deep.ts', 'types.ts', 'register.ts', '../outside/helper.ts'].map((path) => join(dir, path)).sort(),
    )
  })

  it('changes when a reached file changes, even two imports away', async () => {
    const { dir, entry } = await writeGraph()
    const before = await codeHash([entry])
    await writeFiles(dir, { 'lib/deep.ts': 'export const deep = 2\n' })
    expect(await codeHash([entry])).not.toBe(before)
  })

  it('stays the same when only a file nothing imports changes', async () => {
    const { dir, entry } = await writeGraph()
    const before = await codeHash([entry])
    await writeFiles(dir, { 'unused.ts': 'export const unused = 4\n' })
    expect(await codeHash([entry])).toBe(before)
  })
})
