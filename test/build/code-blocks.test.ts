import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { reachableModules } from '../../build/code-hash.ts'
import { parseFenceMeta, splitFenceInfo, takeHighlightComments } from '../../build/markdown/code-meta.ts'
import { renderDocument } from '../../build/markdown/render.ts'
import { CODE_THEME } from '../../worker/preview/assets/code-theme.ts'

const render = (body: string) => renderDocument({ path: 'docs/en/page.md', body, bodyLine: 1 }, { urls: {}, markdownUrls: {} })

/** One block in each of a spread of the languages docs use, so that most token kinds appear. */
const MANY_LANGUAGES = [
  ['ts', 'export async function load(id: string): Promise<number> { return 1 } // why'],
  ['jsx', 'const App = () => <a href="/x">link</a>'],
  ['python', 'def greet(name):\n    """Says hello."""\n    return f"hi {name}"'],
  ['sh', 'export PATH="$HOME/bin:$PATH" && echo done # comment'],
  ['yaml', 'name: docs\nenabled: true\nretries: 3'],
  ['json', '{ "a": [1, null, "b"] }'],
  ['css', '.card { color: #333; margin: 0 auto; }'],
  ['html', '<button type="button" disabled>Go</button>'],
  ['rust', 'fn main() { let v: Vec<u8> = vec![1]; println!("{v:?}"); }'],
  ['go', 'func Add(a int, b int) int { return a + b }'],
  ['sql', "SELECT name FROM users WHERE id = 1 AND note = 'x';"],
  ['diff', '- old line\n+ new line'],
  ['md', '# Title\n\n[a link](https://example.com) and `code`'],
  ['vue', '<template><p>{{ message }}</p></template>\n<script setup>\nconst message = "hi"\n</script>'],
]
  .map(([language, code]) => `\`\`\`${language}\n${code}\n\`\`\``)
  .join('\n\n')

describe('fence info strings', () => {
  it('takes meta glued to the language off it, and keeps the meta written after a space', () => {
    expect(splitFenceInfo('ts{2,4}', null)).toEqual({ language: 'ts', meta: '{2,4}' })
    expect(splitFenceInfo('sh:line-numbers', '{1}')).toEqual({ language: 'sh', meta: ':line-numbers {1}' })
    expect(splitFenceInfo('js:no-line-numbers', null)).toEqual({ language: 'js', meta: ':no-line-numbers' })
    expect(splitFenceInfo('js', 'title="a.js"')).toEqual({ language: 'js', meta: 'title="a.js"' })
    expect(splitFenceInfo(null, null)).toEqual({ language: null, meta: null })
  })

  it('reads titles in the quoting of each framework and VitePress labels', () => {
    expect(parseFenceMeta('title="jest.config.js"').title).toBe('jest.config.js')
    expect(parseFenceMeta("title='my file.ts' {2}").title).toBe('my file.ts')
    expect(parseFenceMeta('title=app.ts').title).toBe('app.ts')
    expect(parseFenceMeta('[vite.config.js]').title).toBe('vite.config.js')
    expect(parseFenceMeta(':line-numbers {1}').title).toBeNull()
  })

  it('gives the meta without its title, for a code group whose tab label the title becomes', () => {
    expect(parseFenceMeta('[npm] {2}').withoutTitle).toBe('{2}')
    expect(parseFenceMeta('title="a.js"').withoutTitle).toBeNull()
  })

  it('reads line ranges after a space, glued, or as Starlight marks, and nothing that only looks like one', () => {
    expect(parseFenceMeta('{1,3-5}').highlightedLines).toEqual([
      [1, 1],
      [3, 5],
    ])
    expect(parseFenceMeta(':line-numbers{2}').highlightedLines).toEqual([[2, 2]])
    expect(parseFenceMeta('title="x" {1, 4-6} showLineNumbers').highlightedLines).toEqual([
      [1, 1],
      [4, 6],
    ])
    expect(parseFenceMeta('mark={3}').highlightedLines).toEqual([[3, 3]])
    expect(parseFenceMeta('ins={3} del={4}').highlightedLines).toEqual([])
    expect(parseFenceMeta('title="see {2}"').highlightedLines).toEqual([])
    expect(parseFenceMeta('{5-3,0,x}').highlightedLines).toEqual([])
  })

  it('takes Docusaurus highlight comments out of the code and numbers the lines they mark in what is left', () => {
    const code = ['a()', '// highlight-next-line', 'b()', '<!-- highlight-start -->', 'c()', 'd()', '<!-- highlight-end -->', 'e()'].join('\n')
    expect(takeHighlightComments(code)).toEqual({
      code: 'a()\nb()\nc()\nd()\ne()',
      highlightedLines: [
        [2, 2],
        [3, 4],
      ],
    })
    expect(takeHighlightComments('// highlight is a word here\nx()')).toBeNull()
  })
})

