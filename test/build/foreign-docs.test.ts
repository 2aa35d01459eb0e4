import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import { buildDir, documentOf, navTreeOf, removeTempDirs, routesOf } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

// VitePress, Docusaurus and Starlight docs copied in unchanged.
const FIXTURE = join(import.meta.dirname, '../fixtures/foreign-docs')

let result: BuildResult

beforeAll(async () => {
  ;({ result } = await buildDir(FIXTURE))
})

const htmlOf = (docId: string) => documentOf(result, docId).html

describe('docs copied from VitePress, Docusaurus and Starlight', () => {
  it('build without a single problem', () => {
    expect(Object.keys(routesOf(result).documents.en ?? {}).sort()).toEqual([
      'docusaurus/advanced/plugins',
      'docusaurus/advanced/theming',
      'docusaurus/faq',
      'docusaurus/installation',
      'docusaurus/intro',
      'index',
      'notes',
      'starlight/getting-started',
      'starlight/raw-html',
      'starlight/reference',
      'vitepress',
      'vitepress/configuration',
      'vitepress/getting-started',
      'vitepress/migration',
    ])
  })

  it('take the title from front matter, else the first H1, else the file name', () => {
    expect(documentOf(result, 'vitepress/getting-started').title).toBe('Getting Started')
    expect(documentOf(result, 'vitepress/migration').title).toBe('Migrating from v1')
    expect(documentOf(result, 'docusaurus/faq').title).toBe('Frequently asked questions')
    expect(documentOf(result, 'docusaurus/advanced/theming').title).toBe('Theming the admin UI')
    expect(documentOf(result, 'notes').title).toBe('notes')
    // A VitePress home layout has no body: its hero makes the page, and its name the H1.
    expect(documentOf(result, 'vitepress').title).toBe('Widget CLI')
  })

  it('lose scripts, event handlers and iframes from raw HTML but keep the safe markup', () => {
    const html = htmlOf('starlight/raw-html')
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/onerror/i)
    expect(html).not.toMatch(/onclick/i)
    expect(html).not.toMatch(/<iframe/i)
    expect(html).not.toContain('alert(')
    expect(html).toContain('<div class="card">')
    expect(html).toContain('<kbd>Ctrl</kbd>')
    expect(html).toContain('<p>The paragraph after the script must still render.</p>')
    expect(html).toContain('<img src="https://example.com/chart.png" alt="Requests per minute" width="600" loading="lazy" decoding="async">')
  })

  it('render container fences as admonitions with their kind and title, and drop [[toc]] markers', () => {
    for (const docId of ['vitepress/getting-started', 'vitepress/configuration', 'docusaurus/installation', 'starlight/getting-started']) {
      const html = htmlOf(docId)
      expect(html, docId).not.toMatch(/:::|\[\[toc\]\]/)
    }
    expect(htmlOf('vitepress/getting-started')).toContain('You can also run it once without installing')
    expect(htmlOf('docusaurus/installation')).toContain('The Docker image is the quickest way to try Sync Server locally.')
    expect(htmlOf('vitepress/getting-started')).toContain('<aside class="admonition" data-kind="warning">\n<p class="admonition-title">Node version</p>')
    expect(htmlOf('vitepress/getting-started')).toContain('<details class="admonition" data-kind="details">\n<summary>Click me to see the full output</summary>')
    expect(htmlOf('docusaurus/installation')).toContain('<aside class="admonition" data-kind="caution">')
  })

  it('keep the language of fenced code whose info string carries tool-specific meta', () => {
    // Highlighting splits the code into spans: compare each block's language and text.
    const codeBlocks = (docId: string) =>
      [...htmlOf(docId).matchAll(/<code class="language-([^"]+)">(.*?)<\/code>/gs)].map(([, language, inner]) => `${language}: ${inner?.replace(/<[^>]+>/g, '')}`)
    expect(codeBlocks('vitepress/getting-started')).toContainEqual(expect.stringMatching(/^ts: import \{ defineConfig \}/))
    expect(codeBlocks('vitepress/getting-started')).toContainEqual(expect.stringMatching(/^sh: npx widget dev/))
    expect(codeBlocks('docusaurus/advanced/plugins')).toContainEqual(expect.stringMatching(/^js: module\.exports = function myPlugin/))
  })

  it('render GFM tables, task lists and strikethrough', () => {
    expect(htmlOf('vitepress/configuration')).toMatch(/<th align="center">Type<\/th>/)
    expect(htmlOf('vitepress/migration')).toContain('<input type="checkbox" checked disabled>')
    expect(htmlOf('notes')).toContain('<del>Sidebar collapses on reload</del>')
  })

  it('give repeated headings unique ids', () => {
    const ids = documentOf(result, 'notes').toc.map((entry) => entry.id)
    expect(ids).toEqual(['release-checklist', 'known-issues', 'example', 'ideas', 'example-1'])
  })

  it('rewrite relative .md links to document URLs', () => {
    expect(htmlOf('index')).toContain('<a href="/vitepress">Home</a>')
    expect(htmlOf('docusaurus/advanced/theming')).toContain('<a href="/docusaurus/intro">introduction</a>')
  })

  it('honour VitePress prev/next objects and false', () => {
    expect(documentOf(result, 'vitepress/configuration').nav).toMatchObject({
      prev: { slug: 'vitepress/getting-started', title: 'Getting Started' },
      next: null,
    })
  })

  it('order pages by Docusaurus sidebar_position and Starlight sidebar.order', () => {
    const children = (slug: string) =>
      navTreeOf(result)
        .find((entry) => entry.slug === slug || entry.title.toLowerCase() === slug)
        ?.children.map((entry) => entry.slug)
    expect(children('docusaurus')?.slice(0, 2)).toEqual(['docusaurus/intro', 'docusaurus/installation'])
    expect(children('starlight')).toEqual(['starlight/getting-started', 'starlight/reference', 'starlight/raw-html'])
  })
})
