import { join } from 'node:path'
import { toMarkdown } from 'mdast-util-to-markdown'
import { afterAll, describe, expect, it } from 'vitest'
import { toSourceDocuments } from '../../build/content/documents.ts'
import { linkTable } from '../../build/pipeline/link-table.ts'
import { parseDocumentFile } from '../../build/content/front-matter.ts'
import { parseSiteConfig } from '../../build/content/site-config.ts'
import { RenderCache } from '../../build/render-cache.ts'
import { documentMarkdown, renderDocument } from '../../build/markdown/render.ts'
import { renderContent, renderInProcess } from '../../build/pipeline/render-all.ts'
import { readContent, type ContentFolder } from '../../build/read.ts'
import { doc, makeTempDir, removeTempDirs, SITE_EN, SITE_EN_FR, type ContentFiles } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const FOREIGN_DOCS = join(import.meta.dirname, '../fixtures/foreign-docs')

/** The Markdown copy of every document of a content folder, by content path, through the build's own stages. */
async function markdownOf(content: Pick<ContentFolder, 'siteText' | 'files' | 'assets'>): Promise<Map<string, string>> {
  const siteResult = parseSiteConfig(content.siteText)
  if (!siteResult.ok) throw new Error(JSON.stringify(siteResult.problems))
  const files = content.files.filter((file) => file.path.startsWith('docs/')).map((file) => parseDocumentFile(file).value)
  const { documents } = toSourceDocuments(files, siteResult.site)
  const rendered = await renderContent(documents, [], linkTable(documents, siteResult.site).targets, renderInProcess)
  return new Map([...rendered.documents].map(([path, output]) => [path, output.markdown]))
}

async function markdownOfFiles(files: ContentFiles): Promise<Map<string, string>> {
  const { 'site.yml': siteText = SITE_EN, ...docs } = files
  return markdownOf({ siteText, files: Object.entries(docs).map(([path, text]) => ({ path, text, mtimeMs: 0 })), assets: [] })
}

/** The Markdown copy of one page at docs/en/page.md, next to a few pages it can link to. */
async function pageMarkdown(body: string): Promise<string> {
  const copies = await markdownOfFiles({
    'docs/en/page.md': body,
    'docs/en/guides/index.md': '# Guides\n',
    'docs/en/guides/install.md': '# Install\n',
  })
  return copies.get('docs/en/page.md') ?? ''
}

