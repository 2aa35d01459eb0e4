import type { Element, ElementContent, Root } from 'hast'
import { toString as hastToString } from 'hast-util-to-string'
import type { VFile } from 'vfile'
import { isHighlighted, parseFenceMeta, type FenceMeta } from '../code-meta.ts'
import type { CodeHighlighter, CodeToken } from '../highlighter.ts'
import { positionKey, type FenceMetaStash } from './remark-code-meta.ts'

declare module 'vfile' {
  interface DataMap {
    /** The language of each code block Shiki has no grammar for (shown as plain text), as written. */
    unknownCodeLanguages: string[]
  }
}

const languageClass = /^language-(.+)$/

/**
 * Highlights code blocks: `<pre class="shiki" tabindex="0"><code
 * class="language-js">` with one `<span class="line">` per line and token
 * colours as classes, lines the fence meta names as `line highlighted`, and
 * the block in `<figure class="code-block">` under a `<figcaption>` when the
 * meta gives a title. It runs after the sanitizer: its output needs no
 * allowance there, and author HTML cannot bring token styles. The meta is
 * the one remark-code-meta kept for the fence at the element's position
 * (no HTML can set it); a `<pre><code class="language-x">` in raw HTML is
 * highlighted too. Every `pre` gets `tabindex="0"`: a block that scrolls
 * must be reachable by keyboard. A block in a language Shiki does not know
 * stays plain text, and its language is noted for the build summary.
 */
export function rehypeCode(options: { highlighter: CodeHighlighter }) {
  const { highlighter } = options
  return function transform(tree: Root, file: VFile) {
    const unknown: string[] = []
    replacePres(tree, { highlighter, stash: file.data.fenceMeta ?? new Map(), unknown })
    file.data.unknownCodeLanguages = unknown
  }
}

interface PreContext {
  highlighter: CodeHighlighter
  stash: FenceMetaStash
  /** Languages of blocks left plain for want of a grammar, one per block. */
  unknown: string[]
}

function replacePres(parent: Root | Element, context: PreContext) {
  const { highlighter, stash } = context
  parent.children.forEach((child, index) => {
    if (child.type !== 'element') return
    if (child.tagName !== 'pre') {
      replacePres(child, context)
      return
    }
    const code = child.children.length === 1 && child.children[0]?.type === 'element' && child.children[0].tagName === 'code' ? child.children[0] : null
    child.properties = { ...child.properties, className: [...classesOf(child), 'shiki'], tabIndex: 0 }
    if (!code) return
    // remark-rehype ends the code with a newline; the fence's value has none.
    const text = hastToString(code).replace(/\n$/, '')
    const fence = code.position && stash.get(positionKey(code.position))
    const meta = parseFenceMeta(fence?.code === text ? fence.meta : null)
    const language = languageOf(code)
    if (language !== null && !highlighter.knows(language)) context.unknown.push(language)
    code.children = codeLines(text, language, meta, highlighter)
    if (meta.title) parent.children[index] = figure(meta.title, child)
  })
}

function classesOf(element: Element): string[] {
  const className = element.properties.className
  return Array.isArray(className) ? className.map(String) : []
}

function languageOf(code: Element): string | null {
  for (const name of classesOf(code)) {
    const match = languageClass.exec(name)
    if (match) return match[1] as string
  }
  return null
}

/** The lines as spans joined by newlines, as Shiki writes them; an unknown language stays plain text. */
function codeLines(source: string, language: string | null, meta: FenceMeta, highlighter: CodeHighlighter): ElementContent[] {
  const tokenLines = (language ? highlighter.highlight(source, language) : null) ?? source.split('\n').map((line): CodeToken[] => [{ text: line, className: null }])
  return tokenLines.flatMap((tokens, index): ElementContent[] => {
    const highlighted = isHighlighted(index + 1, meta.highlightedLines)
    const line: Element = {
      type: 'element',
      tagName: 'span',
      properties: highlighted ? { className: ['line', 'highlighted'], dataHighlighted: '' } : { className: ['line'] },
      children: tokens.filter((token) => token.text !== '').map(tokenNode),
    }
    return index === 0 ? [line] : [{ type: 'text', value: '\n' }, line]
  })
}

function tokenNode(token: CodeToken): ElementContent {
  if (token.className === null) return { type: 'text', value: token.text }
  return { type: 'element', tagName: 'span', properties: { className: [token.className] }, children: [{ type: 'text', value: token.text }] }
}

function figure(title: string, pre: Element): Element {
  const caption: Element = { type: 'element', tagName: 'figcaption', properties: {}, children: [{ type: 'text', value: title }] }
  return { type: 'element', tagName: 'figure', properties: { className: ['code-block'] }, children: [caption, pre] }
}
