import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { BuildResult } from '../../build/build.ts'
import { formatWarning } from '../../build/content/problems.ts'
import { elementsOf, htmlProse, markdownProse } from '../shared/framework-output.ts'
import { removeTempDirs } from '../shared/build-helpers.ts'
import { buildImported, filesOf, imagesOf, navigationOf, pagesIn, runImportCommand, type ImportRun } from './imported-project.ts'

afterAll(removeTempDirs)

// A Starlight site written for these tests ("tidepool", a made-up tide-chart
// CLI) with what large real sites have: locale keys in lowercase (`zh-cn`,
// `pt-br`) over folders in their tag's case (`zh-CN/`, `pt-BR/`), a
// translation whose English page was removed, redirects repeated per
// locale, and Markdown partials imported through tsconfig's `@/` alias, one
// of them generated at build time and so not in the repository, and a hero
// image named through the same alias.
const PROJECT = join(import.meta.dirname, '../fixtures/import/starlight-locales')

describe('importing a Starlight project with tag-cased locale folders, a stale translation and aliased partials', () => {
  let run: ImportRun
  let result: BuildResult

  beforeAll(async () => {
    run = await runImportCommand(PROJECT)
    result = await buildImported(run.out)
  }, 180_000)

  it('imports with the real command, and its trial build passes', () => {
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' })
  })

  it("names each locale by its key, the URL prefix Starlight serves it under, maps the sidebar's translations from their lang tags to those codes, writes each localized redirect once, and keeps links: warn when the links validator does not fail the build", async () => {
    expect(parse(await readFile(join(run.out, 'site.yml'), 'utf8'))).toEqual({
      title: 'Tidepool',
      defaultLocale: 'en',
      locales: { en: 'English', 'zh-cn': '简体中文', 'pt-br': 'Português' },
      baseUrl: '/',
      markdown: { headingIds: 'github' },
      links: 'warn',
      redirects: [{ from: 'guides/charts', to: 'guides/reading-charts' }],
      sidebar: [{ label: 'Guides', translations: { 'zh-cn': '指南', 'pt-br': 'Guias' }, items: ['guides/reading-charts', 'guides/tides'] }],
    })
  })

  it('reads zh-CN/ and pt-BR/ as the zh-cn and pt-br locales, not as English sections, and copies the aliased partial that exists beside the English pages', async () => {
    expect(await filesOf(run.out)).toEqual([
      'docs/en/_assets/tide-chart.png',
      'docs/en/_imported/components/snippets/install.md',
      'docs/en/guides/reading-charts.mdx',
      'docs/en/guides/tides.md',
      'docs/en/index.md',
      'docs/pt-br/guides/tides.md',
      'docs/zh-cn/guides/reading-charts.mdx',
      'docs/zh-cn/index.md',
      'site.yml',
    ])
    expect(
      pagesIn(result, null, 'en')
        .map((page) => page.docId)
        .sort(),
    ).toEqual(['guides/reading-charts', 'guides/tides', 'index'])
    expect(
      pagesIn(result, null, 'zh-cn')
        .map((page) => [page.docId, page.document.title])
        .sort(),
    ).toEqual([
      ['guides/reading-charts', '阅读潮汐图'],
      ['index', 'Tidepool'],
    ])
    expect(pagesIn(result, null, 'pt-br').map((page) => [page.docId, page.document.title])).toEqual([['guides/tides', 'Marés de sizígia e de quadratura']])
    expect(navigationOf(result, null, 'zh-cn')[0]?.title).toBe('指南')
  })

  it('serves the hero image the home page names through the @/ alias', async () => {
    expect(await imagesOf(pagesIn(result, null, 'en'), PROJECT)).toEqual({ served: ['index: src/assets/tide-chart.png'], unserved: [] })
  })

  it('leaves out the translation whose original is gone, and says why in the report', () => {
    expect(run.stdout).toContain(
      'left out:\n  src/content/docs/pt-BR/guides/harbours.md (a translation whose en original is gone (no page guides/harbours in src/content/docs/): Starlight still serves it, the build refuses it)',
    )
  })

  it('names the sidebar entries a plugin makes, which it leaves out', () => {
    expect(run.stdout).toContain('  sidebar: makeTideTableLinks() from starlight-tide-tables: sidebar entries a plugin makes when the site builds: left out of the sidebar')
  })

  it('leaves out a redirect to no page and one from a page the site still has, which the build would refuse, and names both', () => {
    expect(run.stdout).toContain('  redirects /guides/moon: a redirect to /guides/moon-phases, which is no page of the site (a 404 there too): left out')
    expect(run.stdout).toContain('  redirects /guides/tides: a redirect from a page the site has: the page is served, the redirect left out')
  })

  it("resolves a root link to a redirected slug (an old address) to the page the redirect leads to, in the link's locale", () => {
    const hrefs = (locale: string) => {
      const page = pagesIn(result, null, locale).find((candidate) => candidate.docId === 'guides/tides')
      return elementsOf(page?.tree ?? { type: 'root', children: [] })
        .filter((element) => element.tagName === 'a')
        .map((element) => String(element.properties.href))
    }
    const urlOf = (locale: string) => pagesIn(result, null, locale).find((candidate) => candidate.docId === 'guides/reading-charts')?.url
    expect(hrefs('en')).toEqual([urlOf('en')])
    // pt-br has no translation of the guide: the link names its pt-br address, which falls back to English.
    expect(hrefs('pt-br')).toEqual(['/pt-br/guides/reading-charts'])
    expect(result.warnings.filter((warning) => warning.message.includes('points at no document'))).toEqual([])
  })

  it('inlines the aliased partial in every locale that imports it, and warns of the generated one and of one through an alias the project does not define, which the report names', () => {
    for (const locale of ['en', 'zh-cn']) {
      const page = pagesIn(result, null, locale).find((candidate) => candidate.docId === 'guides/reading-charts')
      expect(htmlProse(page?.tree ?? { type: 'root', children: [] }).join('')).toContain('Run , then .')
      expect(page?.markdown).toContain('`npm install --global tidepool`')
      expect(markdownProse(page?.markdown ?? '').join('')).not.toMatch(/import|Install|Stations/)
    }
    expect(run.stdout).toMatch(/^ {2}src\/components\/generated\/stations\.md: a Markdown partial pages import through an alias, not in the repository/m)
    expect(run.stdout).toContain(
      "  ~/… (1 Markdown files imported): an alias or package neither tsconfig.json's paths nor vite.resolve.alias names here: the components are left out with a warning",
    )
    expect(result.warnings.map((warning) => formatWarning(warning))).toContain(
      'docs/en/guides/reading-charts.mdx:13: component <Stations> is imported from "@/components/generated/stations.md", which names no file of the content folder (only a relative path does): it is dropped',
    )
  })
})
