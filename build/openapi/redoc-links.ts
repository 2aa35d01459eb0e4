import type { Relink } from './markdown-nodes.ts'

/**
 * Descriptions written for Redoc link to other parts of the reference by Redoc's anchors:
 * `#tag/Domain-Records`, `#operation/listBooks`, `#tag/books/operation/listBooks`, `#section/Authentication`.
 * Here each of those is a page of its own, so such a link goes to that page (the tag's, the operation's,
 * or the API's overview for a section of its description); any other link is left to the site's link checker.
 */
export function redocRelink(api: { overview: string; tags: ReadonlyMap<string, string>; operations: ReadonlyMap<string, string> }): Relink {
  const tags = new Map([...api.tags].map(([name, slug]) => [anchorName(name), slug]))
  return (url) => {
    const match = /^#(tag|operation|section)\/([^/]+)(?:\/operation\/([^/]+))?$/.exec(url)
    if (!match) return undefined
    const [, kind, name = '', operation] = match
    const decoded = safeDecode(name)
    const slug =
      kind === 'section'
        ? api.overview
        : kind === 'operation'
          ? api.operations.get(decoded)
          : operation !== undefined
            ? (api.operations.get(safeDecode(operation)) ?? tags.get(anchorName(decoded)))
            : tags.get(anchorName(decoded))
    return slug === undefined ? undefined : `/${slug}`
  }
}

/** Redoc writes a tag's anchor with its spaces as hyphens; case and hyphens vs spaces are not told apart here. */
function anchorName(name: string): string {
  return name
    .trim()
    .replace(/[\s-]+/g, '-')
    .toLowerCase()
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
