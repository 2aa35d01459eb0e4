import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createCodeHighlighter } from '../../build/markdown/highlighter.ts'
import { renderDocument } from '../../build/markdown/render.ts'

/**
 * test/fixtures/highlighting/input.md holds code blocks in 31 languages
 * (TypeScript, JavaScript, TSX, JSON, JSONC, YAML, TOML, shell in three
 * spellings and PowerShell, Vue, HTML with style and script, CSS, SCSS, Markdown and MDX
 * with fences inside, Rust, Go, Python, diff…), written to reach many rules of
 * each grammar. expected.html is the HTML the build gave for it with Shiki
 * 4.6.0's JavaScript regex engine, recorded once by running, at the root:
 *
 *   node --input-type=module -e "import { readFileSync, writeFileSync } from 'node:fs'; import { renderDocument } from './build/markdown/render.ts'; const body = readFileSync('test/fixtures/highlighting/input.md', 'utf8'); writeFileSync('test/fixtures/highlighting/expected.html', renderDocument({ path: 'docs/en/highlighting.md', body, bodyLine: 1 }, { urls: {}, markdownUrls: {} }).html)"
 *
 * Never regenerate it to make this test pass: a difference is a change in
 * what readers see (another engine, another grammar version), to be looked at
 * block by block and decided on, then recorded again on purpose.
 */
const fixture = join(import.meta.dirname, '../fixtures/highlighting')
const read = (file: string) => readFileSync(join(fixture, file), 'utf8')

describe('highlighted code', () => {
  it('renders the fixture in many languages byte for byte as the recorded HTML', () => {
    const output = renderDocument({ path: 'docs/en/highlighting.md', body: read('input.md'), bodyLine: 1 }, { urls: {}, markdownUrls: {} })
    expect(output.html).toBe(read('expected.html'))
  })

  it('has a fixture whose every block in a known language has tokens, so the recording is of highlighting', () => {
    const blocks = [...read('expected.html').matchAll(/<code class="language-([^"]+)">(.*?)<\/code>/gs)].map(([, language, code]) => ({ language, code: code ?? '' }))
    expect(blocks.map((block) => block.language)).toHaveLength(33)
    for (const { language, code } of blocks) {
      if (language === 'text' || language === 'kilnscript') expect(code, language).not.toContain('class="token-')
      else expect(code, language).toContain('class="token-')
    }
  })
})

describe('a block whose grammar embeds other languages lazily', () => {
  const MARKDOWN_WITH_FRONT_MATTER = '---\ntitle: Example\n---\n\n## Section\n\n```py\nprint("hi")\n```'

  it('is highlighted the same by a fresh highlighter as by one that highlighted those languages before', () => {
    const afterOthers = createCodeHighlighter()
    afterOthers.highlight('key: value', 'yaml')
    afterOthers.highlight('x = 1', 'python')
    const fresh = createCodeHighlighter().highlight(MARKDOWN_WITH_FRONT_MATTER, 'md')
    expect(fresh).toEqual(afterOthers.highlight(MARKDOWN_WITH_FRONT_MATTER, 'md'))
    expect(fresh?.[1]?.map((token) => token.className)).toContain('token-keyword')
  })
})

describe('a block sliced from a page with characters past U+00FF', () => {
  // The highlighter copies such a block's lines into one-byte strings for speed: the grammars must still see every character.
  const CODE = "const arrow = '→ naïve'\nconst ÿes = 'café' // déjà vu"

  it('matches the grammars against the characters as written, past U+007F too', () => {
    const tokens = createCodeHighlighter().highlight(`— ${CODE}`.slice(2), 'ts')
    expect(tokens?.map((line) => line.map((token) => token.text).join(''))).toEqual(CODE.split('\n'))
    expect(tokens?.[0]?.at(-1)).toEqual({ text: "'→ naïve'", className: 'token-string-expression' })
    expect(tokens?.[1]?.find((token) => token.text === 'ÿes')?.className).toBe('token-constant')
    expect(tokens?.[1]?.find((token) => token.text === "'café'")?.className).toBe('token-string-expression')
  })
})
