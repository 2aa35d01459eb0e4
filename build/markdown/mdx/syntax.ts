import type { MarkdownFormat } from '../../content/markdown-options.ts'

export function syntaxOf(path: string, format: MarkdownFormat): MarkdownFormat {
  return path.endsWith('.mdx') ? 'mdx' : format
}
