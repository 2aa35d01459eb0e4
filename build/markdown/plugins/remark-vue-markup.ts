import type { Html, Parent, Root, RootContent, Text } from 'mdast'
import type { Transformer } from 'unified'
import type { ContentProblem } from '../../content/problems.ts'
import { componentTags, loneComponentTag } from './component-tags.ts'

/** What the plugin needs of the page it runs on, handed over in `file.data.vueMarkup`. */
interface VueMarkupContext {
  path: string
  /** The file line of a line of the parsed text. */
  fileLine: (line: number) => number
  warnings: ContentProblem[]
  /** Whether `{{ … }}` is Vue's (site.yml `markdown.vue`): elsewhere it is text, as Jinja or Handlebars docs write it. */
  interpolation: boolean
}

declare module 'vfile' {
  interface DataMap {
    vueMarkup: VueMarkupContext
  }
}

// Drawn by another pass (a badge in a heading or a line): not a component this page loses.
const KNOWN_COMPONENTS: ReadonlySet<string> = new Set(['Badge'])

// Vue's text interpolation; `{{` never nests, so the first `}}` closes it.
const interpolation = /\{\{([\s\S]*?)\}\}/g

/**
 * Vue's markup in a page read as Markdown (VitePress compiles each page as a
 * Vue template), handled as MDX's is: a component (`<SupportedVersions />`,
 * `<MyComp prop="x">…</MyComp>`, `<my-widget>`) is a warning naming it, its
 * children kept; a tag that is a piece of raw HTML of its own is dropped
 * here, one inside a block of HTML by the sanitizer, as any element it does
 * not know. Under `interpolation`, a `{{ expression }}` outside code
 * is dropped with a warning, except inside `::: v-pre`, where VitePress
 * prints it as written. Code never holds either: Markdown parsed it as code.
 */
export function remarkVueMarkup(): Transformer<Root, Root> {
  return function transform(tree, file) {
    const context = file.data.vueMarkup
    if (context) visitChildren(tree, context)
  }
}

function visitChildren(parent: Parent, context: VueMarkupContext): void {
  parent.children = parent.children.flatMap((node): RootContent[] => {
    if (node.type === 'html') return html(node, context)
    if (node.type === 'text' && context.interpolation) return text(node, context)
    if (node.type === 'containerDirective' && node.name === 'v-pre') return [node]
    if (!('children' in node)) return [node]
    visitChildren(node, context)
    // A paragraph that held only what was dropped (`<x-light></x-light>` on a line) goes with it.
    return node.type === 'paragraph' && node.children.every(isBlank) ? [] : [node]
  }) as Parent['children']
}

function isBlank(node: RootContent): boolean {
  return node.type === 'text' && node.value.trim() === ''
}

function html(node: Html, context: VueMarkupContext): RootContent[] {
  for (const tag of componentTags(node.value)) {
    if (KNOWN_COMPONENTS.has(tag.name)) continue
    const outcome = tag.selfClosing ? 'it is dropped' : 'its children are kept'
    warn(context, node, tag.line, `component <${tag.name}> is not supported: ${outcome}`)
  }
  // Its tag alone: the node goes, so no empty line stands where it was.
  const lone = loneComponentTag(node.value)
  if (lone !== undefined && !KNOWN_COMPONENTS.has(lone)) return []
  if (!context.interpolation || !node.value.includes('{{')) return [node]
  return [{ ...node, value: withoutInterpolations(node.value, node, context) }]
}

function text(node: Text, context: VueMarkupContext): RootContent[] {
  if (!node.value.includes('{{')) return [node]
  const value = withoutInterpolations(node.value, node, context)
  return value === '' ? [] : [{ ...node, value }]
}

function withoutInterpolations(value: string, node: RootContent, context: VueMarkupContext): string {
  return value.replace(interpolation, (_: string, expression: string, offset: number) => {
    const line = value.slice(0, offset).split('\n').length - 1
    warn(context, node, line, `expression {{ ${expression.trim()} }} is not evaluated: Vue templates are read, never run, so it is dropped`)
    return ''
  })
}

/** A warning at `line` lines below the node's first. */
function warn(context: VueMarkupContext, node: RootContent, line: number, message: string): void {
  context.warnings.push({ path: context.path, line: context.fileLine((node.position?.start.line ?? 1) + line), message })
}
