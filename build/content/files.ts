/**
 * Which content files are pages. `.md` and `.mdx` files are read alike; a
 * file or folder whose name starts with `_` holds partials (Docusaurus's
 * convention): read, so pages can inline them, but never a page.
 */
const markdownExtension = /\.mdx?$/

export function isMarkdownPath(path: string): boolean {
  return markdownExtension.test(path)
}

// A segment starting with `_`: tested on every content path at every build, so without splitting it.
const partialSegment = /(^|\/)_/

export function isPartialPath(path: string): boolean {
  return partialSegment.test(path)
}

/** The path without its Markdown extension (`guides/a.mdx` -> `guides/a`). */
export function withoutMarkdownExtension(path: string): string {
  return path.replace(markdownExtension, '')
}