describe('the Markdown copy of a document', () => {
  it('leaves the front matter out and keeps the body', async () => {
    const markdown = await pageMarkdown(doc('title: Install\ndescription: How to install\ntags: [setup]', 'First steps.\n'))
    expect(markdown).toBe('First steps.\n')
  })

  it('keeps GFM tables, task lists, strikethrough and fenced code with its language', async () => {
    const body = '| Name | Size |\n| :--- | ---: |\n| a | 1 |\n\n- [x] done\n- [ ] open\n\n~~old~~ new\n\n```ts\nconst a = 1\n```\n'
    const markdown = await pageMarkdown(body)
    expect(markdown).toContain('| Name | Size |\n| :--- | ---: |\n| a    |    1 |')
    expect(markdown).toContain('- [x] done\n- [ ] open')
    expect(markdown).toContain('~~old~~ new')
    expect(markdown).toContain('```ts\nconst a = 1\n```')
  })

  it('points relative links to other documents at their Markdown URLs, keeping the fragment', async () => {
    const markdown = await pageMarkdown('[a](./guides/install.md#step-2) [b](guides/install) [c](./guides/) [d][ref]\n\n[ref]: guides/install.md\n')
    expect(markdown).toContain('[a](/v1/documents/guides/install.md#step-2)')
    expect(markdown).toContain('[b](/v1/documents/guides/install.md)')
    expect(markdown).toContain('[c](/v1/documents/guides.md)')
    expect(markdown).toContain('[ref]: /v1/documents/guides/install.md')
  })

  it('points a French page at French Markdown URLs, also for pages not translated yet', async () => {
    const copies = await markdownOfFiles({
      'site.yml': SITE_EN_FR,
      'docs/en/start.md': '# Start\n\n[Install](./install.md)\n',
      'docs/en/install.md': '# Install\n',
      'docs/en/faq.md': '# FAQ\n',
      'docs/fr/start.md': doc('slug: demarrer', '# Démarrer\n\n[Installer](./install.md#etapes) et [FAQ](./faq.md)\n'),
      'docs/fr/install.md': doc('slug: installer', '# Installer\n\n[Démarrer](./start.md)\n'),
    })
    expect(copies.get('docs/fr/start.md')).toContain('[Installer](/v1/documents/installer.md?locale=fr#etapes)')
    expect(copies.get('docs/fr/start.md')).toContain('[FAQ](/v1/documents/faq.md?locale=fr)')
    expect(copies.get('docs/fr/install.md')).toContain('[Démarrer](/v1/documents/demarrer.md?locale=fr)')
    expect(copies.get('docs/en/start.md')).toContain('[Install](/v1/documents/install.md)')
  })

  it('leaves links to nothing, images, other files, anchors and other sites as written', async () => {
    const markdown = await pageMarkdown('[gone](./gone.md) ![chart](./chart.png) [pdf](./spec.pdf) [here](#usage) [site](https://example.com/a.md)\n')
    expect(markdown).toBe('[gone](./gone.md) ![chart](./chart.png) [pdf](./spec.pdf) [here](#usage) [site](https://example.com/a.md)\n')
  })

  it('writes containers as GitHub alerts with their titles in bold, and drops [[toc]]', async () => {
    const markdown = await pageMarkdown('[[toc]]\n\n::: tip Before you start\nRun the **migration** first.\n:::\n\n:::note\nKeep this.\n:::\n')
    expect(markdown).toBe('> [!TIP]\n> **Before you start**\n>\n> Run the **migration** first.\n\n> [!NOTE]\n> Keep this.\n')
  })

  it('drops an inline <style> with its CSS, as the HTML does', async () => {
    const markdown = await pageMarkdown('Text <style>.a { color: red }</style>after.\n')
    expect(markdown).toBe('Text after.\n')
  })

  it('keeps safe raw HTML and drops scripts, event handlers and comments, as the HTML does', async () => {
    const body = '<div class="note" onclick="steal()">Note</div>\n\n<script>alert(1)</script>\n\n<!-- internal -->\n\nPress <kbd>Ctrl</kbd> <img src="x.png" onerror="alert(2)">\n'
    const markdown = await pageMarkdown(body)
    expect(markdown).toBe('<div class="note">Note</div>\n\nPress <kbd>Ctrl</kbd> <img src="x.png">\n')
  })

  it('keeps an element that raw HTML opens before Markdown and closes after it', async () => {
    const markdown = await pageMarkdown('<details>\n<summary onmouseover="x()">More</summary>\n\nHidden *text*.\n\n</details>\n')
    expect(markdown).toBe('<details>\n<summary>More</summary>\n\nHidden _text_.\n\n</details>\n')
  })

  it('points document links inside raw HTML at their Markdown URLs too', async () => {
    const markdown = await pageMarkdown('<p>See <a href="./guides/install.md#a">install</a>.</p>\n')
    expect(markdown).toBe('<p>See <a href="/v1/documents/guides/install.md#a">install</a>.</p>\n')
  })

  it('has no container fence, [[toc]] or script left in any page of the foreign docs fixture', async () => {
    const copies = await markdownOf(await readContent(FOREIGN_DOCS))
    expect(copies.size).toBeGreaterThanOrEqual(10)
    for (const [path, markdown] of copies) {
      expect(markdown, path).not.toMatch(/^\s*:::/m)
      expect(markdown, path).not.toContain('[[toc]]')
      expect(markdown, path).not.toMatch(/<script|onclick=|onerror=/i)
    }
  })

  it('is written from the same parse as the HTML and leaves the HTML as it was', () => {
    // The copy rewrites links, drops HTML, trims and joins lines on the very tree the HTML was made from.
    const body = 'Getting\\\nstarted <Badge type="tip"/>\n=======\n\n[Install](./install.md) <span onclick="x()">now</span>\n\n<script>alert(1)</script>\n'
    const targets = { urls: { 'docs/en/install.md': '/install' }, markdownUrls: { 'docs/en/install.md': '/v1/documents/install.md' } }
    const output = renderDocument({ path: 'docs/en/page.md', body, bodyLine: 1 }, targets)
    expect(output.markdown).toBe('# Getting started\n\n[Install](/v1/documents/install.md) <span>now</span>\n')
    expect(output.html).toBe('<h1 id="gettingstarted-">Getting<br>\nstarted </h1>\n<p><a href="/install">Install</a> <span>now</span></p>\n')
  })

  it('comes from the cache relinked, as a fresh rendering writes it, when the URLs of a page it links to change', async () => {
    const cache = await RenderCache.open(await makeTempDir('render-cache-'))
    const input = { path: 'docs/en/page.md', body: '[Install](./install.md#steps), <a href="./install.md">again</a>, [away](https://example.com/install)\n', bodyLine: 1 }
    const before = { urls: { 'docs/en/install.md': '/install' }, markdownUrls: { 'docs/en/install.md': '/v1/documents/install.md' } }
    await cache.set(input, renderDocument(input, before))
    expect(cache.get(input, before)?.markdown).toContain('[Install](/v1/documents/install.md#steps)')
    const after = { urls: { 'docs/en/install.md': '/2.x/setup' }, markdownUrls: { 'docs/en/install.md': '/v1/documents/setup.md?version=2.x' } }
    const { markdown, html, links } = renderDocument(input, after)
    expect(cache.get(input, after)).toMatchObject({ markdown, html, links })
    expect(markdown).toContain('<a href="/v1/documents/setup.md?version=2.x">again</a>')
  })

  it("is rendered again when markdown.vue changes, as {{ }} is then Vue's and no longer text", async () => {
    const cache = await RenderCache.open(await makeTempDir('render-cache-'))
    const input = { path: 'docs/en/page.md', body: 'Version {{ version }}.\n', bodyLine: 1 }
    const targets = { urls: {}, markdownUrls: {} }
    await cache.set(input, renderDocument(input, targets))
    expect(cache.get({ ...input, vue: true }, targets)).toBeUndefined()
    expect(cache.get(input, targets)?.html).toBe('<p>Version {{ version }}.</p>')
  })

  it('is rendered again when a link it has stops resolving, as the broken link must be reported', async () => {
    const cache = await RenderCache.open(await makeTempDir('render-cache-'))
    const input = { path: 'docs/en/page.md', body: '[Install](./install.md)\n', bodyLine: 1 }
    const before = { urls: { 'docs/en/install.md': '/install' }, markdownUrls: { 'docs/en/install.md': '/v1/documents/install.md' } }
    await cache.set(input, renderDocument(input, before))
    expect(cache.get(input, { urls: {}, markdownUrls: {} })).toBeUndefined()
  })
})

