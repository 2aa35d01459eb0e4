import { afterAll, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { localeFoldersOf, parseSiteConfig, type SiteConfig } from '../../build/content/site-config.ts'
import { buildFolder, documentOf, problemsOf, removeTempDirs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const DOCS = {
  'docs/en/index.md': '# Home\n',
  'docs/fr/index.md': '# Accueil\n',
}

/** The site a valid `site.yml` describes; fails the test on problems. */
function siteOf(text: string): SiteConfig {
  const result = parseSiteConfig(text)
  if (!result.ok) throw new Error(`unexpected problems: ${JSON.stringify(result.problems)}`)
  return result.site
}

describe('locales in site.yml', () => {
  it('accepts locales as a list of codes', async () => {
    const { result } = await buildFolder({ 'site.yml': 'title: T\ndefaultLocale: en\nlocales: [en, fr]\n', ...DOCS })
    expect(result.manifest.site.locales).toEqual(['en', 'fr'])
    expect(documentOf(result, 'index', 'fr')).toMatchObject({ locale: 'fr', title: 'Accueil', fallback: false })
  })

  it('accepts locales as a map of code to label', async () => {
    const { result } = await buildFolder({ 'site.yml': 'title: T\ndefaultLocale: en\nlocales: { en: English, fr: Français }\n', ...DOCS })
    expect(result.manifest.site.locales).toEqual(['en', 'fr'])
  })

  it('puts the default locale first, whatever its place in the list', () => {
    expect(siteOf('title: T\ndefaultLocale: fr\nlocales: [de, en, fr]\n').locales).toEqual(['fr', 'de', 'en'])
  })

  it('keeps the labels of a map, and labels each locale of a list with its code', () => {
    expect(siteOf('title: T\ndefaultLocale: en\nlocales: { en: English, fr: Français }\n').localeLabels).toEqual({ en: 'English', fr: 'Français' })
    expect(siteOf('title: T\ndefaultLocale: en\nlocales: [en, fr]\n').localeLabels).toEqual({ en: 'en', fr: 'fr' })
    expect(siteOf('title: T\ndefaultLocale: en\n')).toMatchObject({ locales: ['en'], localeLabels: { en: 'en' } })
  })

  it('keeps the labels out of the manifest', async () => {
    const { result } = await buildFolder({ 'site.yml': 'title: T\ndefaultLocale: en\nlocales: { en: English, fr: Français }\n', ...DOCS })
    expect(JSON.stringify(result.manifest)).not.toContain('Français')
  })

  it('refuses locales that do not list the default locale, at the line of locales', async () => {
    expect(await problemsOf({ 'site.yml': 'title: T\ndefaultLocale: en\nlocales: [fr, de]\n', ...DOCS })).toEqual([
      { path: 'site.yml', line: 3, message: 'locales: must list the default locale "en"' },
    ])
  })

  it('refuses a locale code that is no language tag, at the line of locales', async () => {
    expect(await problemsOf({ 'site.yml': 'title: T\ndefaultLocale: en\nlocales: [en, French]\n', ...DOCS })).toEqual([
      { path: 'site.yml', line: 3, message: expect.stringMatching(/^locales\.1: must be a language tag/) },
    ])
  })

  it('refuses locales that are neither a list nor a map, saying which forms it takes', async () => {
    expect(await problemsOf({ 'site.yml': 'title: T\ndefaultLocale: en\nlocales: en\n', ...DOCS })).toEqual([
      { path: 'site.yml', line: 3, message: expect.stringMatching(/^locales: must be a list of locale codes such as \[en, fr\] or a map/) },
    ])
  })
})

describe('other site.yml settings', () => {
  it('keeps the site description', () => {
    expect(siteOf('title: T\ndescription: Docs for the docs service.\ndefaultLocale: en\n').description).toBe('Docs for the docs service.')
    expect(siteOf('title: T\ndefaultLocale: en\n').description).toBeNull()
  })

  it('treats broken links as errors unless site.yml says links: warn', () => {
    expect(siteOf('title: T\ndefaultLocale: en\n').links).toBe('error')
    expect(siteOf('title: T\ndefaultLocale: en\nlinks: warn\n').links).toBe('warn')
  })

  it('refuses a links value other than warn or error, at its line', async () => {
    expect(await problemsOf({ 'site.yml': 'title: T\ndefaultLocale: en\nlinks: ignore\n', 'docs/en/index.md': '# Home\n' })).toEqual([
      { path: 'site.yml', line: 3, message: 'links: must be "warn" or "error"; got "ignore"' },
    ])
  })
})

describe('what site.yml may leave out', () => {
  it("builds the configuration guide's two-line site.yml, as written there, over a folder of English pages", async () => {
    const guide = await readFile(new URL('../../content/docs/en/guides/configuration.md', import.meta.url), 'utf8')
    const example = /two lines:\n\n```yaml\n([\s\S]*?)```/.exec(guide)?.[1]
    expect(example).toBe("title: My product's docs\nlinks: warn\n")
    const { result } = await buildFolder({ 'site.yml': example as string, 'docs/en/index.md': '# Home\n', 'docs/en/guide/start.md': '# Start\n' })
    expect(result.manifest.site).toMatchObject({ defaultLocale: 'en', locales: ['en'] })
    expect(documentOf(result, 'guide/start', 'en')).toMatchObject({ title: 'Start', locale: 'en' })
  })

  it.each([
    ['the only locale folder', ['docs/fr/index.md'], 'fr', ['fr']],
    ['en among several, the others after it', ['docs/de/index.md', 'docs/en/index.md', 'docs/zh/index.md'], 'en', ['en', 'de', 'zh']],
  ])('takes %s as the default locale, and every folder as a locale', (_name, paths, defaultLocale, locales) => {
    const result = parseSiteConfig('title: T\n', localeFoldersOf(paths))
    expect(result).toMatchObject({ ok: true, site: { defaultLocale, locales } })
  })

  it('asks for defaultLocale by name when several folders and none is en', () => {
    expect(parseSiteConfig('title: T\n', ['de', 'fr'])).toEqual({
      ok: false,
      problems: [{ path: 'site.yml', line: 1, message: 'defaultLocale: is required: docs/ has the locale folders de, fr; name the default one' }],
    })
  })

  it('keeps locales written in site.yml over the folders found', () => {
    expect(parseSiteConfig('title: T\nlocales: [en]\n', ['en', 'fr'])).toMatchObject({ ok: true, site: { defaultLocale: 'en', locales: ['en'] } })
  })
})

describe('keys site.yml does not know', () => {
  it("is an error on the key's line that names it and the key it most likely meant", () => {
    expect(parseSiteConfig('title: T\nlinks: warn\ndefualtLocale: en\n', ['en'])).toEqual({
      ok: false,
      problems: [{ path: 'site.yml', line: 3, message: 'unknown key "defualtLocale": did you mean "defaultLocale"?' }],
    })
  })

  it('lists the known keys when nothing is close', () => {
    const result = parseSiteConfig('title: T\nanalytics: { id: x }\n', ['en'])
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problems[0]?.message).toMatch(/^unknown key "analytics": the keys here are title, description, defaultLocale, locales, /)
  })

  it("checks the maps inside site.yml too, on the nested key's line", () => {
    const text = 'title: T\nsearch:\n  synonym: [[a, b]]\nmarkdown:\n  fromat: md\nversions:\n  - name: "1.x"\n    lable: legacy\n'
    const result = parseSiteConfig(text, ['en'])
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problems).toEqual(
      expect.arrayContaining([
        { path: 'site.yml', line: 3, message: 'search: unknown key "synonym": did you mean "synonyms"?' },
        { path: 'site.yml', line: 5, message: 'markdown: unknown key "fromat": did you mean "format"?' },
        { path: 'site.yml', line: 8, message: 'versions: unknown key "lable": did you mean "label"?' },
      ]),
    )
  })

  it('fails the build with every unknown key, and writes nothing', async () => {
    const problems = await problemsOf({ 'site.yml': 'title: T\ndefualtLocale: en\nlink: warn\n', 'docs/en/index.md': '# Home\n' })
    expect(problems).toEqual([
      { path: 'site.yml', line: 2, message: 'unknown key "defualtLocale": did you mean "defaultLocale"?' },
      { path: 'site.yml', line: 3, message: 'unknown key "link": did you mean "links"?' },
    ])
  })
})
