import type { Root, RootContent } from 'mdast'
import { toString as mdastToString } from 'mdast-util-to-string'
import { VFile } from 'vfile'
import { describe, expect, it } from 'vitest'
import { parseSource, type ParseContext } from '../../build/markdown/mdx/parse.ts'
import type { PartialSource } from '../../build/markdown/mdx/partials.ts'
import type { MarkdownFormat } from '../../build/content/markdown-options.ts'
import { renderDocument } from '../../build/markdown/render.ts'

// The MDX plugin's own output: the directive nodes of the shared vocabulary,
// which the dialects' renderer turns into HTML and the Markdown copy.

function parse(body: string, options: { path?: string; format?: MarkdownFormat; partials?: Record<string, PartialSource> } = {}) {
  const path = options.path ?? 'docs/en/page.mdx'
  const context: ParseContext = { findings: { errors: [], warnings: [] }, partials: options.partials ?? {}, format: options.format ?? 'detect', within: [path] }
  const syntax = path.endsWith('.mdx') ? 'mdx' : (options.format ?? 'detect')
  const { tree } = parseSource(new VFile({ path, value: body }), { path, body, bodyLine: 1, syntax }, context)
  return { tree, ...context.findings }
}

/** A tree as a readable outline: directives as `name[label]{attributes}` with their content, other blocks as their type and text. */
type Outline = string | { [head: string]: Outline[] }

function outline(nodes: RootContent[]): Outline[] {
  return nodes.map((node): Outline => {
    if (node.type === 'containerDirective') {
      const [first, ...rest] = node.children
      const labelled = first?.type === 'paragraph' && first.data?.directiveLabel === true
      const attributes = Object.keys(node.attributes ?? {}).length > 0 ? JSON.stringify(node.attributes) : ''
      return { [`${node.name}${labelled ? `[${mdastToString(first)}]` : ''}${attributes}`]: outline(labelled ? rest : node.children) }
    }
    if (node.type === 'textDirective') return `:${node.name}[${mdastToString(node)}]${JSON.stringify(node.attributes)}`
    if (node.type === 'paragraph' && node.children.some((child) => child.type === 'textDirective')) return { paragraph: outline(node.children) }
    if (node.type === 'code') return `code ${node.lang ?? ''}: ${node.value}`
    return `${node.type}: ${mdastToString(node)}`
  })
}

const types = (tree: Root): string[] => {
  const found: string[] = []
  const walk = (nodes: RootContent[]) =>
    nodes.forEach((node) => {
      found.push(node.type)
      if ('children' in node) walk(node.children)
    })
  walk(tree.children)
  return found
}

