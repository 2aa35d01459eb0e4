import type { Paragraph, Parent, Root, RootContent } from 'mdast'
import type { MdxFlowExpression, MdxJsxFlowElement, MdxjsEsm, MdxTextExpression } from 'mdast-util-mdx'
import { h } from 'hastscript'
import { visit } from 'unist-util-visit'
import type { Transformer } from 'unified'
import type { ContentProblem } from '../../content/problems.ts'
import { STRIPPED_ELEMENTS } from '../processor.ts'
import { isBlockComponent, isJsx, knownComponent, type JsxElement } from './components.ts'

/** What rendering found to tell the author: errors fail the build, warnings are printed. */
export interface Findings {
  errors: ContentProblem[]
  warnings: ContentProblem[]
}

/** What the plugin needs of the document it runs on, handed over in `file.data.mdx`. */
export interface MdxContext {
  /** The file the tree was parsed from (a page, or a partial it inlines). */
  path: string
  /** The file line of a line of the tree. */
  fileLine: (line: number) => number
  findings: Findings
  /** The tree of the Markdown file `specifier` names from `path`, or null (the loader reported why). */
  loadPartial: (specifier: string, line: number) => Root | null
}

declare module 'vfile' {
  interface DataMap {
    mdx: MdxContext
  }
}

const markdownFile = /\.mdx?$/

/**
 * MDX without running it: ESM and `{/* comments *\/}` are dropped; other
 * expressions are dropped with a warning; a component imported from a local
 * Markdown file is that file's content; lowercase elements are HTML (the
 * sanitizer filters them as it filters raw HTML), `<style>` is removed; the
 * frameworks' common components become directives (components.ts); any other
 * component is a warning and keeps its children. Leaves no MDX node but the
 * lowercase elements, which carry `hName` for remark-rehype.
 */
export function remarkMdxComponents(): Transformer<Root, Root> {
  return function transform(tree, file) {
    const context = file.data.mdx
    if (!context) return
    const imports = new Map<string, string>()
    for (const node of tree.children) if (node.type === 'mdxjsEsm') collectImports(node, imports)
    rewriteChildren(tree, { context, imports })
  }
}

interface State {
  context: MdxContext
  /** Local name to module specifier, for the default imports of the file. */
  imports: Map<string, string>
}

function rewriteChildren(parent: Parent, state: State): void {
  parent.children = parent.children.flatMap((child) => rewrite(child, state)) as Parent['children']
}

function rewrite(node: RootContent, state: State): RootContent[] {
  if (node.type === 'mdxjsEsm') return []
  if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
    if (!isComment(node)) warn(state, node, `expression {${node.value.trim()}} is not evaluated: MDX is read, never run, so it is dropped`)
    return []
  }
  if (!('children' in node)) return [node]
  if (isJsx(node) && node.name !== null && STRIPPED_ELEMENTS.includes(node.name)) return []
  const block = node.type === 'paragraph' ? blockInParagraph(node) : undefined
  if (block) return rewrite(block, state)
  rewriteChildren(node, state)
  return isJsx(node) ? rewriteElement(node, state) : [node]
}

/**
 * `<Aside>Short note.</Aside>` on one line is, to MDX, a paragraph holding
 * the component; a block component is the block, holding the paragraph.
 */
function blockInParagraph(paragraph: Paragraph): MdxJsxFlowElement | undefined {
  const content = paragraph.children.filter((child) => child.type !== 'text' || child.value.trim() !== '')
  const [only] = content
  if (content.length !== 1 || only?.type !== 'mdxJsxTextElement' || !isBlockComponent(only.name)) return undefined
  const inner: Paragraph = { type: 'paragraph', children: only.children, ...(only.position ? { position: only.position } : {}) }
  return { type: 'mdxJsxFlowElement', name: only.name, attributes: only.attributes, children: [inner], ...(only.position ? { position: only.position } : {}) }
}

function rewriteElement(element: JsxElement, state: State): RootContent[] {
  const name = element.name
  if (name === null) return element.children
  const specifier = state.imports.get(name)
  if (specifier !== undefined && markdownFile.test(specifier)) return inlinePartial(element, specifier, state)
  if (/^[a-z]/.test(name) && !name.includes('.')) return [asHtml(element, state)]
  const known = knownComponent(element)
  if (known) return known
  warn(state, element, `component <${name}> is not supported: its children are kept`)
  return element.children
}

function inlinePartial(element: JsxElement, specifier: string, state: State): RootContent[] {
  const tree = state.context.loadPartial(specifier, lineOf(state, element))
  if (!tree) return []
  // Its lines are the partial's: in this page, what it holds (a broken link) is at the element that inlines it.
  visit(tree, (node) => {
    if (element.position) node.position = element.position
    else delete node.position
  })
  if (element.type === 'mdxJsxFlowElement') return tree.children
  // Used inside a paragraph: only the partial's text fits there.
  return tree.children.flatMap((child) => (child.type === 'paragraph' ? child.children : []))
}

/** A lowercase element is the HTML element of that name; attributes are JSX names or HTML names (`className`, `class`). */
function asHtml(element: JsxElement, state: State): JsxElement {
  const properties: Record<string, string | boolean> = {}
  for (const attribute of element.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && (attribute.value === null || attribute.value === undefined)) properties[attribute.name] = true
    else if (attribute.type === 'mdxJsxAttribute' && typeof attribute.value === 'string') properties[attribute.name] = attribute.value
    else warn(state, element, `<${element.name}>: an attribute given as an expression is not evaluated, so it is dropped`)
  }
  const html = h(element.name ?? 'div', properties)
  element.data = { ...element.data, hName: html.tagName, hProperties: html.properties }
  return element
}

function collectImports(node: MdxjsEsm, imports: Map<string, string>): void {
  for (const statement of node.data?.estree?.body ?? []) {
    if (statement.type !== 'ImportDeclaration' || typeof statement.source.value !== 'string') continue
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportDefaultSpecifier') imports.set(specifier.local.name, statement.source.value)
    }
  }
}

/** `{/* … *\/}`: an expression of comments only. */
function isComment(node: MdxFlowExpression | MdxTextExpression): boolean {
  return node.data?.estree?.body.length === 0
}

function lineOf(state: State, node: RootContent): number {
  return state.context.fileLine(node.position?.start.line ?? 1)
}

function warn(state: State, node: RootContent, message: string): void {
  state.context.findings.warnings.push({ path: state.context.path, line: lineOf(state, node), message })
}
