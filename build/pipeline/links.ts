import type { ContentProblem } from '../content/problems.ts'
import type { RenderedSource } from './assemble.ts'

export interface LinkProblems {
  /** Links that point at no document: `links: warn` in site.yml makes them warnings. */
  broken: ContentProblem[]
  /** Links from a published page to a draft: always errors, so drafts never leak. */
  toDrafts: ContentProblem[]
}

export function checkLinks(sources: RenderedSource[], draftUrls: Set<string>): LinkProblems {
  const found: LinkProblems = { broken: [], toDrafts: [] }
  for (const source of sources) {
    for (const link of source.rendered.links) {
      if (link.url === null) found.broken.push({ path: source.path, line: link.line, message: `link "${link.href}" points at no document` })
      else if (draftUrls.has(link.url) && !source.draft) found.toDrafts.push({ path: source.path, line: link.line, message: `link "${link.href}" points at a draft` })
    }
  }
  return found
}
