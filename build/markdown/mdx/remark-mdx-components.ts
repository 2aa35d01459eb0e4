import type { Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast'
import type { MdxFlowExpression, MdxJsxAttribute, MdxJsxTextElement, MdxjsEsm, MdxTextExpression } from 'mdast-util-mdx'
import { h } from 'hastscript'
import { visit } from 'unist-util-visit'
import type { Transformer } from 'unified'
import type { ContentProblem } from '../../content/problems.ts'
import { STRIPPED_ELEMENTS } from '../processor.ts'
import { isBlockComponent, isJsx, knownComponent, type JsxElement } from './components.ts'
import { isCommentOnly, literalText } from './expressions.ts'

/** What rendering found to tell the author: errors fail the build, warnings are printed. */
export interface Findings {
  errors: ContentProblem[]
  warnings: ContentProblem[]
}

/** What the plugin needs of the document it runs on, handed over in `file.data.mdx`. */
interface MdxContext {
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
const relativeSpecifier = /^\.{1,2}\//

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
  if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') return expression(node, state)
  if (!('children' in node)) return [node]
  if (isJsx(node) && node.name !== null && STRIPPED_ELEMENTS.includes(node.name)) return []
  if (node.type === 'paragraph' && node.children.some(isBlockText)) return splitAtBlocks(node).flatMap((part) => rewrite(part, state))
  rewriteChildren(node, state)
  return isJsx(node) ? rewriteElement(node, state) : [node]
}

/** A component whose meaning is a block (`<TabItem>`, `<Aside>`), written inside a line of text. */
function isBlockText(node: RootContent): node is MdxJsxTextElement {
  return node.type === 'mdxJsxTextElement' && isBlockComponent(node.name)
}

/**
 * `<Aside>Short note.</Aside>` on one line is, to MDX, a paragraph holding
 * the component, and one-line tabs (`<TabItem label="a">x</TabItem>` on each
 * line) a paragraph holding them all. A block component is the block, holding
 * its text as a paragraph; the text around it stays in paragraphs of its own.
 */
function splitAtBlocks(paragraph: Paragraph): RootContent[] {
  const parts: RootContent[] = []
  let run: PhrasingContent[] = []
  const closeRun = () => {
    if (run.some((child) => child.type !== 'text' || child.value.trim() !== '')) parts.push({ type: 'paragraph', children: trimmed(run) })
    run = []
  }
  for (const child of paragraph.children) {
    if (!isBlockText(child)) {
      run.push(child)
      continue
    }
    closeRun()
    const position = child.position ? { position: child.position } : {}
    const inner: Paragraph = { type: 'paragraph', children: trimmed(child.children), ...position }
    parts.push({ type: 'mdxJsxFlowElement', name: child.name, attributes: child.attributes, children: [inner], ...position })
  }
  closeRun()
  return parts
}

/** Phrasing without the line breaks and spaces that separated it from a block beside it. */
function trimmed(children: PhrasingContent[]): PhrasingContent[] {
  const copy = children.map((child) => ({ ...child }))
  const first = copy[0]
  if (first?.type === 'text') first.value = first.value.trimStart()
  const last = copy.at(-1)
  if (last?.type === 'text') last.value = last.value.trimEnd()
  return copy.filter((child) => child.type !== 'text' || child.value !== '')
}

function rewriteElement(element: JsxElement, state: State): RootContent[] {
  const name = element.name
  if (name === null) return element.children
  const specifier = state.imports.get(name)
  if (specifier !== undefined && markdownFile.test(specifier)) {
    if (relativeSpecifier.test(specifier)) return inlinePartial(element, specifier, state)
    // `@/components/x.md`: a framework's alias or a package, which only its bundler resolves (or a file it generates).
    warn(
      state,
      element,
      `component <${name}> is imported from "${specifier}", which names no file of the content folder (only a relative path does): ${element.children.length > 0 ? 'its children are kept' : 'it is dropped'}`,
    )
    return element.children
  }
  if (/^[a-z]/.test(name) && !name.includes('.')) return [asHtml(element, state)]
  const known = knownComponent(element)
  if (known) return known
  warn(state, element, `component <${name}> is not supported: ${element.children.length > 0 ? 'its children are kept' : 'it is dropped'}`)
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
    const value = attribute.type === 'mdxJsxAttribute' ? htmlValue(attribute.value) : undefined
    if (attribute.type === 'mdxJsxAttribute' && value !== undefined) properties[attribute.name] = value
    else warn(state, element, `<${element.name}>: an attribute given as an expression is not evaluated, so it is dropped`)
  }
  const html = h(element.name ?? 'div', properties)
  element.data = { ...element.data, hName: html.tagName, hProperties: html.properties }
  return element
}

/** An attribute's HTML value: present without a value, a string, or an expression that is only a string. */
function htmlValue(value: MdxJsxAttribute['value']): string | boolean | undefined {
  if (value === null || value === undefined) return true
  return typeof value === 'string' ? value : literalText(value)
}

function collectImports(node: MdxjsEsm, imports: Map<string, string>): void {
  for (const statement of node.data?.estree?.body ?? []) {
    if (statement.type !== 'ImportDeclaration' || typeof statement.source.value !== 'string') continue
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportDefaultSpecifier') imports.set(specifier.local.name, statement.source.value)
    }
  }
}

/** A string is its text; a comment goes; any other expression would have to be run, so it goes with a warning. */
function expression(node: MdxFlowExpression | MdxTextExpression, state: State): RootContent[] {
  const value = literalText(node)
  if (value === undefined) {
    if (!isCommentOnly(node)) warn(state, node, `expression {${node.value.trim()}} is not evaluated: MDX is read, never run, so it is dropped`)
    return []
  }
  const text: Text = { type: 'text', value, ...(node.position ? { position: node.position } : {}) }
  if (node.type === 'mdxTextExpression') return [text]
  return value.trim() === '' ? [] : [{ type: 'paragraph', children: [text] }]
}

function lineOf(state: State, node: RootContent): number {
  return state.context.fileLine(node.position?.start.line ?? 1)
}

function warn(state: State, node: RootContent, message: string): void {
  state.context.findings.warnings.push({ path: state.context.path, line: lineOf(state, node), message })
}
