import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import { SiteSession } from '../../build/session.ts'
import type { NavTreeNode } from '../../contract/index.ts'
import { buildFolder, doc, documentOf, navTreeOf, problemsOf, removeTempDirs, routesOf, SITE_EN, SITE_EN_FR, versionOf, writeContent } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

interface Outline {
  slug: string | null
  title: string
  collapsed?: boolean
  children?: Outline[]
}
/** A tree reduced to slugs, titles, folding and nesting (leaves without `children`), for order and shape. */
const outline = (nodes: NavTreeNode[]): Outline[] =>
  nodes.map(({ slug, title, collapsed, children }) => ({
    slug,
    title,
    ...(collapsed === undefined ? {} : { collapsed }),
    ...(children.length > 0 ? { children: outline(children) } : {}),
  }))

describe('the sidebar a Docusaurus author wrote', () => {
  let result: BuildResult

  beforeAll(async () => {
    ;({ result } = await buildFolder({
      'site.yml': SITE_EN_FR,
      'docs/en/index.md': '# Home\n',
      'docs/en/tutorial-basics/_category_.json': '{\n  "label": "Tutorial - Basics",\n  "position": 2,\n  "collapsed": false\n}\n',
      'docs/en/tutorial-basics/create-a-page.md': doc('sidebar_position: 1\nsidebar_label: Pages', '# Create a page in the docs\n'),
      'docs/en/tutorial-basics/deploy.md': doc('sidebar_position: 2', '# Deploy your site\n'),
      'docs/en/tutorial-extras/_category_.yml': 'label: Tutorial - Extras\nposition: 1\ncollapsed: true\n',
      'docs/en/tutorial-extras/versioning.md': '# Versioning\n',
      'docs/fr/tutorial-basics/_category_.json': '{ "label": "Tutoriel - Bases" }\n',
      'docs/en/04-reference/01-cli.md': '# CLI\n',
      'docs/en/04-reference/02-config.md': '# Config\n',
      'docs/en/03-getting-started/setup.md': '# Setup\n',
    }))
  })

  it('labels, orders and folds folders by their _category_ files, and pages by sidebar_position and sidebar_label', () => {
    expect(outline(navTreeOf(result))).toEqual([
      { slug: 'index', title: 'Home' },
      { slug: null, title: 'Tutorial - Extras', collapsed: true, children: [{ slug: 'tutorial-extras/versioning', title: 'Versioning' }] },
      {
        slug: null,
        title: 'Tutorial - Basics',
        collapsed: false,
        children: [
          { slug: 'tutorial-basics/create-a-page', title: 'Pages' },
          { slug: 'tutorial-basics/deploy', title: 'Deploy your site' },
        ],
      },
      { slug: null, title: 'Getting started', children: [{ slug: 'getting-started/setup', title: 'Setup' }] },
      {
        slug: null,
        title: 'Reference',
        children: [
          { slug: 'reference/cli', title: 'CLI' },
          { slug: 'reference/config', title: 'Config' },
        ],
      },
    ])
  })

  it('keeps the page title for the page itself', () => {
    expect(documentOf(result, 'tutorial-basics/create-a-page').title).toBe('Create a page in the docs')
  })

  it('uses the sidebar label in other pages navigation too', () => {
    expect(documentOf(result, 'tutorial-basics/deploy').nav.prev).toEqual({ slug: 'tutorial-basics/create-a-page', title: 'Pages' })
  })

  it('takes a translated category label from the locale folder, the rest from the default locale', () => {
    const basics = navTreeOf(result, 'fr').find((node) => node.title === 'Tutoriel - Bases')
    expect(basics).toMatchObject({ collapsed: false })
  })

  it('drops number prefixes from slugs, and orders by them', () => {
    expect(Object.keys(routesOf(result).documents.en ?? {})).toContain('reference/cli')
    expect(documentOf(result, 'reference/config').slug).toBe('reference/config')
  })
})

