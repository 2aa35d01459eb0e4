import type { Parent, Root, RootContent } from 'mdast'

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
  parent.children = (parent.children as RootContent[]).flatMap((child): RootContent[] => {
    if ('children' in child) unwrap(child)
    if (child.type !== 'mdxJsxFlowElement' && child.type !== 'mdxJsxTextElement') return [child]
    if (child.name === 'img') {
      const src = child.data?.hProperties?.src
      const alt = child.data?.hProperties?.alt
      return typeof src === 'string' ? [{ type: 'image', url: src, alt: typeof alt === 'string' ? alt : null }] : []
    }
    if (child.name === 'br') return [{ type: 'break' }]
    return child.children
  }) as Parent['children']
}
