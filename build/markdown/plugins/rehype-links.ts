import type { Root } from 'hast'
import type { VFile } from 'vfile'
import { resolveHref, withFragment, type LinkTargets } from '../link-resolution.ts'
import { eachElement } from './each-element.ts'

/** Per-document context, passed through `file.data` because the processor is frozen. */
interface LinkContext {
  /** The document's path relative to the content root, e.g. `docs/en/guides/a.md`. */
  path: string
  targets: LinkTargets
  /** The file line of a line of the parsed text (a body, its includes inlined). */
  fileLine: (line: number) => number
}

export interface ResolvedLink {
  href: string
  line: number
  /** The URL it was rewritten to, or null when it points at no document. */
  url: string | null
  /** The Markdown URL the Markdown copy links to instead, or null likewise. */
  markdownUrl: string | null
}

declare module 'vfile' {
  interface DataMap {
    linkContext: LinkContext
    links: ResolvedLink[]
  }
}

/**
 * Rewrites links to other documents (relative, root-absolute, or by
 * Docusaurus id: see link-resolution.ts) into the target document's URL and
 * records each one, so the build can report those that point nowhere.
 */
export function rehypeLinks() {
  return function transform(tree: Root, file: VFile) {
    const context = file.data.linkContext
    if (!context) return
    const links: ResolvedLink[] = []
    eachElement(tree, (node) => {
      const href = node.tagName === 'a' ? node.properties.href : undefined
      if (typeof href !== 'string') return
      const url = resolveHref(context.path, href, context.targets, 'urls')
      if (url === undefined) return
      const markdownUrl = resolveHref(context.path, href, context.targets, 'markdownUrls') ?? null
      const line = context.fileLine(node.position?.start.line ?? 1)
      links.push({ href, line, url, markdownUrl })
      if (url !== null) node.properties.href = withFragment(url, href)
    })
    file.data.links = links
  }
}