describe('MDX components become the shared directive vocabulary', () => {
  it('turns Docusaurus Tabs into tab panels labelled by label, else by value', () => {
    const { tree, warnings } = parse(
      'import Tabs from \'@theme/Tabs\'\nimport TabItem from \'@theme/TabItem\'\n\n<Tabs>\n  <TabItem value="apt" label="Debian">\n\n  Use apt.\n\n  </TabItem>\n  <TabItem value="brew">\n\n  Use Homebrew.\n\n  </TabItem>\n</Tabs>\n',
    )
    expect(outline(tree.children)).toEqual([{ tabs: [{ 'tab[Debian]': ['paragraph: Use apt.'] }, { 'tab[brew]': ['paragraph: Use Homebrew.'] }] }])
    expect(warnings).toEqual([])
  })

  it('turns Admonition and Starlight Aside into admonitions with their kind and title', () => {
    const { tree } = parse(
      '<Admonition type="tip" title="Faster builds">\n\nCache the renders.\n\n</Admonition>\n\n<Aside type="caution">\n\nBack up first.\n\n</Aside>\n\n<Aside>\n\nPlain note.\n\n</Aside>\n',
    )
    expect(outline(tree.children)).toEqual([
      { 'tip[Faster builds]': ['paragraph: Cache the renders.'] },
      { caution: ['paragraph: Back up first.'] },
      { note: ['paragraph: Plain note.'] },
    ])
  })

  it('reads a block component written on one line, with its text, as the block', () => {
    const { tree } = parse('<Aside type="tip">Keep replicas in two zones.</Aside>\n\n<Details summary="More">Zones fail alone.</Details>\n')
    expect(outline(tree.children)).toEqual([{ tip: ['paragraph: Keep replicas in two zones.'] }, { 'details[More]': ['paragraph: Zones fail alone.'] }])
  })

  it('takes a Details title from its summary child or its summary attribute', () => {
    const { tree } = parse(
      '<Details>\n  <summary>Why two steps?</summary>\n\n  The first one warms the cache.\n\n</Details>\n\n<Details summary="And three?">\n\nNever.\n\n</Details>\n',
    )
    expect(outline(tree.children)).toEqual([{ 'details[Why two steps?]': ['paragraph: The first one warms the cache.'] }, { 'details[And three?]': ['paragraph: Never.'] }])
  })

  it('turns a CodeGroup into a code-group container, as VitePress writes `::: code-group`', () => {
    const { tree } = parse('<CodeGroup>\n\n```sh [npm]\nnpm i fleet\n```\n\n```sh title="pnpm"\npnpm add fleet\n```\n\n```sh\nyarn add fleet\n```\n\n</CodeGroup>\n')
    expect(outline(tree.children)).toEqual([{ 'code-group': ['code sh: npm i fleet', 'code sh: pnpm add fleet', 'code sh: yarn add fleet'] }])
  })

  it('turns Starlight Steps, Card, CardGrid, LinkCard, FileTree and Badge into their directives', () => {
    const { tree, warnings } = parse(
      'import { Steps, Card, CardGrid, LinkCard, FileTree, Badge } from \'@astrojs/starlight/components\'\n\n<Steps>\n\n1. Install.\n2. Run.\n\n</Steps>\n\n<CardGrid>\n  <Card title="Fast">\n\n  Renders once.\n\n  </Card>\n</CardGrid>\n\n<LinkCard title="Deploy" href="/deploy/" description="Ship it." />\n\n<FileTree>\n\n- src/\n  - index.ts\n\n</FileTree>\n\nStatus: <Badge text="Beta" variant="caution" />\n',
    )
    expect(outline(tree.children)).toEqual([
      { steps: ['list: Install.Run.'] },
      { cardgrid: [{ 'card[Fast]': ['paragraph: Renders once.'] }] },
      { 'linkcard[Deploy]{"title":"Deploy","href":"/deploy/","description":"Ship it."}': [] },
      { filetree: ['list: src/index.ts'] },
      { paragraph: ['text: Status: ', ':badge[Beta]{"variant":"caution"}'] },
    ])
    expect(warnings).toEqual([])
  })

  it('keeps the children of any other component and names it in a warning', () => {
    const { tree, warnings } = parse('# Tour\n\n<Video id="intro">\n\nWatch the intro.\n\n</Video>\n')
    expect(outline(tree.children)).toEqual(['heading: Tour', 'paragraph: Watch the intro.'])
    expect(warnings).toEqual([{ path: 'docs/en/page.mdx', line: 3, message: 'component <Video> is not supported: its children are kept' }])
  })

  it('drops a component without children and says so in its warning', () => {
    const { tree, warnings } = parse('The regions are:\n\n<RegionList />\n')
    expect(outline(tree.children)).toEqual(['paragraph: The regions are:'])
    expect(warnings).toEqual([{ path: 'docs/en/page.mdx', line: 3, message: 'component <RegionList> is not supported: it is dropped' }])
  })

  it('removes <script> and <style> with their content, from the HTML and from the Markdown copy', () => {
    const output = renderDocument(
      { path: 'docs/en/page.mdx', body: '# Page\n\nKept.\n\n<script>alert("leak")</script>\n\n<style>{`p { color: red }`}</style>\n', bodyLine: 1 },
      { urls: {}, markdownUrls: {} },
    )
    for (const text of [output.html, output.markdown]) {
      expect(text).toContain('Kept.')
      expect(text).not.toMatch(/leak|alert|color: red|<script|<style/)
    }
  })

  it('leaves no MDX node but lowercase HTML elements, which carry their HTML name', () => {
    const { tree } = parse('import X from \'y\'\nexport const a = 1\n\n{/* note */}\n\n<section id="a">\n\nText {a} <Badge text="x" />\n\n</section>\n')
    const mdx = types(tree).filter((type) => type.startsWith('mdx'))
    expect(mdx).toEqual(['mdxJsxFlowElement'])
    expect(tree.children[0]?.data).toMatchObject({ hName: 'section', hProperties: { id: 'a' } })
  })
})

