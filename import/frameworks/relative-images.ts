// Images a page references by a relative path that leaves the docs folder
// (Starlight's `src/assets/`): once the page moves to `docs/<locale>/`, the
// path would lead nowhere, so the file is copied into the content folder and
// the reference rewritten to reach it. References are found with the
// Markdown (or MDX) parser, and only the URL text at the node's position is
// replaced; the page is otherwise left byte for byte.
import type { Root } from 'mdast'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { joinPath } from './config-values.ts'

const markdown = unified().use(remarkParse).freeze()
const mdx = unified().use(remarkParse).use(remarkMdx).freeze()

export interface Relocated {
  /** The page's new text, or undefined when nothing in it changed. */
  text: string | undefined
  /** Project files to copy, by the content path each goes to. */
  copies: Array<{ from: string; to: string }>
}

/**
 * `page` is the project path of the page (`src/content/docs/guides/a.md`),
 * `placedAt` the content path it is written to (`docs/en/guides/a.md`);
 * `stays` tells a project path that keeps its place relative to the page
 * (the docs folder itself), `home` where other files go (`docs/en/_assets`),
 * and `exists` whether the project has the file.
 */
export function relocateImages(text: string, page: string, placedAt: string, options: { stays: (path: string) => boolean; home: (path: string) => string; exists: (path: string) => boolean }): Relocated {
  const pageDir = page.split('/').slice(0, -1).join('/')
  const placedDir = placedAt.split('/').slice(0, -1).join('/')
  const edits: Array<{ start: number; end: number; url: string }> = []
  const copies = new Map<string, string>()
  const consider = (url: string, start: number | undefined, end: number | undefined) => {
    if (start === undefined || end === undefined || /^([a-z][a-z0-9+.-]*:|\/|#)/i.test(url)) return
    const target = joinPath(pageDir, url.replace(/[?#].*$/, ''))
    if (options.stays(target) || !options.exists(target)) return
    const to = options.home(target)
    copies.set(to, target)
    edits.push({ start, end, url: relativeUrl(placedDir, to) + url.slice(url.replace(/[?#].*$/, '').length) })
  }
  let tree: Root
  try {
    tree = (page.endsWith('.mdx') ? mdx : markdown).parse(text)
  } catch {
    return { text: undefined, copies: [] }
  }
  visit(tree, (node) => {
    if (node.type === 'image' || node.type === 'definition') {
      const slice = text.slice(node.position?.start.offset, node.position?.end.offset)
      const at = slice.lastIndexOf(node.url)
      if (at !== -1 && node.position?.start.offset !== undefined) consider(node.url, node.position.start.offset + at, node.position.start.offset + at + node.url.length)
    }
  })
  const hero = /^(\s+(?:file|dark|light):\s*)(['"]?)(\.{1,2}\/[^'"\n]+)\2\s*$/gm
  const frontMatter = /^---\n[\s\S]*?\n---/.exec(text)?.[0] ?? ''
  for (const match of frontMatter.matchAll(hero)) {
    const start = (match.index ?? 0) + (match[1]?.length ?? 0) + (match[2]?.length ?? 0)
    consider(match[3] ?? '', start, start + (match[3]?.length ?? 0))
  }
  if (edits.length === 0) return { text: undefined, copies: [] }
  let out = text
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.url + out.slice(edit.end)
  return { text: out, copies: [...copies].map(([to, from]) => ({ from, to })) }
}

function relativeUrl(fromDir: string, to: string): string {
  const from = fromDir.split('/').filter(Boolean)
  const target = to.split('/')
  let shared = 0
  while (shared < from.length && shared < target.length - 1 && from[shared] === target[shared]) shared++
  const up = from.length - shared
  return `${up === 0 ? './' : '../'.repeat(up)}${target.slice(shared).join('/')}`
}
