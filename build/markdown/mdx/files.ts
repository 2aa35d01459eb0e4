/**
 * Which content files are pages. `.md` and `.mdx` files are read alike; a
 * file or folder whose name starts with `_` holds partials (Docusaurus's
 * convention): read, so pages can inline them, but never a page.
 */
const markdownExtension = /\.mdx?$/

export function isMarkdownPath(path: string): boolean {
  return markdownExtension.test(path)
}

export function isPartialPath(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('_'))
}

/** The path without its Markdown extension (`guides/a.mdx` -> `guides/a`). */
export function withoutMarkdownExtension(path: string): string {
  return path.replace(markdownExtension, '')
}
