import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import type { DocumentNav, NavTreeNode } from '../../contract/index.ts'
import { buildFolder, doc, documentOf, navTreeOf, removeTempDirs, routesOf, treeSlugs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const SITE = `title: Nav test
defaultLocale: en
locales:
  en: English
  fr: Français
sections:
  - slug: guides
    title: Guides
  - slug: start
    title: Getting started
  - slug: extra
    title: { en: Extras, fr: Suppléments }
`

const CONTENT = {
  'site.yml': SITE,
  'docs/en/index.md': '# Home\n',
  'docs/en/about.md': '# About\n',
  'docs/en/start/index.md': doc('title: Start here', 'Welcome.\n'),
  'docs/en/start/install.md': doc('title: Install\norder: 2\nsidebar_position: 0', 'Install it.\n'),
  'docs/en/start/quick.md': doc('title: Quick start\nsidebar_position: 1', 'Quickly.\n'),
  'docs/en/start/b-extra.md': '# Alpha notes\n',
  'docs/en/start/a-extra.md': '# Zeta notes\n',
  'docs/en/guides/index.md': '# Guides\n',
  'docs/en/guides/config.md': doc('title: Config\norder: 1\nprev: false\nnext: start/install', 'Configure.\n'),
  'docs/en/guides/deploy.md': doc('title: Deploy\norder: 2\nprev: ../start/quick.md', 'Deploy.\n'),
  'docs/en/guides/secret.md': doc('title: Secret\norder: 0\ndraft: true', 'Not yet.\n'),
  'docs/en/guides/advanced.md': '# Advanced\n',
  'docs/en/guides/advanced/tuning.md': '# Tuning\n',
  'docs/en/extra/tools.md': '# Tools\n',
  'docs/fr/guides/deploy.md': doc('title: Déployer\ndraft: true', 'Brouillon.\n'),
}

interface Outline {
  slug: string | null
  title: string
  children: Outline[]
}
const node = (slug: string | null, title: string, children: Outline[] = []): Outline => ({ slug, title, children })
/** A tree reduced to slugs, titles and nesting, for order and shape. */
const outline = (nodes: NavTreeNode[]): Outline[] => nodes.map(({ slug, title, children }) => node(slug, title, outline(children)))
const ref = (slug: string, title: string) => ({ slug, title })

let result: BuildResult
const navOf = (docId: string, locale = 'en'): DocumentNav => documentOf(result, docId, locale).nav

beforeAll(async () => {
  ;({ result } = await buildFolder(CONTENT))
})

describe('navigation tree', () => {
  it('orders by order (or sidebar_position), then title, with site.yml sections first in their listed order', () => {
    expect(outline(navTreeOf(result, 'en'))).toEqual([
      node('index', 'Home'),
      node('guides', 'Guides', [node('guides/config', 'Config'), node('guides/deploy', 'Deploy'), node('guides/advanced', 'Advanced', [node('guides/advanced/tuning', 'Tuning')])]),
      node('start', 'Start here', [
        node('start/quick', 'Quick start'),
        node('start/install', 'Install'),
        node('start/b-extra', 'Alpha notes'),
        node('start/a-extra', 'Zeta notes'),
      ]),
      node(null, 'Extras', [node('extra/tools', 'Tools')]),
      node('about', 'About'),
    ])
  })

  it('titles a folder without an index page from site.yml in the locale being built', () => {
    expect(navTreeOf(result, 'fr').find((entry) => entry.slug === null)?.title).toBe('Suppléments')
  })
})

describe('navigation context of a document', () => {
  it('gives breadcrumbs and the parent from the folders above it', () => {
    expect(navOf('guides/advanced/tuning')).toMatchObject({
      breadcrumbs: [ref('guides', 'Guides'), ref('guides/advanced', 'Advanced')],
      parent: ref('guides/advanced', 'Advanced'),
      siblings: [],
    })
    expect(navOf('start/quick')).toMatchObject({ breadcrumbs: [ref('start', 'Start here')], parent: ref('start', 'Start here') })
    expect(navOf('extra/tools')).toMatchObject({ breadcrumbs: [], parent: null })
  })

  it('lists every other page of a small folder as siblings, in navigation order', () => {
    expect(navOf('start/install').siblings).toEqual([ref('start/quick', 'Quick start'), ref('start/b-extra', 'Alpha notes'), ref('start/a-extra', 'Zeta notes')])
  })

  it('links prev and next in reading order across folders', () => {
    expect(navOf('index')).toMatchObject({ prev: null, next: ref('guides', 'Guides') })
    expect(navOf('guides/advanced/tuning')).toMatchObject({ prev: ref('guides/advanced', 'Advanced'), next: ref('start', 'Start here') })
    expect(navOf('extra/tools')).toMatchObject({ prev: ref('start/a-extra', 'Zeta notes'), next: ref('about', 'About') })
    expect(navOf('about')).toMatchObject({ prev: ref('extra/tools', 'Tools'), next: null })
  })

  it('lets front matter turn prev off and point next at a slug', () => {
    expect(navOf('guides/config')).toMatchObject({ prev: null, next: ref('start/install', 'Install') })
  })

  it('lets front matter point prev at a relative .md path', () => {
    expect(navOf('guides/deploy')).toMatchObject({ prev: ref('start/quick', 'Quick start'), next: ref('guides/advanced', 'Advanced') })
  })
})

describe('drafts in navigation', () => {
  const allPublicNav = (locale: string) =>
    Object.entries(routesOf(result).documents[locale] ?? {})
      .filter(([, entry]) => !entry.draft)
      .map(([docId]) => documentOf(result, docId, locale))

  it('are marked as drafts in the manifest', () => {
    expect(routesOf(result).documents.en?.['guides/secret']?.draft).toBe(true)
    expect(routesOf(result).documents.en?.['guides/config']?.draft).toBe(false)
  })

  it('never appear in the public navigation tree of any locale', () => {
    for (const locale of ['en', 'fr']) {
      const slugs = treeSlugs(navTreeOf(result, locale))
      expect(slugs, locale).not.toContain('guides/secret')
      expect(slugs, locale).toContain('guides/config')
    }
  })

  it('never appear in the breadcrumbs, parent, siblings, prev or next of a public document', () => {
    const blobs = allPublicNav('en')
    expect(blobs.length).toBeGreaterThan(10)
    for (const blob of blobs) {
      const { breadcrumbs, parent, siblings, prev, next } = blob.nav
      const linked = [...breadcrumbs, ...siblings, parent, prev, next].map((link) => link?.slug)
      expect(linked, blob.slug).not.toContain('guides/secret')
    }
    expect(navOf('guides').next).toEqual(ref('guides/config', 'Config'))
  })

  it('never appear in the translations of a public document', () => {
    expect(documentOf(result, 'guides/deploy', 'en').translations).toEqual([{ locale: 'en', slug: 'guides/deploy' }])
  })

  it('get navigation context of their own that includes them', () => {
    expect(navOf('guides/secret')).toMatchObject({
      parent: ref('guides', 'Guides'),
      prev: ref('guides', 'Guides'),
      next: ref('guides/config', 'Config'),
    })
  })
})

describe('siblings of a page in a large folder', () => {
  // Step k is k-th in the sidebar (by `order`), while its file name sorts in the
  // reverse order, so a window taken in file order would fail these tests.
  const STEPS = 30
  const fileOf = (k: number) => `f${String(STEPS + 1 - k).padStart(2, '0')}`
  const step = (k: number) => ref(`big/${fileOf(k)}`, `Step ${k}`)
  const steps = (...ks: number[]) => ks.map(step)
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

  const content: Record<string, string> = {
    'site.yml': 'title: Big folder\ndefaultLocale: en\nlocales:\n  en: English\n',
    'docs/en/big/index.md': '# Big\n',
    'docs/en/after.md': '# After\n',
  }
  for (const k of range(1, STEPS)) content[`docs/en/big/${fileOf(k)}.md`] = doc(`title: Step ${k}\norder: ${k}`, `Step ${k}.\n`)
  // Eleven pages: each has exactly ten others, the most a window holds.
  for (const k of range(1, 11)) content[`docs/en/eleven/p${k}.md`] = doc(`title: Eleven ${k}\norder: ${k}`, 'Text.\n')

  let big: BuildResult
  const bigNavOf = (docId: string): DocumentNav => documentOf(big, docId).nav

  beforeAll(async () => {
    ;({ result: big } = await buildFolder(content))
  })

  it('gives the first page the ten pages after it', () => {
    expect(bigNavOf(`big/${fileOf(1)}`).siblings).toEqual(steps(...range(2, 11)))
  })

  it('gives a middle page five pages before it and five after it, in sidebar order', () => {
    expect(bigNavOf(`big/${fileOf(15)}`).siblings).toEqual(steps(...range(10, 14), ...range(16, 20)))
  })

  it('shifts the window near the start of the folder so it stays full', () => {
    expect(bigNavOf(`big/${fileOf(3)}`).siblings).toEqual(steps(1, 2, ...range(4, 11)))
  })

  it('gives the last page the ten pages before it', () => {
    expect(bigNavOf(`big/${fileOf(STEPS)}`).siblings).toEqual(steps(...range(20, 29)))
  })

  it('still lists every other page of a folder that fits in the window', () => {
    expect(bigNavOf('eleven/p6').siblings.map((link) => link.slug)).toEqual(
      range(1, 11)
        .filter((k) => k !== 6)
        .map((k) => `eleven/p${k}`),
    )
  })

  it('keeps prev and next in reading order whatever the window holds', () => {
    expect(bigNavOf(`big/${fileOf(1)}`)).toMatchObject({ prev: ref('big', 'Big'), next: step(2) })
    for (const k of range(2, STEPS - 1)) expect(bigNavOf(`big/${fileOf(k)}`), `step ${k}`).toMatchObject({ prev: step(k - 1), next: step(k + 1) })
    expect(bigNavOf(`big/${fileOf(STEPS)}`)).toMatchObject({ prev: step(STEPS - 1), next: ref('eleven/p1', 'Eleven 1') })
  })
})
