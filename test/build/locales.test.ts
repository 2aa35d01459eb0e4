import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import { buildFolder, doc, documentOf, navTreeOf, problemsOf, removeTempDirs, routesOf, SITE_EN_FR, treeSlugs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const CONTENT = {
  'site.yml': SITE_EN_FR,
  'docs/en/index.md': '# Home\n\nStart with [installing](./start/install.md).\n',
  'docs/en/guide.md': '# Guide\n',
  'docs/en/start/install.md': '# Installation\n\nEnglish steps.\n',
  'docs/fr/index.md': '# Accueil\n\nCommencez par [l’installation](./start/install.md).\n',
  'docs/fr/start/install.md': doc('slug: demarrer/installation', '# Installer\n\nÉtapes en français.\n'),
}

let result: BuildResult

beforeAll(async () => {
  ;({ result } = await buildFolder(CONTENT))
})

describe('translations and fallbacks', () => {
  it('serves an untranslated document in the default locale and records the fallback', () => {
    expect(routesOf(result).documents.fr?.guide).toMatchObject({ locale: 'en', draft: false })
    expect(documentOf(result, 'guide', 'fr')).toMatchObject({ slug: 'guide', locale: 'en', requestedLocale: 'fr', fallback: true, title: 'Guide' })
  })

  it('serves a translated document in its own locale without fallback', () => {
    expect(routesOf(result).documents.fr?.['start/install']).toMatchObject({ locale: 'fr' })
    expect(documentOf(result, 'start/install', 'fr')).toMatchObject({
      slug: 'demarrer/installation',
      locale: 'fr',
      requestedLocale: 'fr',
      fallback: false,
      title: 'Installer',
    })
    expect(documentOf(result, 'start/install', 'en')).toMatchObject({ locale: 'en', requestedLocale: 'en', fallback: false, title: 'Installation' })
  })

  it('lists every translation of a document, with its localized slug, in every locale view', () => {
    const both = [
      { locale: 'en', slug: 'start/install' },
      { locale: 'fr', slug: 'demarrer/installation' },
    ]
    expect(documentOf(result, 'start/install', 'en').translations).toEqual(both)
    expect(documentOf(result, 'start/install', 'fr').translations).toEqual(both)
    expect(documentOf(result, 'guide', 'fr').translations).toEqual([{ locale: 'en', slug: 'guide' }])
  })

  it('maps a localized slug to the default-locale document id', () => {
    expect(routesOf(result).slugs).toEqual({
      index: 'index',
      guide: 'guide',
      'start/install': 'start/install',
      'demarrer/installation': 'start/install',
    })
  })

  it('stores the fallback view apart from the default-locale view', () => {
    expect(routesOf(result).documents.fr?.guide?.blob).not.toBe(routesOf(result).documents.en?.guide?.blob)
  })

  it('counts documents and fallbacks per locale', () => {
    expect(result.stats.documents).toEqual({ en: 3, fr: 2 })
    expect(result.stats.fallbacks).toEqual({ en: 0, fr: 1 })
  })

  it('builds each locale navigation from the translations and the fallbacks', () => {
    expect(treeSlugs(navTreeOf(result, 'fr'))).toEqual(['index', 'guide', null, 'demarrer/installation'])
    expect(treeSlugs(navTreeOf(result, 'en'))).toEqual(['index', 'guide', null, 'start/install'])
  })

  it('rewrites a link in a translation to the localized URL of the translated target', () => {
    expect(documentOf(result, 'index', 'fr').html).toContain('href="/fr/demarrer/installation"')
    expect(documentOf(result, 'index', 'en').html).toContain('href="/start/install"')
  })
})

describe('translation problems', () => {
  it('reports a translation that has no default-locale original', async () => {
    const problems = await problemsOf({ ...CONTENT, 'docs/fr/only-french.md': '# Seulement en français\n' })
    expect(problems).toEqual([{ path: 'docs/fr/only-french.md', line: 1, message: expect.stringMatching(/no en original.*docs\/en\/only-french\.md/) }])
  })

  it('reports a localized slug that another document already uses', async () => {
    const problems = await problemsOf({ ...CONTENT, 'docs/fr/start/install.md': doc('title: Installer\nslug: guide', 'Texte.\n') })
    expect(problems).toEqual([{ path: 'docs/fr/start/install.md', line: 3, message: expect.stringMatching(/duplicate slug "guide"/) }])
  })

  it('lets a translation link to a document that is not translated yet', async () => {
    const { result: built } = await buildFolder({ ...CONTENT, 'docs/fr/start/install.md': '# Installer\n\nVoir le [guide](../guide.md).\n' })
    expect(documentOf(built, 'start/install', 'fr').html).toMatch(/href="\/(fr\/)?guide"/)
  })

  it('falls back to the published default-locale version where the translation is still a draft', async () => {
    const { result: built } = await buildFolder({ ...CONTENT, 'docs/fr/guide.md': doc('draft: true', '# Guide en cours\n') })
    expect(routesOf(built).documents.fr?.guide).toMatchObject({ locale: 'en', draft: false })
    expect(treeSlugs(navTreeOf(built, 'fr'))).toContain('guide')
  })
})