describe('partials', () => {
  const partials = {
    'docs/en/_shared/_install.md': { body: 'Run the installer.\n\n<Note />\n', bodyLine: 1 },
    'docs/en/_shared/_note.mdx': { body: 'Requires **admin** rights.\n', bodyLine: 4 },
    'docs/en/_loop.md': { body: "import Loop from './_loop.md'\n\n<Loop />\n", bodyLine: 1 },
  }

  it('inlines a local Markdown file imported and used as a component, recursively', () => {
    const withNote = { ...partials, 'docs/en/_shared/_install.md': { body: "import Note from './_note.mdx'\n\nRun the installer.\n\n<Note />\n", bodyLine: 1 } }
    const { tree, errors } = parse("import Install from './_shared/_install.md'\n\n# Setup\n\n<Install />\n\nDone.\n", { partials: withNote })
    expect(outline(tree.children)).toEqual(['heading: Setup', 'paragraph: Run the installer.', 'paragraph: Requires admin rights.', 'paragraph: Done.'])
    expect(errors).toEqual([])
  })

  it('reports a missing partial and an import cycle at the line that imports it', () => {
    expect(parse("import Gone from './_gone.md'\n\ntext\n\n<Gone />\n", { partials }).errors).toEqual([
      { path: 'docs/en/page.mdx', line: 5, message: 'partial "./_gone.md" not found: docs/en/_gone.md is not a partial (a .md or .mdx file whose name starts with "_")' },
    ])
    expect(parse("import Loop from './_loop.md'\n\n<Loop />\n", { partials }).errors).toEqual([
      { path: 'docs/en/_loop.md', line: 3, message: 'partial "./_loop.md" includes itself: docs/en/page.mdx -> docs/en/_loop.md -> docs/en/_loop.md' },
    ])
  })

  it('warns of a Markdown file imported through an alias or a package, which names no content file, and keeps the page building', () => {
    const { tree, errors, warnings } = parse(
      "import Flags from '@/generated/flags.md'\nimport Intro from 'tide-kit/intro.mdx'\n\n<Flags />\n\n<Intro>Read the intro first.</Intro>\n",
      { partials },
    )
    expect(errors).toEqual([])
    expect(outline(tree.children)).toEqual(['paragraph: Read the intro first.'])
    expect(warnings).toEqual([
      {
        path: 'docs/en/page.mdx',
        line: 4,
        message: 'component <Flags> is imported from "@/generated/flags.md", which names no file of the content folder (only a relative path does): it is dropped',
      },
      {
        path: 'docs/en/page.mdx',
        line: 6,
        message: 'component <Intro> is imported from "tide-kit/intro.mdx", which names no file of the content folder (only a relative path does): its children are kept',
      },
    ])
  })

  it("reports problems inside a partial at the partial's own line", () => {
    const { warnings } = parse("import Note from './_shared/_note.mdx'\n\n<Note />\n", {
      partials: { 'docs/en/_shared/_note.mdx': { body: 'One.\n\n{props.who}\n', bodyLine: 4 } },
    })
    expect(warnings).toEqual([{ path: 'docs/en/_shared/_note.mdx', line: 6, message: 'expression {props.who} is not evaluated: MDX is read, never run, so it is dropped' }])
  })
})

