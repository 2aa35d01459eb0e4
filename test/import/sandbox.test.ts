import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigLoadError, loadConfig } from '../../import/sandbox/load-config.ts'

const FIXTURES = resolve('test/fixtures/import')

function load(project: string, timeLimitMs?: number) {
  const root = join(FIXTURES, project)
  return loadConfig(join(root, '.vitepress/config.mts'), { readable: [root], root, ...(timeLimitMs === undefined ? {} : { timeLimitMs }) })
}

async function failure(project: string, timeLimitMs?: number): Promise<string> {
  const error: unknown = await load(project, timeLimitMs).then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ConfigLoadError)
  return error instanceof Error ? error.message : ''
}

describe('the config sandbox', () => {
  const probe = `docs-import-probe-${process.pid}`
  afterEach(() => rm(join(tmpdir(), probe), { force: true }))

  it('evaluates a config with its packages replaced by stand-ins that hand back their argument, and names each stand-in', async () => {
    const loaded = await load('sandbox-stand-ins')
    expect(loaded.standIns).toEqual(['prism-kit', 'prism-kit/themes/github.css', 'shiki-extras', 'vitepress', 'vitepress-plugin-tabs'])
    expect(loaded.value).toEqual({
      title: 'Stand-ins 2.4.0',
      pattern: { __regexp: '\\.md$' },
      themeConfig: { sidebar: { '/guide/': [{ text: 'Start', link: '/guide/' }] } },
      markdown: {
        // Property access on a CommonJS `require` stand-in, never called.
        theme: { __standIn: { module: 'prism-kit', export: 'themes.github' } },
        // require.resolve() of a package's file: a path under the project's node_modules, installed or not.
        stylesheet: join(FIXTURES, 'sandbox-stand-ins/node_modules/prism-kit/themes/github.css'),
        languages: [{ __standIn: { module: 'shiki-extras', export: 'extra' }, args: ['toml'] }],
        config: { __function: 'config' },
      },
      __standIn: { module: 'vitepress', export: 'defineConfig' },
    })
  })

  it("loads a package.json by import attribute with its named exports, stands in for a path into node_modules that is not installed, and spreads a stand-in call's result as one tagged entry", async () => {
    const loaded = await load('sandbox-json-spread')
    expect(loaded.standIns).toEqual(['@lanternfish/parser/package.json', 'release-links', 'vitepress'])
    expect(loaded.value).toEqual({
      title: 'lanternfish 0.9.1',
      themeConfig: {
        parser: { __standIn: { module: '@lanternfish/parser/package.json', export: 'version' } },
        sidebar: [
          { text: 'Intro', link: '/intro' },
          { __standIn: { module: 'release-links', export: 'makeReleaseLinks' }, args: [{ base: 'releases' }] },
        ],
      },
      __standIn: { module: 'vitepress', export: 'defineConfig' },
    })
  })

  it('calls a config exported as a function, and names what JSON cannot carry: dates, maps, sets, cycles, a stylesheet', async () => {
    const loaded = await load('sandbox-function')
    expect(loaded.standIns).toEqual([])
    expect(loaded.value).toEqual({
      title: 'Built by build',
      released: '2026-01-31T00:00:00.000Z',
      aliases: { latest: '3.x' },
      tags: ['a', 'b'],
      // The cycle is cut where it closes.
      shared: { name: 'shared' },
      styles: { __file: join(FIXTURES, 'sandbox-function/.vitepress/custom.css') },
    })
  })

  it('says so when a config waits on a promise that never settles', async () => {
    expect(await failure('errors/never-settles')).toBe('test/fixtures/import/errors/never-settles/.vitepress/config.mts: could not be loaded: a top-level await never settled')
  })

  it('refuses a write from config code, through the permission model, and writes nothing', async () => {
    process.env.SANDBOX_PROBE = probe
    const message = await failure('errors/writes')
    expect(message).toMatch(/^test\/fixtures\/import\/errors\/writes\/\.vitepress\/config\.mts:5: refused: the config tried to write a file/)
    expect(existsSync(join(tmpdir(), probe))).toBe(false)
  })

  it('refuses to start a child process from config code', async () => {
    expect(await failure('errors/spawns')).toMatch(/^test\/fixtures\/import\/errors\/spawns\/\.vitepress\/config\.mts:3: refused: the config tried to start a process/)
  })

  it('refuses the network to config code, through fetch and through node:https', async () => {
    delete process.env.SANDBOX_NETWORK
    expect(await failure('errors/fetches')).toBe('test/fixtures/import/errors/fetches/.vitepress/config.mts:3: import runs configs without network: fetch is refused')
    process.env.SANDBOX_NETWORK = 'https'
    expect(await failure('errors/fetches')).toBe('test/fixtures/import/errors/fetches/.vitepress/config.mts:3: import runs configs without network: node:https is refused')
    delete process.env.SANDBOX_NETWORK
  })

  it('stops a config that never finishes at the time limit', async () => {
    const started = Date.now()
    expect(await failure('errors/loops', 1500)).toBe(
      'test/fixtures/import/errors/loops/.vitepress/config.mts: did not finish loading within 1.5 s (an endless loop?); it was stopped',
    )
    expect(Date.now() - started).toBeLessThan(8000)
  })

  it('names the file, the line and the cause of a config that throws', async () => {
    expect(await failure('errors/throws')).toBe('test/fixtures/import/errors/throws/.vitepress/config.mts:4: the fr locale is required')
  })

  it('names the importing file and line of a local import that is not there', async () => {
    expect(await failure('errors/missing-import')).toBe(
      "test/fixtures/import/errors/missing-import/.vitepress/config.mts:2: imports './sidebar-that-was-deleted', which is not there",
    )
  })
})
