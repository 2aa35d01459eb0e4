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
import { isScalar, parseDocument } from 'yaml'
import { joinPath } from './config-values.ts'

const markdown = unified().use(remarkParse).freeze()
const mdx = unified().use(remarkParse).use(remarkMdx).freeze()

export interface Relocated {
  /** The page's new text, or undefined when nothing in it changed. */
  text: string | undefined
  /** Project files to copy, by the content path each goes to. */
  copies: Array<{ from: string; to: string }>
}

interface RelocateOptions {
  stays: (path: string) => boolean
  home: (path: string) => string
  exists: (path: string) => boolean
  /** The project path an aliased reference names (`@/assets/x.svg`, as Astro resolves it), if any. */
  alias?: (specifier: string) => string | undefined
}

/**
 * `page` is the project path of the page (`src/content/docs/guides/a.md`),
 * `placedAt` the content path it is written to (`docs/en/guides/a.md`);
 * `stays` tells a project path that keeps its place relative to the page
 * (the docs folder itself), `home` where other files go (`docs/en/_assets`),
 * and `exists` whether the project has the file.
 */
export function relocateImages(text: string, page: string, placedAt: string, options: RelocateOptions): Relocated {
  const pageDir = page.split('/').slice(0, -1).join('/')
  const placedDir = placedAt.split('/').slice(0, -1).join('/')
  const edits: Array<{ start: number; end: number; url: string }> = []
  const copies = new Map<string, string>()
  const consider = (url: string, start: number | undefined, end: number | undefined) => {
    if (start === undefined || end === undefined || /^([a-z][a-z0-9+.-]*:|\/|#)/i.test(url)) return
    const path = url.replace(/[?#].*$/, '')
    const target = options.alias?.(path) ?? joinPath(pageDir, path)
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
  for (const [start, end, url] of heroImages(text)) consider(url, start, end)
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

/** Starlight's hero images in front matter (`hero.image.file`, `.dark`, `.light`): each value's offsets in the page and its text. */
function heroImages(text: string): Array<[number, number, string]> {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)
  if (!block?.[1]) return []
  const offset = block[0].indexOf(block[1])
  const document = parseDocument(block[1])
  return ['file', 'dark', 'light'].flatMap((key): Array<[number, number, string]> => {
    const node = document.getIn(['hero', 'image', key], true)
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return []
    // A quoted value's range takes in its quotes.
    const quote = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? 1 : 0
    return [[offset + node.range[0] + quote, offset + node.range[0] + quote + node.value.length, node.value]]
  })
}
