import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import { parseSiteConfig } from '../../build/content/site-config.ts'
import { RenderCache } from '../../build/render-cache.ts'
import { renderDocument, type RenderInput } from '../../build/markdown/render.ts'
import { renderInProcess, reusingRenderings } from '../../build/pipeline/render-all.ts'
import type { ReleasesBlob, TocEntry } from '../../contract/index.ts'
import { blob, buildFolder, doc, documentOf, makeTempDir, problemsOf, removeTempDirs, routesOf, type ContentFiles } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

/** test/fixtures/heading-ids: a page of headings, and a page linking to them by both rules. */
const fixture = join(import.meta.dirname, '../fixtures/heading-ids')
const FILES: ContentFiles = Object.fromEntries(
  readdirSync(fixture, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name)
      return [path.slice(fixture.length + 1), readFileSync(path, 'utf8')]
    }),
)
const VITEPRESS_SITE = `${FILES['site.yml']}markdown:\n  headingIds: vitepress\n`

const idsOf = (html: string) => [...html.matchAll(/<h[1-6] id="([^"]*)"/g)].map((match) => match[1])
const hrefsOf = (html: string) => [...html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1])
const tocIds = (entries: TocEntry[]): string[] => entries.flatMap((entry) => [entry.id, ...tocIds(entry.children)])
const markdownOf = (result: BuildResult, docId: string) => blob<string>(result, routesOf(result).documents.en?.[docId]?.markdown)
const linksIn = (markdown: string) => [...markdown.matchAll(/\]\(([^)]*)\)/g)].map((match) => match[1])

