import type { Paragraph, Parent, PhrasingContent, Root, RootContent } from 'mdast'
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx'
import { phrasing } from 'mdast-util-phrasing'
import { toString as mdastToString } from 'mdast-util-to-string'

/**
 * The tree for the Markdown copy: the HTML elements an MDX file wrote in JSX
 * (the only MDX nodes remarkMdxComponents leaves) give their content, as
 * plain Markdown has no such elements; an image keeps its source and text.
 */
export function withoutMdxForCopy(tree: Root): Root {
  unwrap(tree)
  return tree
}

function unwrap(parent: Parent): void {
  for (const child of parent.children) if ('children' in child) unwrap(child)
  // Most trees (every Markdown one) have none: they are left as they are.
  if (!parent.children.some((child) => child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement')) return
  parent.children = (parent.children as RootContent[]).flatMap((child): RootContent[] => {
    if (child.type === 'mdxJsxTextElement') return contentOf(child)
    // A block's content in a block's place: its text in paragraphs.
    if (child.type === 'mdxJsxFlowElement') return inParagraphs(contentOf(child))
    return [child]
  }) as Parent['children']
}

function contentOf(element: MdxJsxFlowElement | MdxJsxTextElement): RootContent[] {
  const properties = element.data?.hProperties ?? {}
  if (element.name === 'br') return [{ type: 'break' }]
  // `<code>` around text is inline code in Markdown too: its text may hold what Markdown would read (`Array<T>`).
  if (element.name === 'code' && element.children.every((child) => child.type === 'text')) return [{ type: 'inlineCode', value: mdastToString(element) }]
  if (element.name !== 'img') return element.children
  const { src, alt } = properties
  return typeof src === 'string' ? [{ type: 'image', url: src, alt: typeof alt === 'string' ? alt : null }] : []
}

function inParagraphs(nodes: RootContent[]): RootContent[] {
  const blocks: RootContent[] = []
  let open: Paragraph | undefined
  for (const node of nodes) {
    if (!phrasing(node)) {
      blocks.push(node)
      open = undefined
    } else if (open) open.children.push(node as PhrasingContent)
    else {
      open = { type: 'paragraph', children: [node as PhrasingContent] }
      blocks.push(open)
    }
  }
  return blocks
}