describe('a _category_ link', () => {
  it('to a doc makes that page the folder entry; to a generated index, nothing', async () => {
    const { result } = await buildFolder({
      'site.yml': SITE_EN,
      'docs/en/concepts/_category_.json': '{ "label": "Concepts", "link": { "type": "doc", "id": "concepts/overview" } }\n',
      'docs/en/concepts/overview.md': '# Overview\n',
      'docs/en/concepts/model.md': '# Model\n',
      'docs/en/api/_category_.json': '{ "link": { "type": "generated-index", "title": "API" } }\n',
      'docs/en/api/client.md': '# Client\n',
    })
    expect(outline(navTreeOf(result))).toEqual([
      { slug: null, title: 'Api', children: [{ slug: 'api/client', title: 'Client' }] },
      { slug: 'concepts/overview', title: 'Concepts', children: [{ slug: 'concepts/model', title: 'Model' }] },
    ])
    expect(documentOf(result, 'concepts/model').nav.breadcrumbs).toEqual([{ slug: 'concepts/overview', title: 'Overview' }])
  })
})

describe('the sidebar a Starlight author wrote', () => {
  it('reads sidebar.label, sidebar.order and sidebar.hidden', async () => {
    const { result } = await buildFolder({
      'site.yml': SITE_EN,
      'docs/en/guides/a.md': doc('title: The A guide\nsidebar:\n  label: A\n  order: 2', 'A.\n'),
      'docs/en/guides/b.md': doc('title: B\nsidebar:\n  order: 1', 'B.\n'),
      'docs/en/guides/secret.md': doc('title: Unlisted\nsidebar:\n  hidden: true', 'Still published.\n'),
    })
    expect(outline(navTreeOf(result))).toEqual([
      {
        slug: null,
        title: 'Guides',
        children: [
          { slug: 'guides/b', title: 'B' },
          { slug: 'guides/a', title: 'A' },
        ],
      },
    ])
    expect(documentOf(result, 'guides/secret').title).toBe('Unlisted')
  })
})

describe('sorting and naming without any settings', () => {
  it('sorts numbers in titles by value and humanizes folder names', async () => {
    const { result } = await buildFolder({
      'site.yml': SITE_EN,
      'docs/en/getting-started/step-10.md': '# Step 10\n',
      'docs/en/getting-started/step-2.md': '# Step 2\n',
      'docs/en/getting-started/step-1.md': '# Step 1\n',
      'docs/en/api_reference/x.md': '# X\n',
    })
    expect(outline(navTreeOf(result))).toEqual([
      { slug: null, title: 'Api reference', children: [{ slug: 'api_reference/x', title: 'X' }] },
      {
        slug: null,
        title: 'Getting started',
        children: [
          { slug: 'getting-started/step-1', title: 'Step 1' },
          { slug: 'getting-started/step-2', title: 'Step 2' },
          { slug: 'getting-started/step-10', title: 'Step 10' },
        ],
      },
    ])
  })
})

describe('bad _category_ files', () => {
  it('are reported at their path and line, every one', async () => {
    const problems = await problemsOf({
      'site.yml': SITE_EN,
      'docs/en/a/x.md': '# X\n',
      'docs/en/a/_category_.json': '{\n  "label": "A",\n  "position": 1,\n}\n',
      'docs/en/b/y.md': '# Y\n',
      'docs/en/b/_category_.yml': 'label: B\nposition: [1\n',
      'docs/en/c/z.md': '# Z\n',
      'docs/en/c/_category_.json': '{\n  "label": "C",\n  "position": "first"\n}\n',
    })
    expect(problems.map((problem) => `${problem.path}:${problem.line}`)).toEqual(['docs/en/a/_category_.json:4', 'docs/en/b/_category_.yml:2', 'docs/en/c/_category_.json:3'])
    expect(problems[0]?.message).toMatch(/^invalid JSON: /)
    expect(problems[1]?.message).toBe('invalid YAML: unclosed [: the list that starts here has no closing ]')
    expect(problems[2]?.message).toBe('position: must be a number; got "first"')
  })
})

const SIDEBAR = `sidebar:
  - label: Guides
    items:
      - guides/install
      - label: Deploy
        translations: { fr: Déployer }
        collapsed: true
        items:
          - guides/deploy/cloud
          - { slug: guides/deploy/self-hosted, label: On your servers }
  - label: { en: Reference, fr: Référence }
    autogenerate: { directory: reference }
  - { label: Source code, link: "https://example.com/project" }
  - index
`

