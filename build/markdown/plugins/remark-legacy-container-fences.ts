import type { Parent, Root } from 'mdast'
import type { Processor } from 'unified'
import type { VFile } from 'vfile'

/** A fence remark-directive does not read: `::: tip`, `::: warning Title` (VitePress), `:::tip Title` (Docusaurus). */
const legacyOpener = /^:{3,}(?:[ \t]+[A-Za-z]|[A-Za-z][\w-]*[ \t]+\S)/
/** What may follow the name in directive syntax: a label, attributes, both or nothing. */
const directiveTail = /^(?:\[[^\]]*\])?(?:\{[^}]*\})?$/
const opener = /^(:{3,})[ \t]*([A-Za-z][\w-]*)[ \t]*(.*?)[ \t]*(\r?)$/

/**
 * Rewrites the container fences of VitePress and Docusaurus into
 * remark-directive's syntax (`::: warning Future Deprecation` ->
 * `:::warning[Future Deprecation]`) and parses the document again.
 *
 * Docusaurus does the same rewrite as a text pass over the raw file, which
 * must guess where code blocks are. Here the first parse says where they
 * are: only a line that the parser put at the start of a paragraph line is
 * a fence, so a `:::` line in a fenced or indented code block, inline code
 * or HTML is never touched. The second parse then reads nesting, lists and
 * closing fences with the real parser. Documents without such a fence (most)
 * are parsed once.
 */
export function remarkLegacyContainerFences(this: Processor) {
  const processor = this
  return function transform(tree: Root, file: VFile) {
    if (!String(file.value).includes(':::')) return
    const source = String(file.value).split('\n')
    const lines = new Set<number>()
    collectFenceLines(tree, source, lines)
    if (lines.size === 0) return
    for (const line of lines) source[line - 1] = toDirectiveSyntax(source[line - 1] ?? '')
    tree.children = (processor.parse(source.join('\n')) as Root).children
  }
}

function collectFenceLines(parent: Parent, source: string[], lines: Set<number>) {
  for (const node of parent.children) {
    if (node.type === 'paragraph') {
      node.children.forEach((child, index) => {
        if (child.type !== 'text' || !child.position) return
        // The first line of a text node starts a line only when it opens the paragraph or follows a hard break.
        const startsLine = index === 0 || node.children[index - 1]?.type === 'break'
        const firstLine = child.position.start.line
        child.value.split('\n').forEach((text, offset) => {
          const line = firstLine + offset
          // The title may go on in other inline nodes (`:::tip \`NODE_ENV\` in files`): the source line has all of it.
          const fence = source[line - 1]?.slice(source[line - 1]?.indexOf(':::')) ?? ''
          if ((offset > 0 || startsLine) && text.startsWith(':::') && legacyOpener.test(fence)) lines.add(line)
        })
      })
    } else if ('children' in node) collectFenceLines(node, source, lines)
  }
}

/**
 * The line with its fence in directive syntax. What precedes the `:::` is
 * only container prefixes (`> `, `- `, indent), which never hold colons;
 * the title is kept as its author wrote it, so its Markdown stays Markdown.
 */
function toDirectiveSyntax(line: string): string {
  const at = line.indexOf(':::')
  const match = at === -1 ? null : opener.exec(line.slice(at))
  if (!match) return line
  const [, colons, name, rest = '', cr] = match
  const tail = directiveTail.test(rest) ? rest : `[${rest}]`
  return `${line.slice(0, at)}${colons}${name}${tail}${cr}`
}
