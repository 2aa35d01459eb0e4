import type { ContentProblem } from '../content/problems.ts'
import type { RenderedSource } from './assemble.ts'

/** Links that point at no document, and links from a published page to a draft. */
export function checkLinks(sources: RenderedSource[], draftUrls: Set<string>): ContentProblem[] {
  return sources.flatMap((source) =>
    source.rendered.links.flatMap((link): ContentProblem[] => {
      if (link.url === null) return [{ path: source.path, line: link.line, message: `link "${link.href}" points at no document` }]
      if (draftUrls.has(link.url) && !source.draft) return [{ path: source.path, line: link.line, message: `link "${link.href}" points at a draft` }]
      return []
    }),
  )
}
