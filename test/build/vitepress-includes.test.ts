import { readFileSync } from 'node:fs'
import { cp, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { BuildResult } from '../../build/build.ts'
import { regionLines } from '../../build/markdown/includes/regions.ts'
import { SiteSession } from '../../build/session.ts'
import { htmlTree, elementsOf, llmsTexts, searchTexts, tocTexts } from '../shared/framework-output.ts'
import { blob, buildDir, buildFolder, documentOf, makeTempDir, navTreeOf, problemsOf, removeTempDirs, routesOf, SITE_EN, SITE_EN_FR, treeSlugs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

// A VitePress-shaped folder: a page that includes a file without a `_`
// prefix (which includes another in turn), a region of a file by `@/`, a
// range of lines, and the directive written inside fenced code.
const FIXTURE = join(import.meta.dirname, '../fixtures/vitepress-includes')
const EXPECTED = z.record(z.string(), z.strictObject({ html: z.string(), markdown: z.string() })).parse(JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8')))

let result: BuildResult

beforeAll(async () => {
  ;({ result } = await buildDir(FIXTURE))
})

/** A folder of `files` under a site.yml. */
const buildPages = (files: Record<string, string>, site = SITE_EN) => buildFolder({ 'site.yml': site, ...files })
const markdownOf = (build: BuildResult, docId: string) => blob<string>(build, routesOf(build).documents.en?.[docId]?.markdown)

describe('VitePress includes', () => {
  it('inline the included files before parsing: the page has their headings, tables and lists, in its HTML and its Markdown copy', () => {
    for (const [docId, expected] of Object.entries(EXPECTED)) {
      expect(documentOf(result, docId).html, docId).toBe(expected.html)
      expect(markdownOf(result, docId), docId).toBe(expected.markdown)
    }
  })

  it('put the included headings in the page TOC and in search', () => {
    const cli = documentOf(result, 'guide/cli')
    expect(tocTexts(cli.toc)).toEqual(['Options', '--watch', '--dry-run', 'Environment', 'Exit codes', 'A session'])
    expect(searchTexts(result)).toEqual(expect.arrayContaining(['Environment', '--dry-run']))
  })

  it('make a deep link into an included heading land on its id', () => {
    const install = documentOf(result, 'guide/install')
    const hrefs = elementsOf(htmlTree(install.html)).flatMap((element) => (element.tagName === 'a' ? [String(element.properties.href)] : []))
    expect(hrefs).toEqual(['/guide/cli#environment', '/guide/cli#exit-codes'])
    const ids = elementsOf(htmlTree(documentOf(result, 'guide/cli').html)).map((element) => element.properties.id)
    for (const href of hrefs) expect(ids).toContain(href.split('#')[1])
  })

  it('leave the included files out of pages, navigation, search and llms files, whatever their names', () => {
    expect(Object.keys(routesOf(result).documents.en ?? {}).sort()).toEqual(['guide/cli', 'guide/install', 'index'])
    expect(
      treeSlugs(navTreeOf(result))
        .filter((slug) => slug !== null)
        .sort(),
    ).toEqual(['guide/cli', 'guide/install', 'index'])
    const { index, full } = llmsTexts(result)
    expect(index).not.toMatch(/cli-options|parts\//)
    // Once, in the page that includes it, not again as a page of its own.
    expect(full.match(/Prints what would be copied/g)).toHaveLength(1)
    expect(searchTexts(result).filter((text) => text === 'Options')).toHaveLength(1)
  })

  it('read a range of a whole file counting its front matter lines, as VitePress does', async () => {
    const { result } = await buildPages({
      'docs/en/index.md': '# Home\n\n<!--@include: ./part.md{5,5}-->\n',
      'docs/en/part.md': '---\ntitle: Part\n---\n\nFifth line of the file.\nSixth.\n',
    })
    expect(documentOf(result, 'index').html).toBe('<h1 id="home">Home</h1>\n<p>Fifth line of the file.</p>')
  })

  it("resolve @/ from VitePress's source folder: the default locale's folder, with @/fr/ the fr locale's", async () => {
    const { result } = await buildPages(
      {
        'docs/en/index.md': '# Home\n\n<!--@include: @/parts/hello.md-->\n',
        'docs/en/parts/hello.md': 'Hello.\n',
        'docs/fr/index.md': '# Accueil\n\n<!--@include: @/fr/parts/hello.md-->\n',
        'docs/fr/parts/hello.md': 'Bonjour.\n',
      },
      SITE_EN_FR,
    )
    expect(documentOf(result, 'index').html).toContain('<p>Hello.</p>')
    expect(documentOf(result, 'index', 'fr').html).toContain('<p>Bonjour.</p>')
  })

  it('leave the translation of an included file out of pages too, when no page of its locale includes it yet', async () => {
    const { result } = await buildPages(
      {
        'docs/en/index.md': '# Home\n\n<!--@include: ./parts/hello.md-->\n',
        'docs/en/parts/hello.md': 'Hello.\n',
        'docs/fr/index.md': '# Accueil\n\nPas encore traduit.\n',
        'docs/fr/parts/hello.md': 'Bonjour.\n',
      },
      SITE_EN_FR,
    )
    expect(Object.keys(routesOf(result).documents.fr ?? {})).toEqual(['index'])
  })

  it('take a region opened and closed in the comment style of the included file', async () => {
    const { result } = await buildPages({
      'docs/en/index.md': '# Home\n\n<!--@include: ./part.md#setup-->\n',
      'docs/en/part.md': '# Region names\n\n// #region setup\nInside the region.\n// #endregion\n\nOutside.\n',
    })
    expect(documentOf(result, 'index').html).toBe('<h1 id="home">Home</h1>\n<p>Inside the region.</p>')
  })
})

describe('an include by heading', () => {
  it('takes the section under the heading of that id when no region has the name, as VitePress does', async () => {
    const { result } = await buildPages(
      {
        'docs/en/index.md': '# Home\n\n<!--@include: ./part.md#build-target-->\n',
        'docs/en/part.md': '# Options\n\n## build.target\n\nWhich runtime to build for.\n\n### Values\n\n`node` or `browser`.\n\n## build.outDir\n\nWhere files go.\n',
      },
      `${SITE_EN}markdown: { headingIds: vitepress }\n`,
    )
    expect(documentOf(result, 'index').html).toBe(
      '<h1 id="home">Home</h1>\n<p>Which runtime to build for.</p>\n<h3 id="values">Values</h3>\n<p><code>node</code> or <code>browser</code>.</p>',
    )
  })
})

describe('regions', () => {
  it('are read in the marker style of each language VitePress reads them in', () => {
    const styles = [
      ['<!-- #region x -->', '<!-- #endregion x -->'],
      ['<!-- region x -->', '<!-- endregion -->'],
      ['// #region x', '// #endregion'],
      ['//#region x', '//#endregion x'],
      ['#region x', '#endregion'],
      ['# region x', '# endregion'],
      ['#pragma region x', '#pragma endregion'],
      ['#Region "x"', '#End Region'],
      ['-- #region x', '-- #endregion'],
      ['REM #region x', 'REM #endregion'],
      ['/* #region x */', '/* #endregion x */'],
      ['(* #region x *)', '(* #endregion *)'],
      ['"// #region x": "",', '"// #endregion x": "",'],
    ]
    for (const [open = '', close = ''] of styles) {
      expect(regionLines(['before', open, 'inside', close, 'after'], 'x'), open).toEqual({ lines: ['inside'], firstIndex: 2 })
    }
  })

  it('join every region of the name, and keep a region of the same name nested in one whole', () => {
    const lines = ['<!-- #region x -->', 'one', '<!-- #region x -->', 'two', '<!-- #endregion x -->', '<!-- #endregion x -->', 'out', '// #region x', 'three', '// #endregion']
    expect(regionLines(lines, 'x')?.lines).toEqual(['one', '<!-- #region x -->', 'two', '<!-- #endregion x -->', 'three'])
  })
})

describe('a broken include', () => {
  it('is an error at the line of the directive naming it: a missing file, a missing region, a range outside the file, a file that is not Markdown', async () => {
    const problems = await problemsOf({
      'site.yml': SITE_EN,
      'docs/en/index.md':
        '---\ntitle: Home\n---\n\n<!--@include: ./gone.md-->\n\n<!--@include: ./part.md#nowhere-->\n\n<!--@include: ./part.md{2,40}-->\n\n<!--@include: ./snippet.ts-->\n',
      'docs/en/part.md': 'One line.\n',
    })
    expect(problems).toEqual([
      { path: 'docs/en/index.md', line: 5, message: 'include "./gone.md": docs/en/gone.md does not exist' },
      {
        path: 'docs/en/index.md',
        line: 7,
        message: 'include "./part.md#nowhere": no region or heading "nowhere" in docs/en/part.md (a region is marked <!-- #region nowhere --> … <!-- #endregion nowhere -->)',
      },
      { path: 'docs/en/index.md', line: 9, message: 'include "./part.md{2,40}": lines {2,40} are outside docs/en/part.md, which has 2 lines' },
      {
        path: 'docs/en/index.md',
        line: 11,
        message: 'include "./snippet.ts": docs/en/snippet.ts is not a Markdown file under docs/ (only .md and .mdx files can be included)',
      },
    ])
  })

  it('is an error in a nested include at its own file and line, and a cycle names the chain', async () => {
    const problems = await problemsOf({
      'site.yml': SITE_EN,
      'docs/en/index.md': '# Home\n\n<!--@include: ./a.md-->\n',
      'docs/en/a.md': '---\nnote: a\n---\n\nText of a.\n\n<!--@include: ./b.md-->\n',
      'docs/en/b.md': '<!--@include: ./a.md-->\n',
    })
    expect(problems).toEqual([{ path: 'docs/en/b.md', line: 1, message: 'include "./a.md": includes itself: docs/en/index.md -> docs/en/a.md -> docs/en/b.md -> docs/en/a.md' }])
  })

  it('reports a broken link inside an included file at the line of the page that includes it', async () => {
    const problems = await problemsOf({
      'site.yml': SITE_EN,
      'docs/en/index.md': '# Home\n\nIntro.\n\n<!--@include: ./part.md-->\n',
      'docs/en/part.md': 'Line one.\n\nSee [the FAQ](./faq.md).\n',
    })
    expect(problems).toEqual([{ path: 'docs/en/index.md', line: 5, message: expect.stringContaining('./faq.md') }])
  })
})

describe('what an included file holds', () => {
  it("is warned about at the line of the directive, and the page's own lines after it keep their numbers", async () => {
    const { result } = await buildPages({
      'docs/en/index.md': '---\ntitle: Home\n---\n\nIntro <Intro />.\n\n<!--@include: ./part.md-->\n\nAfter <After />.\n',
      'docs/en/part.md': 'First line.\n\nSecond <Inside /> line.\n',
    })
    expect(result.warnings.filter((warning) => 'path' in warning)).toEqual([
      { path: 'docs/en/index.md', line: 5, message: 'component <Intro> is not supported: it is dropped' },
      { path: 'docs/en/index.md', line: 7, message: 'component <Inside> is not supported: it is dropped' },
      { path: 'docs/en/index.md', line: 9, message: 'component <After> is not supported: it is dropped' },
    ])
  })
})

describe('the render cache', () => {
  it('serves no stale rendering of a page after a file it includes changed', async () => {
    const cacheDir = await makeTempDir('docs-include-cache-')
    const contentDir = join(await makeTempDir('docs-include-cached-'), 'content')
    await cp(FIXTURE, contentDir, { recursive: true })
    await buildDir(contentDir, { cacheDir })
    // The environment part stays: a page links to its heading, and a fragment that lands nowhere is an error.
    await writeFile(join(contentDir, 'docs/en/guide/cli-options.md'), '## Options\n\n### `--quiet`\n\nPrints nothing.\n\n<!--@include: ../parts/environment.md-->\n')
    const { result: edited } = await buildDir(contentDir, { cacheDir })
    expect(tocTexts(documentOf(edited, 'guide/cli').toc)).toEqual(['Options', '--quiet', 'Environment', 'Exit codes', 'A session'])
  })
})

describe('npm start on a folder with includes', () => {
  it('renders the page that includes a file again when that file is saved, and only that page', async () => {
    const contentDir = join(await makeTempDir('docs-include-session-'), 'content')
    await cp(FIXTURE, contentDir, { recursive: true })
    let rendered = 0
    const session = await SiteSession.open({
      contentDir,
      cacheDir: null,
      threads: 1,
      onProgress: (_done, total) => {
        rendered = total
      },
    })
    const first = { ...result, ...(await session.build()) }
    expect(documentOf(first, 'guide/cli').html).not.toContain('TERN_CONFIG')
    await writeFile(join(contentDir, 'docs/en/parts/environment.md'), '### Environment\n\n`TERN_CONFIG` names the settings file.\n')
    await session.refresh(['docs/en/parts/environment.md'])
    rendered = 0
    const edited = { ...result, ...(await session.build()) }
    expect(documentOf(edited, 'guide/cli').html).toContain('<p><code>TERN_CONFIG</code> names the settings file.</p>')
    expect(rendered).toBe(1)
  })
})
