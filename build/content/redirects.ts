import type { FileRename } from './read-results.ts'
import { docsPath, slugFromPath, type SourceDocument } from './documents.ts'
import type { ContentProblem } from './problems.ts'
import { SITE_FILE, type SiteConfig } from './site-config.ts'

/** One redirect as written (front matter, site.yml) or found (git), before chains collapse. */
export interface RedirectSource {
  from: string
  to: string
  path: string
  line: number
  kind: 'front matter' | 'site.yml' | 'git rename'
}

export interface ResolvedRedirects {
  /** Old slug to the document id readers are sent to. */
  redirects: Record<string, string>
  problems: ContentProblem[]
}

/** Every slug a document is published under, in any locale, drafts included, to its document id. */
export function liveSlugsOf(documents: SourceDocument[]): Map<string, string> {
  return new Map(documents.map((document) => [document.slug, document.docId]))
}

/** Each `redirectFrom` slug of a document, to that document's own slug. */
export function frontMatterRedirectSources(documents: SourceDocument[]): RedirectSource[] {
  return documents.flatMap((document) =>
    (document.parsed.data.redirectFrom ?? []).map((from) => ({
      from,
      to: document.slug,
      path: document.path,
      line: document.parsed.lineOf('redirectFrom'),
      kind: 'front matter' as const,
    })),
  )
}

export function siteRedirectSources(site: SiteConfig): RedirectSource[] {
  return site.redirects.map(({ from, to, line }) => ({ from, to, path: SITE_FILE, line, kind: 'site.yml' as const }))
}

/**
 * Renames (newest first) as redirects from the old path's slug. The new path
 * is named by the slug its document is published under now, which front
 * matter may have localized, or, if no document is there any more, by the
 * slug its path gives. A move between locales redirects nothing: the two
 * files are not versions of one page.
 */
export function gitRenameSources(renames: FileRename[], documents: SourceDocument[]): RedirectSource[] {
  const slugByPath = new Map(documents.map((document) => [document.path, document.slug]))
  return renames.flatMap(({ from, to }) => {
    const [, fromLocale, fromPath = ''] = docsPath.exec(from) ?? []
    const [, toLocale, toPath = ''] = docsPath.exec(to) ?? []
    if (!fromLocale || fromLocale !== toLocale) return []
    return [{ from: slugFromPath(fromPath), to: slugByPath.get(to) ?? slugFromPath(toPath), path: to, line: 1, kind: 'git rename' as const }]
  })
}

const isExplicit = (source: RedirectSource) => source.kind !== 'git rename'

/**
 * Collapses every source into old slug -> document id. Authors' redirects
 * must hold: one that shadows a live page, goes nowhere, disagrees with
 * another or loops is a problem at its `path:line`. Git renames only fill
 * in: a live page at the old path wins (files move back and forth), an
 * author's redirect from the same slug wins, the first rename of a slug in
 * `sources` wins (list them newest first, as GitHistory does), and a rename
 * that leads nowhere (its page since deleted) is dropped.
 */
export function resolveRedirects(input: { sources: RedirectSource[]; liveSlugs: Map<string, string> }): ResolvedRedirects {
  const { liveSlugs } = input
  const problems: ContentProblem[] = []
  const report = (source: RedirectSource, message: string) => problems.push({ path: source.path, line: source.line, message })

  // One edge per old slug; explicit sources first, so they win over renames.
  const edges = new Map<string, RedirectSource>()
  const sources = [...input.sources.filter(isExplicit), ...input.sources.filter((source) => !isExplicit(source))]
  for (const source of sources) {
    if (liveSlugs.has(source.from)) {
      if (isExplicit(source)) report(source, `redirect from "${source.from}" shadows a live page`)
      continue
    }
    const taken = edges.get(source.from)
    if (!taken) edges.set(source.from, source)
    else if (isExplicit(source) && targetOf(taken, liveSlugs) !== targetOf(source, liveSlugs)) {
      report(source, `redirect from "${source.from}" goes to "${source.to}" here but to "${taken.to}" in ${taken.path}:${taken.line}`)
      report(taken, `redirect from "${source.from}" goes to "${taken.to}" here but to "${source.to}" in ${source.path}:${source.line}`)
    }
  }

  const redirects: Record<string, string> = {}
  for (const [from, source] of edges) {
    const chain = followChain(source, edges, liveSlugs)
    if (chain.docId !== undefined) {
      redirects[from] = chain.docId
      continue
    }
    if (!isExplicit(source)) continue
    if (chain.loop?.some(isExplicit)) {
      // Each author's redirect in the loop reports it; one that only leads into it does not.
      if (chain.loop[0] === source) report(source, `redirect cycle: ${[...chain.loop, source].map((edge) => `"${edge.from}"`).join(' -> ')}`)
    } else if (chain.edges.slice(1).every((edge) => !isExplicit(edge))) {
      // Unless an author's redirect further down is the one that goes nowhere: that one reports it.
      report(source, `redirect to "${source.to}" points at no document`)
    }
  }
  return { redirects, problems }
}

/** Two redirects agree when they reach one document, whichever locale's slug names it. */
function targetOf(source: RedirectSource, liveSlugs: Map<string, string>): string {
  const docId = liveSlugs.get(source.to)
  return docId === undefined ? `slug ${source.to}` : `document ${docId}`
}

interface Chain {
  /** The document the chain ends at, if it ends at a live slug. */
  docId?: string
  /** The edges followed, the first being the one the chain started from. */
  edges: RedirectSource[]
  /** The edges that form a loop, when the chain runs into one. */
  loop?: RedirectSource[]
}

function followChain(first: RedirectSource, edges: Map<string, RedirectSource>, liveSlugs: Map<string, string>): Chain {
  const followed = [first]
  for (;;) {
    const last = followed[followed.length - 1] as RedirectSource
    const docId = liveSlugs.get(last.to)
    if (docId !== undefined) return { docId, edges: followed }
    const next = edges.get(last.to)
    if (!next) return { edges: followed }
    const seen = followed.indexOf(next)
    if (seen !== -1) return { edges: followed, loop: followed.slice(seen) }
    followed.push(next)
  }
}
