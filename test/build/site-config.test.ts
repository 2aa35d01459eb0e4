import { afterAll, describe, expect, it } from 'vitest'
import { parseSiteConfig, type SiteConfig } from '../../build/content/site-config.ts'
import { buildFolder, documentOf, problemsOf, removeTempDirs } from './helpers.ts'

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
