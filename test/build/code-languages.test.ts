import { spawnSync } from 'node:child_process'
import { cp } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDir, documentOf, makeTempDir, removeTempDirs, writeContent, type FolderBuild } from '../shared/build-helpers.ts'

const FIXTURE = 'test/fixtures/code-languages'
const CLI = join(import.meta.dirname, '../../build/cli.ts')

let build: FolderBuild
beforeAll(async () => {
  build = await buildDir(FIXTURE)
})
afterAll(removeTempDirs)

/** The `<code>` element of the first block in `language` on a page. */
const codeOf = (html: string, language: string) => {
  const match = new RegExp(`<code class="language-${language}">[\\s\\S]*?</code>`).exec(html)
  if (!match) throw new Error(`no ${language} block`)
  return match[0]
}

describe('code in every language Shiki knows', () => {
  it('highlights languages outside the common ones, loading their grammars when a block needs them', () => {
    const { html } = documentOf(build.result, 'index')
    expect(codeOf(html, 'vue-html')).toMatch(/&#x3C;<span class="token-[a-z-]+">button<\/span> <span class="token-[a-z-]+">:<\/span><span class="token-[a-z-]+">disabled<\/span>/)
    expect(codeOf(html, 'astro')).toMatch(/<span class="token-[a-z-]+">const<\/span>/)
  })

  it('reads a language by its alias, as Shiki names it', () => {
    expect(codeOf(documentOf(build.result, 'index').html, 'tf')).toMatch(/<span class="token-[a-z-]+">resource<\/span>/)
  })

  it('leaves a language Shiki has no grammar for as plain text, and plain text as it is', () => {
    const { html } = documentOf(build.result, 'tags')
    expect(codeOf(html, 'markdoc')).toBe(
      '<code class="language-markdoc"><span class="line">{% callout type="note" %}</span>\n<span class="line">Kilns get hot.</span>\n<span class="line">{% /callout %}</span></code>',
    )
    expect(codeOf(html, 'kilnscript')).toBe('<code class="language-kilnscript"><span class="line">fire at 1200 for 40m</span></code>')
    expect(codeOf(documentOf(build.result, 'index').html, 'text')).toBe('<code class="language-text"><span class="line">nothing to highlight here</span></code>')
  })

  it('counts the blocks left plain for want of a grammar by language, not those written as plain text', () => {
    expect(build.result.stats.unknownCodeLanguages).toEqual({ kilnscript: 1, markdoc: 2 })
  })

  it('says in the build summary how many blocks were left plain, and in which languages', async () => {
    const cwd = await makeTempDir('docs-cli-')
    await cp(FIXTURE, join(cwd, 'content'), { recursive: true })
    const run = spawnSync(process.execPath, [CLI, '--content', 'content', '--out', 'dist', '--no-cache'], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, GIT_CEILING_DIRECTORIES: cwd },
    })
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain('  code blocks shown as plain text, no grammar for their language: 3 (kilnscript 1, markdoc 2)\n')
  })

  it('highlights alike on every render thread, each loading the grammar on its first block', async () => {
    const pages: Record<string, string> = { 'site.yml': 'title: Threads\ndefaultLocale: en\n' }
    for (let page = 0; page < 64; page++) pages[`docs/en/page-${page}.md`] = `# Page ${page}\n\n\`\`\`astro\n<h1 class="title">{title}</h1>\n\`\`\`\n`
    const dir = await writeContent(pages)
    const { result } = await buildDir(dir, { threads: 2 })
    const blocks = new Set(Array.from({ length: 64 }, (_, page) => codeOf(documentOf(result, `page-${page}`).html, 'astro')))
    expect(blocks.size).toBe(1)
    expect([...blocks][0]).toMatch(/<span class="token-[a-z-]+">h1<\/span>/)
  })
})
