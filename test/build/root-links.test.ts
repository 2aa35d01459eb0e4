import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import { buildFolder, doc, documentOf, problemsOf, removeTempDirs, routesOf, SITE_EN, SITE_EN_FR } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

/** The href of every link in a page's HTML, in order. */
const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1])

/** The link targets of a Markdown copy, in order. */
const markdownTargets = (markdown: string) => [...markdown.matchAll(/\]\(([^)]*)\)/g)].map((match) => match[1])

describe('root-absolute links, as VitePress and Starlight write them', () => {
  let result: BuildResult

  beforeAll(async () => {
    ;({ result } = await buildFolder({
      'site.yml': SITE_EN_FR,
      'docs/en/index.md': '# Home\n',
      'docs/en/guide/index.md': '# Guide\n',
      'docs/en/guide/features.md': '# Features\n',
      'docs/en/config/shared-options.md': '# Shared options\n\n## base\n',
      'docs/en/links.md': [
        '# Links',
        '',
        '- [bare](/guide/features)',
        '- [html](/guide/features.html)',
        '- [md with anchor](/config/shared-options.md#base)',
        '- [folder](/guide/)',
        '- [home](/)',
        '- [image](/img/logo.svg)',
        '- [file](/files/manual.pdf)',
        '- [site](https://example.com/guide/features)',
        '',
      ].join('\n'),
      'public/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>',
      'public/files/manual.pdf': '%PDF-1.4 kiln manual',
      'docs/fr/guide/features.md': '# Fonctionnalités\n',
      'docs/fr/links.md': '# Liens\n\n- [features](/guide/features)\n- [english](/en/guide/features)\n- [options](/config/shared-options)\n',
    }))
  })

  it('rewrites each spelling to the URL of the page it names', () => {
    expect(hrefs(documentOf(result, 'links').html)).toEqual([
      '/guide/features',
      '/guide/features',
      '/config/shared-options#base',
      '/guide',
      '/',
      // Files are the assets stage's: published under their content hash.
      expect.stringMatching(/^\/v1\/assets\/[0-9a-f]+\.svg$/),
      expect.stringMatching(/^\/v1\/assets\/[0-9a-f]+\.pdf$/),
      'https://example.com/guide/features',
    ])
  })

  it('points the Markdown copy at the Markdown URL of each page', () => {
    const entry = routesOf(result).documents.en?.links
    const markdown = JSON.parse(result.blobs.get(entry?.markdown ?? '') ?? '""') as string
    expect(markdownTargets(markdown)).toEqual([
      '/v1/documents/guide/features.md',
      '/v1/documents/guide/features.md',
      '/v1/documents/config/shared-options.md#base',
      '/v1/documents/guide.md',
      '/v1/documents/index.md',
      expect.stringMatching(/^\/v1\/assets\/[0-9a-f]+\.svg$/),
      expect.stringMatching(/^\/v1\/assets\/[0-9a-f]+\.pdf$/),
      'https://example.com/guide/features',
    ])
  })

  it('reads a root link in a translation in its locale, unless the link names another', () => {
    expect(hrefs(documentOf(result, 'links', 'fr').html)).toEqual(['/fr/guide/features', '/guide/features', '/fr/config/shared-options'])
  })
})

describe('root-absolute links under a baseUrl, as Docusaurus writes them', () => {
  it('resolve with or without the baseUrl prefix', async () => {
    const { result } = await buildFolder({
      'site.yml': `${SITE_EN}baseUrl: /docs/\n`,
      'docs/en/getting-started.md': '# Getting started\n',
      'docs/en/intro.md':
        '# Intro\n\n[with](/docs/getting-started) and [without](/getting-started) and [the base](/docs/), [md](/docs/getting-started.md), [html](/docs/getting-started.html) and [bare base](/docs).\n',
      'docs/en/index.md': '# Home\n',
    })
    expect(hrefs(documentOf(result, 'intro').html)).toEqual([
      '/docs/getting-started',
      '/docs/getting-started',
      '/docs/',
      '/docs/getting-started',
      '/docs/getting-started',
      '/docs/',
    ])
  })
})

describe('a root link that names no document', () => {
  const FILES = {
    'docs/en/index.md': '# Home\n\n[gone](/guide/removed.html) and [site](https://example.com/)\n',
  }

  it('fails the build at its path and line', async () => {
    expect(await problemsOf({ 'site.yml': SITE_EN, ...FILES })).toEqual([{ path: 'docs/en/index.md', line: 3, message: 'link "/guide/removed.html" points at no document' }])
  })

  it('is a warning under links: warn, and keeps its href', async () => {
    const { result } = await buildFolder({ 'site.yml': `${SITE_EN}links: warn\n`, ...FILES })
    expect(result.warnings).toContainEqual({ path: 'docs/en/index.md', line: 3, message: 'link "/guide/removed.html" points at no document' })
    expect(hrefs(documentOf(result, 'index').html)).toEqual(['/guide/removed.html', 'https://example.com/'])
  })
})

describe('Docusaurus ids and slugs', () => {
  let result: BuildResult

  beforeAll(async () => {
    ;({ result } = await buildFolder({
      'site.yml': SITE_EN,
      'docs/en/index.md': doc('slug: /', '# Welcome\n'),
      'docs/en/guides/01-intro.md': doc('id: introduction', '# Intro\n\n[config](configuration#clearmocks) and [cli](../api/cli) and [tabs](/markdown-features/tabs).\n'),
      'docs/en/guides/jest-config.md': doc('id: configuration', '# Configuration\n\n## clearMocks\n'),
      'docs/en/api/command-line.md': doc('id: cli', '# CLI\n\n[intro](../guides/introduction)\n'),
      'docs/en/features/tabs.md': doc('slug: /markdown-features/tabs', '# Tabs\n'),
      'docs/en/guides/02-untitled.md': 'Text without a heading.\n',
    }))
  })

  it('publishes a page with an id under its folder and id, as Docusaurus does', () => {
    const slugs = Object.keys(routesOf(result).documents.en ?? {}).map((docId) => documentOf(result, docId).slug)
    expect(slugs.sort()).toEqual(['api/cli', 'guides/configuration', 'guides/introduction', 'guides/untitled', 'index', 'markdown-features/tabs'])
  })

  it('titles a page without a title by its file name without the number', () => {
    expect(documentOf(result, 'guides/untitled').title).toBe('untitled')
  })

  it('reads slug: /x as x and slug: / as the home page', () => {
    expect(documentOf(result, 'features/tabs').slug).toBe('markdown-features/tabs')
    expect(documentOf(result, 'index').slug).toBe('index')
  })

  it('resolves links by id, relative to the page folder, and root links to slugs', () => {
    expect(hrefs(documentOf(result, 'guides/intro').html)).toEqual(['/guides/configuration#clearmocks', '/api/cli', '/markdown-features/tabs'])
  })

  it('still refuses a slug that climbs', async () => {
    const problems = await problemsOf({ 'site.yml': SITE_EN, 'docs/en/a.md': doc('slug: /a/../b', '# A\n') })
    expect(problems).toEqual([{ path: 'docs/en/a.md', line: 2, message: 'front matter "slug": "/a/../b" is not a relative slug such as "guides/old-install"' }])
  })
})