describe('documentMarkdown', () => {
  it('puts the title first as an H1, then the body', () => {
    expect(documentMarkdown('Install', 'First steps.\n')).toBe('# Install\n\nFirst steps.\n')
  })

  it('drops the H1 a body opens with, which holds the title, whatever its text', () => {
    expect(documentMarkdown('Install', '# Install\n\nFirst steps.\n')).toBe('# Install\n\nFirst steps.\n')
    expect(documentMarkdown('Install', '# Installing the CLI\n\nFirst steps.\n')).toBe('# Install\n\nFirst steps.\n')
  })

  it('keeps H1s further down the body', () => {
    expect(documentMarkdown('Install', 'Intro.\n\n# Appendix\n')).toBe('# Install\n\nIntro.\n\n# Appendix\n')
  })

  it('gives a page with an empty body just its title', () => {
    expect(documentMarkdown('Install', '')).toBe('# Install\n')
    expect(documentMarkdown('Install', '# Install\n')).toBe('# Install\n')
  })

  it('escapes a title that Markdown would otherwise read as markup', () => {
    expect(documentMarkdown('Use *globs* in [brackets]', 'Body.\n')).toBe('# Use \\*globs\\* in \\[brackets]\n\nBody.\n')
  })

  it('writes every title as mdast-util-to-markdown writes it as a heading, plain or not', () => {
    // Letters of three scripts, digits, and the punctuation around them: every string of up to three characters.
    const alphabet = ['a', 'Z', 'é', '中', '٣', '7', ' ', ',', '.', ':', ';', '?', '!', "'", '’', '(', ')', '/', '-', '*', '#', '&']
    const titles = [...alphabet]
    for (const first of alphabet) for (const second of alphabet) titles.push(first + second, ...alphabet.map((third) => first + second + third))
    titles.push('Getting started: 2.0 (beta)', 'What’s new in v3.1?', 'CLI / config - overview', 'Route #1', '1. Intro')
    const differing = titles.filter((title) => documentMarkdown(title, '') !== toMarkdown({ type: 'heading', depth: 1, children: [{ type: 'text', value: title }] }))
    expect(differing).toEqual([])
  })

  it('recognizes a body H1 that spans two lines in the source', async () => {
    const body = await pageMarkdown('Getting\\\nstarted\n=======\n\nBody.\n')
    expect(documentMarkdown('Getting started', body)).toBe('# Getting started\n\nBody.\n')
  })
})