describe.each([
  {
    rule: 'github (the default)',
    site: FILES['site.yml'] as string,
    apiIds: ['api', 'mockfnmocknamename', 'buildtarget', 'limits', 'limits-1'],
    homeIds: ['home', 'see-also-api-v20'],
    hrefs: ['/api#mockfnmocknamename', '/api#buildtarget', '/api#mockfnmocknamename', '/api#buildtarget', '/api#limits', '/api#limits-1', '#see-also-api-v20'],
  },
  {
    rule: 'vitepress',
    site: VITEPRESS_SITE,
    apiIds: ['api', 'mockfn-mockname-name', 'build-target', 'limits', 'limits-1'],
    homeIds: ['home', 'see-also-api-v2-0'],
    hrefs: ['/api#mockfn-mockname-name', '/api#build-target', '/api#mockfn-mockname-name', '/api#build-target', '/api#limits', '/api#limits-1', '#see-also-api-v2-0'],
  },
])('heading ids under the $rule rule', ({ site, apiIds, homeIds, hrefs }) => {
  let result: BuildResult

  beforeAll(async () => {
    ;({ result } = await buildFolder({ ...FILES, 'site.yml': site }))
  })

  it("gives headings the rule's ids in the HTML and the TOC, and a {#id} its own", () => {
    const api = documentOf(result, 'api')
    expect(idsOf(api.html)).toEqual(apiIds)
    expect(tocIds(api.toc)).toEqual(apiIds.slice(1))
    expect(idsOf(documentOf(result, 'index').html)).toEqual(homeIds)
  })

  it('lands links written by either rule on the heading, rewritten to its id in the HTML', () => {
    expect(hrefsOf(documentOf(result, 'index').html)).toEqual(hrefs)
  })

  it('rewrites them the same way in the Markdown copy', () => {
    const markdownHrefs = hrefs.map((href) => href.replace(/^\/api#/, '/v1/documents/api.md#'))
    expect(linksIn(markdownOf(result, 'index'))).toEqual(markdownHrefs)
  })

  it('builds without a warning about the content', () => {
    expect(result.warnings.filter((warning) => 'path' in warning)).toEqual([])
  })
})

describe('a #fragment that no rule finds', () => {
  const BROKEN = {
    ...FILES,
    // line 3: into another page; line 5: on the page itself.
    'docs/en/broken.md': '# Broken\n\n[Gone](./api.md#nothing-here).\n\n[Also gone](#nowhere) and [fine](#broken).\n',
  }
  const PROBLEMS = [
    { path: 'docs/en/broken.md', line: 3, message: 'link "./api.md#nothing-here" points at no heading or anchor "#nothing-here" in docs/en/api.md' },
    { path: 'docs/en/broken.md', line: 5, message: 'link "#nowhere" points at no heading or anchor of this page' },
  ]

  it('fails the build with each link at its path and line', async () => {
    expect(await problemsOf(BROKEN)).toEqual(PROBLEMS)
  })

  it("says how to write one that names an author's id in a form the build cannot rewrite", async () => {
    const files = { ...FILES, 'docs/en/quirk.md': '# Quirk\n\n<span id="it\'s">here</span>\n\n[There](./quirk.md#it\'s).\n' }
    expect(await problemsOf(files)).toEqual([
      {
        path: 'docs/en/quirk.md',
        line: 5,
        message: 'link "./quirk.md#it\'s" names "#user-content-it\'s" of docs/en/quirk.md in a form the build cannot rewrite: write "#user-content-it\'s"',
      },
    ])
  })

  it('is a warning under links: warn, and the link stays as written', async () => {
    const { result } = await buildFolder({ ...BROKEN, 'site.yml': `${FILES['site.yml']}links: warn\n` })
    expect(result.warnings.filter((warning) => 'path' in warning)).toEqual(PROBLEMS)
    expect(hrefsOf(documentOf(result, 'broken').html)).toEqual(['/api#nothing-here', '#nowhere', '#broken'])
  })
})

describe('#fragments in release notes', () => {
  const release = (body: string) => ({ ...FILES, 'releases/stable/1.0.0.md': doc('version: 1.0.0\ndate: 2026-01-31', body) })

  it('land on the heading they name by either rule, rewritten to its id', async () => {
    const { result } = await buildFolder(release('See [the target](../../docs/en/api.md#build-target).\n'))
    const notes = blob<ReleasesBlob>(result, result.manifest.releases).streams[0]?.releases[0]
    expect(notes?.html).toContain('<a href="/api#buildtarget">the target</a>')
  })

  it('are broken links at their line when no rule finds the heading', async () => {
    // line 6: the body starts after four lines of front matter and a blank line.
    expect(await problemsOf(release('See [the target](../../docs/en/api.md#no-such-target).\n'))).toEqual([
      { path: 'releases/stable/1.0.0.md', line: 6, message: 'link "../../docs/en/api.md#no-such-target" points at no heading or anchor "#no-such-target" in docs/en/api.md' },
    ])
  })
})

describe('the heading-id rule and kept renderings', () => {
  const github: RenderInput = { path: 'docs/en/page.md', body: '## build.target\n', bodyLine: 1, headingIds: 'github' }
  const vitepress: RenderInput = { ...github, headingIds: 'vitepress' }
  const targets = { urls: {}, markdownUrls: {} }

  it('is part of the render cache key, so changing it renders again', async () => {
    const cache = await RenderCache.open(await makeTempDir('render-cache-'))
    await cache.set(github, renderDocument(github, targets))
    expect(cache.get(github, targets)?.html).toBe('<h2 id="buildtarget">build.target</h2>')
    expect(cache.get(vitepress, targets)).toBeUndefined()
  })

  it('makes a long-lived build render again when it changes', async () => {
    const render = reusingRenderings(renderInProcess)
    await render(new Map([['page', github]]), targets)
    const again = await render(new Map([['page', vitepress]]), targets)
    expect(again.get('page')?.html).toBe('<h2 id="build-target">build.target</h2>')
  })
})

describe('markdown.headingIds in site.yml', () => {
  it('is github unless the site says otherwise', () => {
    const site = parseSiteConfig('title: T\ndefaultLocale: en\nmarkdown:\n  format: md\n')
    expect(site.ok && site.site.markdown).toMatchObject({ format: 'md', headingIds: 'github' })
  })

  it('names the rules it knows when given another, at its line', () => {
    const site = parseSiteConfig('title: T\ndefaultLocale: en\nmarkdown:\n  headingIds: docusaurus\n')
    expect(site.ok ? [] : site.problems).toEqual([{ path: 'site.yml', line: 3, message: 'markdown.headingIds: must be "github" or "vitepress"; got "docusaurus"' }])
  })
})