const EXPLICIT = {
  'site.yml': `${SITE_EN_FR}${SIDEBAR}`,
  'docs/en/index.md': '# Home\n',
  'docs/en/guides/install.md': '# Install\n',
  'docs/en/guides/unlisted.md': '# Unlisted\n',
  'docs/en/guides/deploy/cloud.md': '# Cloud\n',
  'docs/en/guides/deploy/self-hosted.md': '# Self-hosted\n',
  'docs/en/reference/cli.md': doc('sidebar_position: 1', '# CLI\n'),
  'docs/en/reference/api.md': doc('sidebar_position: 2', '# API\n'),
  'docs/fr/guides/install.md': '# Installer\n',
}

describe('an explicit sidebar in site.yml', () => {
  let result: BuildResult

  beforeAll(async () => {
    ;({ result } = await buildFolder(EXPLICIT))
  })

  const expected = (reference: string, install: string, deploy = 'Deploy'): Outline[] => [
    {
      slug: null,
      title: 'Guides',
      children: [
        { slug: 'guides/install', title: install },
        {
          slug: null,
          title: deploy,
          collapsed: true,
          children: [
            { slug: 'guides/deploy/cloud', title: 'Cloud' },
            { slug: 'guides/deploy/self-hosted', title: 'On your servers' },
          ],
        },
      ],
    },
    {
      slug: null,
      title: reference,
      children: [
        { slug: 'reference/cli', title: 'CLI' },
        { slug: 'reference/api', title: 'API' },
      ],
    },
    { slug: null, title: 'Source code' },
    { slug: 'index', title: 'Home' },
  ]

  it('wins over the folders: its groups, labels and order', () => {
    expect(outline(navTreeOf(result))).toEqual(expected('Reference', 'Install'))
    expect(navTreeOf(result).find((node) => node.title === 'Source code')?.url).toBe('https://example.com/project')
  })

  it('shapes the other locales too, with their translated titles and labels', () => {
    expect(outline(navTreeOf(result, 'fr'))).toEqual(expected('Référence', 'Installer', 'Déployer'))
  })

  it('leaves the pages it does not name out of the sidebar, still published and in llms.txt', () => {
    expect(documentOf(result, 'guides/unlisted').title).toBe('Unlisted')
    const llms = JSON.parse(result.blobs.get(versionOf(result).llms.en?.index ?? '') ?? '""') as string
    expect(llms).toContain('[Unlisted](/v1/documents/guides/unlisted.md)')
  })

  it('sets reading order: prev and next follow it', () => {
    expect(documentOf(result, 'guides/deploy/self-hosted').nav).toMatchObject({
      prev: { slug: 'guides/deploy/cloud', title: 'Cloud' },
      next: { slug: 'reference/cli', title: 'CLI' },
    })
  })

  it('refuses a slug that no page has, and a directory without pages, at their line', async () => {
    const problems = await problemsOf({
      ...EXPLICIT,
      'site.yml': `${SITE_EN_FR}sidebar:\n  - label: Guides\n    items:\n      - guides/install\n      - guides/missing\n  - autogenerate: { directory: nowhere }\n`,
    })
    expect(problems).toEqual([
      { path: 'site.yml', line: 10, message: 'sidebar: "guides/missing" is not the slug of any page' },
      { path: 'site.yml', line: 11, message: 'sidebar: directory "nowhere" holds no page' },
    ])
  })

  it('refuses an entry of an unknown shape', async () => {
    const problems = await problemsOf({ ...EXPLICIT, 'site.yml': `${SITE_EN_FR}sidebar:\n  - { title: Guides }\n` })
    expect(problems).toEqual([{ path: 'site.yml', line: 6, message: 'sidebar.0: must be a slug, {slug, label}, {label, items}, {label, link} or {autogenerate: {directory}}' }])
  })
})

describe('a _category_ file saved while npm start runs', () => {
  it('relabels its folder in the next build', async () => {
    const contentDir = await writeContent({ 'site.yml': SITE_EN, 'docs/en/how-to/a.md': '# A\n' })
    const session = await SiteSession.open({ contentDir, cacheDir: null, threads: 1 })
    const titles = async () => {
      const build = await session.build()
      return (JSON.parse(build.blobs.get(versionOf(build).navigation.en?.public ?? '') ?? '{"items": []}') as { items: NavTreeNode[] }).items.map((node) => node.title)
    }
    expect(await titles()).toEqual(['How to'])
    await writeFile(join(contentDir, 'docs/en/how-to/_category_.yml'), 'label: How-to guides\n')
    await session.refresh(['docs/en/how-to/_category_.yml'])
    expect(await titles()).toEqual(['How-to guides'])
  })
})
