import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderDocument, type LinkTargets, type RenderedDocument, type RenderInput } from '../../build/markdown/render.ts'

const fixtures = join(import.meta.dirname, '../fixtures/render')

/** Link targets for tests of the HTML alone: no document has a Markdown URL. */
const htmlTargets = (urls: Record<string, string> = {}): LinkTargets => ({ urls, markdownUrls: {} })

interface RenderCase {
  name: string
  /** `input.md`, or `input.mdx` for a case read as MDX. */
  input: string
  body: string
  targets: LinkTargets
  /** `settings.json`: what site.yml would set (`{"headingIds": "vitepress"}`, `{"vue": true}`). */
  settings: Pick<RenderInput, 'headingIds' | 'format' | 'vue'>
  /** Any of these the fixture's expected.json names; `markdown` is the document's Markdown copy. */
  expected: Partial<Pick<RenderedDocument, 'html' | 'headings' | 'h1' | 'markdown' | 'errors' | 'warnings' | 'anchors' | 'missingAnchors'>>
}

function loadCase(name: string): RenderCase {
  const file = (file: string) => join(fixtures, name, file)
  const input = existsSync(file('input.mdx')) ? 'input.mdx' : 'input.md'
  return {
    name,
    input,
    body: readFileSync(file(input), 'utf8'),
    targets: htmlTargets(existsSync(file('targets.json')) ? (JSON.parse(readFileSync(file('targets.json'), 'utf8')) as Record<string, string>) : {}),
    settings: existsSync(file('settings.json')) ? (JSON.parse(readFileSync(file('settings.json'), 'utf8')) as RenderCase['settings']) : {},
    expected: JSON.parse(readFileSync(file('expected.json'), 'utf8')) as RenderCase['expected'],
  }
}

const cases = readdirSync(fixtures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => loadCase(entry.name))

const render = (body: string, targets = htmlTargets(), path = 'docs/en/page.md') => renderDocument({ path, body, bodyLine: 1 }, targets)

/** Every `id="..."` in a piece of HTML, in order. */
const idsIn = (html: string) => [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1])

describe('renderDocument on the fixtures in test/fixtures/render', () => {
  it('finds the fixture cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10)
    for (const { name, expected } of cases) expect(Object.keys(expected), name).not.toHaveLength(0)
  })

  for (const { name, input, body, targets, settings, expected } of cases) {
    it(name.replaceAll('-', ' '), () => {
      const output = renderDocument({ path: `docs/en/${name}${input.slice(input.indexOf('.'))}`, body, bodyLine: 1, ...settings }, targets)
      const picked = Object.fromEntries(Object.keys(expected).map((key) => [key, output[key as keyof RenderedDocument]]))
      expect(picked).toEqual(expected)
    })
  }
})