describe('highlighted code', () => {
  it('gives tokens classes and never a style attribute', () => {
    const { html } = render(MANY_LANGUAGES)
    expect(html.match(/class="token-[a-z-]+"/g)?.length).toBeGreaterThan(50)
    expect(html).not.toMatch(/\sstyle=/)
  })

  it('lets no author HTML bring token styles into a block it highlights', () => {
    const { html } = render('<pre><code class="language-js"><span style="color: red">let</span> x = 1</code></pre>\n')
    expect(html).toContain('<span class="token-keyword">let</span>')
    expect(html).not.toMatch(/\sstyle=/)
  })

  it('gives every token class a colour in light and another in dark from the one stylesheet', () => {
    const classes = new Set([...render(MANY_LANGUAGES).html.matchAll(/class="(token-[a-z-]+)"/g)].map((match) => match[1] as string))
    expect(classes.size).toBeGreaterThanOrEqual(6)
    const [light, dark] = CODE_THEME.split('@media (prefers-color-scheme: dark)')
    const valueIn = (css: string | undefined, variable: string) => new RegExp(`${variable}:\\s*(#[0-9a-f]{6,8})`).exec(css ?? '')?.[1]
    for (const name of classes) {
      const variable = new RegExp(`\\.shiki \\.${name} \\{ color: var\\((--shiki-${name})\\); \\}`).exec(CODE_THEME)?.[1] as string
      expect(variable, name).toBeDefined()
      expect(valueIn(light, variable), name).toBeDefined()
      expect(valueIn(dark, variable), name).toBeDefined()
      expect(valueIn(light, variable), name).not.toBe(valueIn(dark, variable))
    }
  })

  it('highlights a block the same way on every render of a thread, the first one included', () => {
    const block = '```kotlin\nfun main() { println("hi") }\n```\n'
    expect(render(block).html).toBe(render(block).html)
  })

  it('keeps blocks with the same code in different languages apart', () => {
    const asJs = render('```js\nexport default 1\n```\n').html
    const asSh = render('```sh\nexport default 1\n```\n').html
    expect(asJs).toContain('<span class="token-constant">1</span>')
    expect(asSh).not.toContain('<span class="token-constant">1</span>')
  })

  it('leaves a line longer than the tokenizer limit plain rather than slowing the build', () => {
    const { html } = render(`\`\`\`js\nconst long = [${'1, '.repeat(1000)}]\nconst short = 1\n\`\`\`\n`)
    expect(html).toMatch(/<span class="line">const long = \[1, 1, /)
    expect(html).toContain('<span class="token-keyword">const</span> <span class="token-constant">short</span>')
  })
})

describe('the render cache key', () => {
  it('covers the highlighter, its language set and the fence meta parser', async () => {
    const root = join(import.meta.dirname, '../..')
    const reached = [...(await reachableModules([pathToFileURL(join(root, 'build/markdown/render.ts'))])).keys()]
    for (const file of ['build/markdown/highlighter.ts', 'build/markdown/code-meta.ts']) expect(reached).toContain(join(root, file))
  })
})
