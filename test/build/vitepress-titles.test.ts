import { afterAll, describe, expect, it } from 'vitest'
import { llmsTexts, pagesOf, searchTexts, titlesOf, tocTexts } from '../shared/framework-output.ts'
import { blob, buildFolder, doc, documentOf, problemsOf, removeTempDirs, routesOf, SITE_EN } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

// VitePress pages: `title:` is the browser tab's text, the H1 what readers see.
const PAGES = {
  'docs/en/index.md': doc('title: Home | Tern', '# Tern\n\nStart with [mocking](./guide/mocking.md).\n'),
  'docs/en/guide/mocking.md': doc('title: Mocking | Guide', '# Mocking\n\nReplace a module with a stand-in.\n'),
  'docs/en/guide/no-heading.md': doc('title: Without a heading', 'Text only.\n'),
}

const markdownOf = (result: Awaited<ReturnType<typeof buildFolder>>['result'], docId: string) => blob<string>(result, routesOf(result).documents.en?.[docId]?.markdown)

describe('markdown.title in site.yml', () => {
  it('frontMatter (the default) titles a page with its front matter title, even when it has an H1', async () => {
    const { result } = await buildFolder({ 'site.yml': SITE_EN, ...PAGES })
    expect(documentOf(result, 'guide/mocking').title).toBe('Mocking | Guide')
  })

  it('heading titles a page with its H1 everywhere: document, navigation, search, llms files and Markdown copy', async () => {
    const { result } = await buildFolder({ 'site.yml': `${SITE_EN}markdown:\n  title: heading\n`, ...PAGES })
    expect(documentOf(result, 'guide/mocking').title).toBe('Mocking')
    const texts = [...titlesOf(result, pagesOf(result)), ...searchTexts(result), llmsTexts(result).index, markdownOf(result, 'guide/mocking')]
    expect(texts.join('\n')).not.toContain('| Guide')
    expect(titlesOf(result, pagesOf(result))).toEqual(expect.arrayContaining(['Mocking', 'Tern']))
    expect(markdownOf(result, 'guide/mocking')).toBe('# Mocking\n\nReplace a module with a stand-in.\n')
  })

  it('heading keeps the front matter title of a page without an H1', async () => {
    const { result } = await buildFolder({ 'site.yml': `${SITE_EN}markdown:\n  title: heading\n`, ...PAGES })
    expect(documentOf(result, 'guide/no-heading').title).toBe('Without a heading')
  })

  it('refuses a rule it does not know', async () => {
    const problems = await problemsOf({ 'site.yml': `${SITE_EN}markdown:\n  title: h1\n`, 'docs/en/index.md': '# Home\n' })
    expect(problems).toEqual([{ path: 'site.yml', line: 5, message: 'markdown.title: must be "frontMatter" or "heading"; got "h1"' }])
  })
})

describe('a badge in a heading', () => {
  const files = {
    'site.yml': SITE_EN,
    'docs/en/index.md': '# Home\n\nSee [pools](./pools.md).\n',
    'docs/en/pools.md': '# Custom Pool <Badge>advanced</Badge>\n\nA pool sized by hand.\n\n## Retries <Badge type="warning" text="beta" />\n\nTried again, three times.\n',
  }

  it('is a badge element inside the heading', async () => {
    const { result } = await buildFolder(files)
    expect(documentOf(result, 'pools').html).toContain('<h1 id="custom-pool-advanced">Custom Pool <span class="badge">advanced</span></h1>')
    expect(documentOf(result, 'pools').html).toContain('<h2 id="retries-beta">Retries <span class="badge" data-kind="warning">beta</span></h2>')
  })

  it('stays out of the title, the TOC, search titles and headings, and navigation labels', async () => {
    const { result } = await buildFolder(files)
    const pools = documentOf(result, 'pools')
    expect(pools.title).toBe('Custom Pool')
    expect(tocTexts(pools.toc)).toEqual(['Retries'])
    expect(searchTexts(result)).toEqual(expect.arrayContaining(['Custom Pool', 'Retries']))
    const texts = [...titlesOf(result, pagesOf(result)), ...searchTexts(result), llmsTexts(result).index]
    for (const text of texts) expect(text).not.toMatch(/advanced|beta/)
  })

  it('reads apart from the heading in the Markdown copy, in parentheses', async () => {
    const { result } = await buildFolder(files)
    expect(markdownOf(result, 'pools')).toBe('# Custom Pool\n\nA pool sized by hand.\n\n## Retries (beta)\n\nTried again, three times.\n')
  })
})