describe('renderDocument', () => {
  it('gives the same heading ids when a document is rendered again after others', () => {
    const body = '## Example\n\n## Example\n\n### Setup\n'
    const first = render(body)
    render('## Example\n\n## Setup\n', htmlTargets(), 'docs/en/other.md')
    const second = render(body)
    expect(second.html).toBe(first.html)
    expect(second.headings.map((heading) => heading.id)).toEqual(['example', 'example-1', 'setup'])
  })

  it('gives every heading the id its element carries in the html', () => {
    const output = render('# Title\n\n## Install it\n\n### On `macOS`\n\n## Install it\n')
    expect(output.headings.map((heading) => heading.id)).toEqual(idsIn(output.html))
  })

  it('gives headings with a custom {#id} or dots in them the ids their elements carry, and never shows the {#id}', () => {
    const body = '# Title {#top}\n\n## build.target\n\n## Cache {#cache}\n\n## Cache\n\n::: tip\n## Inside {#inside}\n:::\n'
    const output = renderDocument({ path: 'docs/en/page.md', body, bodyLine: 1, headingIds: 'vitepress' }, htmlTargets())
    expect(output.headings.map((heading) => heading.id)).toEqual(idsIn(output.html))
    expect(output.headings.map((heading) => heading.id)).toEqual(['top', 'build-target', 'cache', 'cache-1', 'inside'])
    expect(output.h1).toBe('Title')
    for (const text of [output.html, output.markdown, JSON.stringify(output.sections)]) expect(text).not.toContain('{#')
  })

  it('never gives two elements of one document the same id, even next to ids written in author HTML', () => {
    const output = render('<a id="install"></a>\n\n## Install\n\n<h2 id="usage">Usage</h2>\n\n## Usage\n')
    const ids = idsIn(output.html)
    expect(ids).toContain('install')
    expect(ids).toContain('usage')
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('keeps the classes authors put on their own HTML elements', () => {
    const output = render('<span class="badge">New</span> and <a href="https://example.com" class="button">Go</a>\n')
    expect(output.html).toContain('<span class="badge">New</span>')
    expect(output.html).toContain('class="button"')
  })

  it('removes javascript: URLs from author links', () => {
    const output = render('<a href="javascript:alert(1)">x</a> [y](javascript:alert(2))\n')
    expect(output.html).not.toMatch(/javascript:/i)
  })

  it('keeps an in-page link with a malformed escape as written instead of failing the build', () => {
    const output = render('<a href="#%">x</a> [y](#%E0%A4%A)\n')
    expect(output.html).toBe('<p><a href="#%">x</a> <a href="#%E0%A4%25A">y</a></p>')
  })

  it('records each document link with its line and the URLs it was rewritten to', () => {
    const targets = { urls: { 'docs/en/guides/install.md': '/docs/guides/install' }, markdownUrls: { 'docs/en/guides/install.md': '/v1/documents/guides/install.md' } }
    const output = renderDocument({ path: 'docs/en/page.md', body: 'Intro\n\n[a](./guides/install.md)\n\n[b](./nowhere.md)\n', bodyLine: 5 }, targets)
    expect(output.links).toEqual([
      { href: './guides/install.md', line: 7, url: '/docs/guides/install', markdownUrl: '/v1/documents/guides/install.md' },
      { href: './nowhere.md', line: 9, url: null, markdownUrl: null },
    ])
  })

  it('resolves links relative to the folder of the linking document', () => {
    const targets = htmlTargets({ 'docs/en/intro.md': '/docs/intro', 'docs/en/guides/setup.md': '/docs/guides/setup' })
    const output = render('[up](../intro.md) [here](./setup.md) [bare](setup)\n', targets, 'docs/en/guides/install.md')
    expect(output.html).toBe('<p><a href="/docs/intro">up</a> <a href="/docs/guides/setup">here</a> <a href="/docs/guides/setup">bare</a></p>')
  })

  it('leaves links to images and other files alone', () => {
    const output = render('[diagram](./diagram.png) ![chart](./chart.svg)\n')
    expect(output.links).toEqual([])
    expect(output.html).toContain('href="./diagram.png"')
  })

  it('splits the text into one section per heading below the H1 for the search index', () => {
    const output = render('# Title\n\nIntro text.\n\n## First\n\nAlpha words.\n\n### Deeper\n\nBeta words.\n')
    expect(output.sections).toEqual([
      { heading: null, text: 'Intro text.' },
      { heading: { depth: 2, id: 'first', text: 'First' }, text: 'Alpha words.' },
      { heading: { depth: 3, id: 'deeper', text: 'Deeper' }, text: 'Beta words.' },
    ])
  })

  it('reads a container fence again only where the first parse put it at the start of a paragraph line', () => {
    const output = render('Intro text\n::: warning Careful\nBody.\n:::\n\n```md\n::: warning Careful\n```\n')
    expect(output.html).toContain('<aside class="admonition" data-kind="warning">\n<p class="admonition-title">Careful</p>')
    expect(output.html).toContain('<code class="language-md"><span class="line">::: warning Careful</span></code>')
  })

  it('keeps the line of a link after a container fence was rewritten', () => {
    const output = render('::: tip A title\n[x](./nowhere.md)\n:::\n')
    expect(output.links).toEqual([{ href: './nowhere.md', line: 2, url: null, markdownUrl: null }])
  })

  it('allows data-kind and data-label only on the elements the directive HTML puts them on', () => {
    const output = render('<p data-kind="x" data-label="y">a</p><aside data-kind="tip" data-label="z">b</aside><pre tabindex="0">c</pre>\n')
    expect(output.html).toBe('<p>a</p><aside data-kind="tip">b</aside><pre tabindex="0" class="shiki">c</pre>')
  })

  it('reports no H1 when the document has none', () => {
    expect(render('## Only a section\n').h1).toBeNull()
  })
})
