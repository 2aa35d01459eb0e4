/**
 * How a `.md` file is read, as `markdown.format` in site.yml says: `md` is
 * CommonMark and GFM, `mdx` is MDX, and `detect` (the default) reads a file as
 * MDX when it is MDX: see parse.ts. `.mdx` files are always MDX.
 */
export const MARKDOWN_FORMATS = ['md', 'mdx', 'detect'] as const
export type MarkdownFormat = (typeof MARKDOWN_FORMATS)[number]

export function syntaxOf(path: string, format: MarkdownFormat): MarkdownFormat {
  return path.endsWith('.mdx') ? 'mdx' : format
}
