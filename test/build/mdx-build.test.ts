import { cp, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import { isContentFile } from '../../build/read.ts'
import { SiteSession } from '../../build/session.ts'
import { blob, buildDir, buildFolder, documentOf, doc, makeTempDir, problemsOf, removeTempDirs, llmsFilesOf, routesOf, SITE_EN } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

// .mdx pages, a partial in a `_` folder, an unused partial, MDX in a .md
// file, a .md file that is plain Markdown, and a VitePress home layout.
const FIXTURE = join(import.meta.dirname, '../fixtures/mdx-site')

let result: BuildResult

beforeAll(async () => {
  ;({ result } = await buildDir(FIXTURE))
})

const contentWarnings = () => result.warnings.filter((warning) => 'path' in warning)

describe('a folder with .mdx pages and partials', () => {
  it('publishes .md and .mdx files as pages, and no partial', () => {
    expect(Object.keys(routesOf(result).documents.en ?? {}).sort()).toEqual(['guides/limits', 'guides/rollout', 'guides/templates', 'home', 'index'])
  })

  it('names an .mdx page without its extension when nothing else names it', () => {
    expect(documentOf(result, 'guides/limits').title).toBe('limits')
  })

  it('inlines an imported partial where it is used', () => {
    const home = documentOf(result, 'index')
    expect(home.html).toContain('<p>Questions? Ask in the <strong>#fleet</strong> channel.</p>')
    expect(home.html).not.toContain('import')
  })

  it('reads MDX syntax in a .md file as MDX, and keeps a plain .md file as Markdown', () => {
    const rollout = documentOf(result, 'guides/rollout').html
    expect(rollout).toBe('<p>A rollout visits all  regions.</p>\n<p>The rollout dashboard, step by step.</p>')
    expect(documentOf(result, 'guides/templates').html).toContain('A template names its variables as {name}; a value of x &#x3C; 10 is refused.')
  })

  it('warns, at path:line, of each component it cannot render, each expression it drops and each layout page', () => {
    expect(contentWarnings()).toEqual([
      { path: 'docs/en/guides/rollout.md', line: 7, message: 'expression {regions} is not evaluated: MDX is read, never run, so it is dropped' },
      { path: 'docs/en/guides/rollout.md', line: 9, message: 'component <Video> is not supported: its children are kept' },
      {
        path: 'docs/en/home.md',
        line: 13,
        message: 'page has no content of its own, only components or front matter (a theme layout?): it shows its front matter title, description and hero text',
      },
    ])
  })

  it('gives the same warnings when the renderings come from the render cache', async () => {
    const cacheDir = await makeTempDir('docs-mdx-cache-')
    await buildDir(FIXTURE, { cacheDir })
    const cached = await buildDir(FIXTURE, { cacheDir })
    expect(cached.result.warnings.filter((warning) => 'path' in warning)).toEqual(contentWarnings())
  })

  it('makes a readable page of a layout page from its hero and features', () => {
    const home = documentOf(result, 'home')
    expect(home.title).toBe('Fleet')
    expect(home.html).toBe(
      '<h1 id="fleet">Fleet</h1>\n<p>Deploys without the drama</p>\n<p>Every region, one command.</p>\n<ul>\n<li><strong>Rolling</strong>: One node at a time, health-checked.</li>\n<li><strong>Reversible</strong>: A rollback is the same command.</li>\n</ul>',
    )
  })

  it('leaves no MDX syntax and no partial in llms.txt and llms-full.txt', () => {
    const llms = llmsFilesOf(result, 'en')
    const texts = [blob<string>(result, llms.index), ...llms.full.map((hash) => blob<string>(result, hash))]
    for (const text of texts) {
      for (const leftover of ['import ', 'export ', '{/*', '{regions}', '<Video', '_support', '_unused', 'A shared snippet']) expect(text).not.toContain(leftover)
    }
    expect(texts.join('\n')).toContain('Questions? Ask in the **#fleet** channel.')
  })
})

describe('malformed MDX', () => {
  it('fails the build with every malformed file at its path and line, saying what is wrong', async () => {
    const problems = await problemsOf({
      'site.yml': SITE_EN,
      'docs/en/index.md': '# Home\n',
      'docs/en/open.mdx': doc('title: Open', '# Open\n\n<Steps>\n\nFirst.\n'),
      'docs/en/math.mdx': '# Math\n\nTotal: {count * }\n',
      'docs/en/fine.mdx': '# Fine\n',
    })
    expect(problems).toEqual([
      { path: 'docs/en/math.mdx', line: 3, message: 'invalid MDX: Could not parse expression with acorn: unexpected token' },
      { path: 'docs/en/open.mdx', line: 7, message: 'invalid MDX: Expected a closing tag for `<Steps>` (line 7)' },
    ])
  })

  it('fails the build on a partial that is missing', async () => {
    const problems = await problemsOf({ 'site.yml': SITE_EN, 'docs/en/index.mdx': "import Gone from './_gone.md'\n\n<Gone />\n" })
    expect(problems).toEqual([
      { path: 'docs/en/index.mdx', line: 3, message: 'partial "./_gone.md" not found: docs/en/_gone.md is not a partial (a .md or .mdx file whose name starts with "_")' },
    ])
  })
})

describe('links in a partial', () => {
  it('are checked, and a broken one is reported at the line of the page that inlines the partial', async () => {
    const problems = await problemsOf({
      'site.yml': SITE_EN,
      'docs/en/index.mdx': "import Help from './_help.md'\n\n# Home\n\n<Help />\n",
      'docs/en/_help.md': 'See [the FAQ](./faq.md).\n',
    })
    expect(problems).toEqual([{ path: 'docs/en/index.mdx', line: 5, message: expect.stringContaining('./faq.md') }])
  })
})

describe('markdown.format in site.yml', () => {
  const mdxInMd = "import Note from './_note.md'\n\n# Page\n\n<Note />\n"
  const files = (format: string) => ({
    'site.yml': `${SITE_EN}markdown:\n  format: ${format}\n`,
    'docs/en/index.md': mdxInMd,
    'docs/en/_note.md': 'Shared note.\n',
  })

  it('md reads .md files as Markdown: the import line stays text', async () => {
    const { result } = await buildFolder(files('md'))
    expect(documentOf(result, 'index').html).toContain("<p>import Note from './_note.md'</p>")
  })

  it('mdx and detect read them as MDX: the partial is inlined', async () => {
    for (const format of ['mdx', 'detect']) {
      const { result } = await buildFolder(files(format))
      expect(documentOf(result, 'index').html, format).toBe('<h1 id="page">Page</h1>\n<p>Shared note.</p>')
    }
  })

  it('mdx makes Markdown that is not MDX an error', async () => {
    const problems = await problemsOf({ 'site.yml': `${SITE_EN}markdown:\n  format: mdx\n`, 'docs/en/index.md': '# Home\n\nSee <https://example.com>.\n' })
    expect(problems.map((problem) => [problem.path, problem.line])).toEqual([['docs/en/index.md', 3]])
  })

  it('refuses a format it does not know', async () => {
    const problems = await problemsOf({ 'site.yml': `${SITE_EN}markdown:\n  format: rst\n`, 'docs/en/index.md': '# Home\n' })
    expect(problems).toEqual([{ path: 'site.yml', line: 5, message: expect.stringMatching(/^markdown\.format: /) }])
  })
})

describe('npm start on a folder with .mdx pages and partials', () => {
  it('renders again only the page that inlines a partial when the partial is saved, and takes in a new .mdx page', async () => {
    const contentDir = join(await makeTempDir('docs-mdx-session-'), 'content')
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
    await session.build()
    await writeFile(join(contentDir, 'docs/en/_partials/_support.md'), 'Questions? Open an issue.\n')
    await session.refresh(['docs/en/_partials/_support.md'])
    rendered = 0
    const edited = { ...result, ...(await session.build()) }
    expect(documentOf(edited, 'index').html).toContain('<p>Questions? Open an issue.</p>')
    expect(rendered).toBe(1)
    await writeFile(join(contentDir, 'docs/en/guides/new.mdx'), '# New\n\nJust added.\n')
    await session.refresh(['docs/en/guides/new.mdx'])
    const added = { ...result, ...(await session.build()) }
    expect(documentOf(added, 'guides/new').title).toBe('New')
  })
})

describe('what counts as content', () => {
  it('reads .md and .mdx pages but only .md release notes, in npm start as in a one-shot build', async () => {
    expect(['docs/en/a.md', 'docs/en/b.mdx', 'docs/en/x/_category_.json', 'releases/stable/1.0.0.md'].every(isContentFile)).toBe(true)
    expect(['releases/stable/1.0.0.mdx', 'docs/en/image.png', 'site.yml'].some(isContentFile)).toBe(false)
    const { result } = await buildFolder({ 'site.yml': SITE_EN, 'docs/en/index.md': '# Home\n', 'releases/stable/1.0.0.mdx': 'not: [a release\n' })
    expect(result.stats.releases).toBe(0)
  })
})