describe('markdown.format for .md files', () => {
  const md = (body: string, format: MarkdownFormat) => parse(body, { path: 'docs/en/page.md', format })

  it('detect: reads a .md file with ESM, a component or a {/* comment */} as MDX', () => {
    expect(outline(md("import Tabs from '@theme/Tabs'\n\nHello.\n", 'detect').tree.children)).toEqual(['paragraph: Hello.'])
    expect(outline(md('{/* hidden */}\n\nHello.\n', 'detect').tree.children)).toEqual(['paragraph: Hello.'])
    expect(outline(md('<Aside>\n\nCareful.\n\n</Aside>\n', 'detect').tree.children)).toEqual([{ note: ['paragraph: Careful.'] }])
  })

  it('detect: keeps a .md file that MDX would misread, or cannot read, as Markdown', () => {
    expect(outline(md('Use {name} in templates.\n', 'detect').tree.children)).toEqual(['paragraph: Use {name} in templates.'])
    const notMdx = md('<!-- draft -->\n\nIf a < b, see <https://example.com>. <Badge text="x" />\n', 'detect')
    expect(notMdx.errors).toEqual([])
    expect(types(notMdx.tree)).toContain('html')
  })

  it('detect: a .md file that starts with imports but is not valid MDX is an error', () => {
    expect(md("import Tabs from '@theme/Tabs'\n\n<Tabs>\n\nOpen.\n", 'detect').errors).toEqual([
      { path: 'docs/en/page.md', line: 3, message: 'invalid MDX: Expected a closing tag for `<Tabs>` (line 3)' },
    ])
  })

  it('md: reads MDX syntax in a .md file as plain Markdown', () => {
    expect(outline(md("import Tabs from '@theme/Tabs'\n\n<Aside>hi</Aside>\n", 'md').tree.children)).toEqual([
      "paragraph: import Tabs from '@theme/Tabs'",
      'html: <Aside>hi</Aside>',
    ])
  })

  it('mdx: reads every .md file as MDX, so Markdown that is not MDX is an error', () => {
    expect(md('Use {name} in templates.\n', 'mdx').warnings.map((warning) => warning.message)).toEqual([
      'expression {name} is not evaluated: MDX is read, never run, so it is dropped',
    ])
    expect(md('Before.\n\n<Tabs>\n\nOpen.\n', 'mdx').errors.map((error) => error.line)).toEqual([3])
  })

  it('mdx and detect: accept HTML comments and drop them, as Docusaurus 3 does, so a page with imports and comments is MDX', () => {
    const body = "import Tabs from '@theme/Tabs'\n\n<!-- for editors -->\n\nHello <!-- inline --> there.\n"
    for (const format of ['mdx', 'detect'] as const) {
      const parsed = md(body, format)
      expect(parsed.errors).toEqual([])
      expect(outline(parsed.tree.children)).toEqual(['paragraph: Hello  there.'])
    }
  })

  it('.mdx files are MDX whatever the format says', () => {
    expect(parse("import X from 'x'\n\nHi.\n", { path: 'docs/en/page.mdx', format: 'md' }).tree.children.map((node) => node.type)).toEqual(['paragraph'])
  })
})

describe('the rendered page', () => {
  it('keeps no MDX syntax in the HTML or the Markdown copy', () => {
    const body =
      'import Video from \'./Video\'\nexport const meta = {}\n\n# Tour\n\n{/* hidden */}\n\n<Video>\n\nWatch {meta.length} <span className="hint">clips</span>.\n\n</Video>\n'
    const output = renderDocument({ path: 'docs/en/tour.mdx', body, bodyLine: 1 }, { urls: {}, markdownUrls: {} })
    for (const text of [output.html, output.markdown]) {
      for (const leftover of ['import ', 'export ', '{/*', '{meta', 'Video', 'className']) expect(text).not.toContain(leftover)
    }
    expect(output.html).toContain('<span class="hint">clips</span>')
    expect(output.markdown).toBe('# Tour\n\nWatch  clips.\n')
  })

  it('reads a heading id {#id} in MDX as in Markdown, not as an expression', () => {
    const output = renderDocument({ path: 'docs/en/ids.mdx', body: '## Install steps {#install}\n', bodyLine: 1 }, { urls: {}, markdownUrls: {} })
    expect(output.errors).toEqual([])
    expect(output.headings.map((heading) => heading.text)).toEqual([expect.stringMatching(/^Install steps/)])
  })
})
