import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { BuildResult } from '../../build/build.ts'
import { htmlProse, markdownProse } from '../shared/framework-output.ts'
import { removeTempDirs, routesOf } from '../shared/build-helpers.ts'
import { missedFragments } from '../shared/framework-output.ts'
import { buildImported, filesOf, imagesOf, navigationOf, pagesIn, runImportCommand, type ImportRun } from './imported-project.ts'

afterAll(removeTempDirs)

// A Docusaurus site written for these tests ("loom", a made-up task runner):
// the config in website/, the docs at ../docs, a sidebars.js, French pages
// under i18n/, version 1.0 in versioned_docs/, the client-redirects plugin.
const PROJECT = join(import.meta.dirname, '../fixtures/import/docusaurus')

describe('importing a Docusaurus project', () => {
  let run: ImportRun
  let result: BuildResult

  beforeAll(async () => {
    run = await runImportCommand(join(PROJECT, 'website'))
    result = await buildImported(run.out)
  }, 180_000)

  it('imports with the real command, and its trial build passes', () => {
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' })
  })

  it('reports the stand-ins the config imported, what it could not carry over and the files it left out', () => {
    expect(run.stdout).toContain('stand-ins (imported by the config, replaced while it was read): prism-react-renderer')
    for (const name of [
      'favicon',
      'presets.classic.blog',
      'presets.classic.theme',
      'docs.showLastUpdateTime',
      '@docusaurus/plugin-ideal-image',
      'themeConfig.navbar',
      'themeConfig.algolia',
      'themeConfig.prism',
    ]) {
      expect(run.stdout).toMatch(new RegExp(`^  ${name.replace(/[.]/g, '\\.')}: .+`, 'm'))
    }
    expect(run.stdout).toContain('  ../docs/internal/roadmap.md (docs exclude pattern **/internal/**)')
    expect(run.stdout).toMatch(/^ {2}\.\.\/docs\/__tests__\/links\.test\.js \(docs exclude pattern/m)
  })

  it('writes site.yml from the config: title, tagline, locales with labels, baseUrl with the docs route, editUrl, redirects, Markdown options, versions and the sidebar', async () => {
    expect(parse(await readFile(join(run.out, 'site.yml'), 'utf8'))).toEqual({
      title: 'Loom',
      description: 'Loom weaves tasks into pipelines.',
      defaultLocale: 'en',
      locales: { en: 'English', fr: 'Français (France)' },
      baseUrl: '/docs/',
      editUrl: 'https://github.com/loom/loom/edit/main/website/{path}',
      redirects: [
        { from: 'setup', to: 'guides/install' },
        { from: 'config', to: 'guides/configure' },
        { from: 'settings', to: 'guides/configure' },
      ],
      markdown: { format: 'detect', headingIds: 'github' },
      versions: [
        { name: 'next', status: 'unreleased', label: 'Next 🚧' },
        { name: '1.0', path: 'versioned_docs/version-1.0', status: 'current' },
      ],
      sidebar: [
        'intro',
        { label: { en: 'Guides', fr: 'Guides pratiques' }, items: ['guides/install', 'guides/configure'] },
        { label: 'API', slug: 'api/index', items: ['api/mock-tasks'] },
      ],
    })
  })

  it("writes the docs from ../docs, the French pages, the version's pages and sidebars and static/, and leaves out what exclude names", async () => {
    expect(await filesOf(run.out)).toEqual([
      'docs/en/api/index.md',
      'docs/en/api/mock-tasks.md',
      'docs/en/guides/_shared-snippet.md',
      'docs/en/guides/configure.mdx',
      'docs/en/guides/install.md',
      'docs/en/guides/pipeline.png',
      'docs/en/intro.md',
      'docs/fr/guides/install.md',
      'docs/fr/intro.md',
      'site.yml',
      'static/img/loom-logo.png',
      'versioned_docs/version-1.0/guides/configure.md',
      'versioned_docs/version-1.0/guides/install.md',
      'versioned_docs/version-1.0/intro.md',
      'versioned_sidebars/version-1.0-sidebars.json',
    ])
  })

  it('builds the docs folder as the unreleased version "next" and versioned_docs/version-1.0 as the current one, each with its pages', () => {
    expect(result.manifest.versions.map(({ name, status, aliases, label }) => ({ name, status, aliases, label }))).toEqual([
      { name: 'next', status: 'unreleased', aliases: ['next'], label: 'Next 🚧' },
      { name: '1.0', status: 'current', aliases: ['latest'], label: '1.0' },
    ])
    expect(Object.keys(routesOf(result, 'next').slugs).sort()).toEqual(['api', 'api/mock-tasks', 'guides/configure', 'guides/install', 'index'])
    expect(Object.keys(routesOf(result, '1.0').slugs).sort()).toEqual(['guides/configure', 'guides/install', 'index'])
  })

  it('serves the pages of i18n/fr as French translations', () => {
    expect(
      pagesIn(result, 'next', 'fr')
        .map((page) => [page.docId, page.document.title])
        .sort(),
    ).toEqual([
      ['guides/install', 'Installer Loom'],
      ['intro', 'Loom'],
    ])
  })

  it("sends the client-redirects plugin's old URLs to their pages", () => {
    expect(routesOf(result, 'next').redirects).toEqual({ config: 'guides/configure', settings: 'guides/configure', setup: 'guides/install' })
  })

  it('lays out the navigation of each version as its sidebars file declares it', () => {
    expect(navigationOf(result, 'next', 'en')).toEqual([
      { title: 'Loom', slug: 'index' },
      {
        title: 'Guides',
        slug: null,
        children: [
          { title: 'Install', slug: 'guides/install' },
          { title: 'Configuring Loom', slug: 'guides/configure' },
        ],
      },
      { title: 'API', slug: 'api', children: [{ title: 'Mock tasks', slug: 'api/mock-tasks' }] },
    ])
    expect(navigationOf(result, '1.0', 'en')).toEqual([
      {
        title: 'Guides',
        slug: null,
        children: [
          { title: 'Installing Loom 1.0', slug: 'guides/install' },
          { title: 'Configuring Loom 1.0', slug: 'guides/configure' },
        ],
      },
      { title: 'Loom 1.0', slug: 'index' },
    ])
  })

  it("labels the French sidebar's categories as i18n/fr/…/current.json translates them", () => {
    expect(navigationOf(result, 'next', 'fr')[1]).toEqual({
      title: 'Guides pratiques',
      slug: null,
      children: [
        { title: 'Installer Loom', slug: 'guides/install' },
        { title: 'Configuring Loom', slug: 'guides/configure' },
      ],
    })
  })

  it('lands every #fragment link on an id of its target page, the GitHub-made id of a heading in code included', () => {
    for (const [version, locale] of [
      ['next', 'en'],
      ['next', 'fr'],
      ['1.0', 'en'],
    ] as const) {
      const { links, missed } = missedFragments(pagesIn(result, version, locale))
      expect(missed, `${version} ${locale}`).toEqual([])
      expect(links, `${version} ${locale}`).toBeGreaterThan(0)
    }
  })

  it('serves the images of static/ (in the old version too) and the one beside its page from /v1/assets/', async () => {
    expect(await imagesOf(pagesIn(result, 'next', 'en'), PROJECT)).toEqual({
      served: ['guides/configure: docs/guides/pipeline.png', 'intro: website/static/img/loom-logo.png'],
      unserved: [],
    })
    expect(await imagesOf(pagesIn(result, '1.0', 'en'), PROJECT)).toEqual({ served: ['intro: website/static/img/loom-logo.png'], unserved: [] })
  })

  it('drops the HTML comment of the MDX page and inlines the partial it imports', () => {
    const page = pagesIn(result, 'next', 'en').find((candidate) => candidate.docId === 'guides/configure')
    expect(page).toBeDefined()
    const texts = [...htmlProse(page?.tree ?? { type: 'root', children: [] }), ...markdownProse(page?.markdown ?? '')].join('\n')
    expect(texts).not.toMatch(/Keep this page in step|<!--/)
    expect(texts).toContain('runs first')
  })
})
