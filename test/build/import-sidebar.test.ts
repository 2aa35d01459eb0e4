import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { withSidebar } from '../../build/content/docusaurus-sidebar.ts'
import type { NavTreeNode } from '../../contract/index.ts'
import { buildDir, doc, navTreeOf, removeTempDirs, SITE_EN, writeContent } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const run = promisify(execFile)
const FIXTURES = new URL('../fixtures/import-sidebar/', import.meta.url).pathname
const importSidebar = (...args: string[]) => run(process.execPath, ['scripts/import-sidebar.ts', ...args])

const PAGES = {
  'docs/en/welcome.md': '# Welcome\n',
  'docs/en/first-steps/overview.md': '# Overview\n',
  'docs/en/first-steps/setup.md': '# Setup\n',
  'docs/en/first-steps/06-run.md': doc('id: run', '# Run it\n'),
  'docs/en/api/client.md': '# Client\n',
  'docs/en/api/server.md': '# Server\n',
  'docs/en/recipes/02-b.md': '# Recipe B\n',
  'docs/en/recipes/01-a.md': '# Recipe A\n',
}

const outline = (nodes: NavTreeNode[]): unknown[] =>
  nodes.map(({ slug, title, url, children }) => (children.length > 0 ? { slug, title, children: outline(children) } : { slug: slug ?? url, title }))

describe('npm run import-sidebar', () => {
  it('writes a Docusaurus sidebar into site.yml, keeping the rest of it, and the build follows it', async () => {
    const content = await writeContent({ 'site.yml': `${SITE_EN}links: warn # brought over\n`, ...PAGES })
    const { stdout, stderr } = await importSidebar(join(FIXTURES, 'sidebars.js'), '--content', content)
    expect(stdout).toContain('(5 top-level entries)')
    expect(stderr).toContain('not imported: the generated index page of category "API"')
    expect(stderr).toContain('not imported: an item of type "html"')
    const site = await readFile(join(content, 'site.yml'), 'utf8')
    expect(site.startsWith(`${SITE_EN}links: warn # brought over\nsidebar:\n`)).toBe(true)

    const { result } = await buildDir(content)
    expect(outline(navTreeOf(result))).toEqual([
      { slug: 'welcome', title: 'Welcome' },
      {
        slug: 'first-steps/overview',
        title: 'First steps',
        children: [
          { slug: 'first-steps/setup', title: 'Setup' },
          { slug: 'first-steps/run', title: 'Run it' },
        ],
      },
      {
        slug: null,
        title: 'API',
        children: [
          { slug: 'api/client', title: 'Client' },
          { slug: 'api/server', title: 'Server API' },
        ],
      },
      {
        slug: null,
        title: 'Recipes',
        children: [
          { slug: 'recipes/a', title: 'Recipe A' },
          { slug: 'recipes/b', title: 'Recipe B' },
        ],
      },
      { slug: 'https://example.com/changelog', title: 'Changelog' },
    ])
    expect(navTreeOf(result)[1]?.collapsed).toBe(false)
  })

  it('replaces the sidebar it wrote before, and reads ES modules and the category shorthand', async () => {
    const content = await writeContent({ 'site.yml': `${SITE_EN}sidebar:\n  - welcome\nlinks: warn\n`, ...PAGES })
    await importSidebar(join(FIXTURES, 'sidebars.mjs'), '--content', content, '--sidebar', 'guide')
    const site = await readFile(join(content, 'site.yml'), 'utf8')
    expect(site).toBe(
      `${SITE_EN}sidebar:\n  - label: Basics\n    items:\n      - welcome\n      - first-steps/setup\n  - label: More\n    items:\n      - first-steps/run\nlinks: warn\n`,
    )
  })

  it('prints instead with --print, one group per sidebar when the file has several', async () => {
    const { stdout } = await importSidebar(join(FIXTURES, 'sidebars.mjs'), '--print')
    expect(stdout).toContain('  - label: Guide\n    items:\n      - label: Basics\n')
    expect(stdout).toContain('  - label: Other\n    items:\n      - api/client\n')
  })

  it('fails with a message when the sidebar named is not in the file', async () => {
    await expect(importSidebar(join(FIXTURES, 'sidebars.mjs'), '--print', '--sidebar', 'nope')).rejects.toMatchObject({
      stderr: 'import-sidebar: no sidebar "nope": the file has guide, other\n',
    })
  })

  it('adds a sidebar at the end of a site.yml that has none', () => {
    expect(withSidebar('title: T\n', ['a'])).toBe('title: T\nsidebar:\n  - a\n')
  })
})

describe('npm scripts', () => {
  it('each name a file that exists', async () => {
    const scripts = (JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
    const files = Object.values(scripts).flatMap((command) => [...command.matchAll(/\bnode ([\w./-]+\.ts)\b/g)].map((match) => match[1] ?? ''))
    expect(files).toContain('scripts/import-sidebar.ts')
    for (const file of files) await expect(readFile(file, 'utf8'), file).resolves.toBeTypeOf('string')
  })
})
