import { KV_VALUE_LIMIT, SCHEMA_VERSION, type Manifest } from '../../contract/index.ts'
import { navItem, resolveOverride, titleOf, type RenderedSource } from './assemble.ts'
import { BlobSet, contentHash } from './blob-set.ts'
import { linkTable, toSourceDocuments } from '../content/documents.ts'
import { ContentError, type ContentProblem } from '../content/problems.ts'
import { parseDocumentFile, parseReleaseFile, type SourceFile } from '../content/front-matter.ts'
import type { GitHistory } from '../git-history.ts'
import { buildLocaleView } from './locale-view.ts'
import type { NavItem } from './nav.ts'
import { cachedSearchIndex, type Memo } from './search-index.ts'
import { buildReleases, releaseRenderInputs, type ReleaseRendering } from './releases.ts'
import { renderDocument, type LinkTargets, type RenderedDocument, type RenderInput } from '../markdown/render.ts'
import { parseSiteConfig } from '../content/site-config.ts'

/** Renders many documents at once; the CLI hands in a cached, multi-core one. */
export type RenderMany = (inputs: RenderInput[], targets: LinkTargets) => Promise<RenderedDocument[]>

export interface PipelineInput {
  siteText: string
  files: SourceFile[]
  git: GitHistory
  builtAt: string
  renderMany?: RenderMany
  /** Caches search indexes between builds; the CLI hands in one on disk. */
  memo?: Memo
}

export interface BuildStats {
  documents: Record<string, number>
  fallbacks: Record<string, number>
  drafts: number
  releases: number
}

export interface PipelineOutput {
  manifest: Manifest
  blobs: Map<string, string>
  stats: BuildStats
  warnings: string[]
}

const renderInProcess: RenderMany = async (inputs, targets) => inputs.map((input) => renderDocument(input, targets))

/** read -> front matter -> render -> navigation -> index -> blobs. Throws ContentError with every problem. */
export async function runPipeline(input: PipelineInput): Promise<PipelineOutput> {
  const siteResult = parseSiteConfig(input.siteText)
  if (!siteResult.ok) throw new ContentError(siteResult.problems)
  const site = siteResult.site
  const problems: ContentProblem[] = []
  const collect = <T>(result: { value: T; problems: ContentProblem[] }) => {
    problems.push(...result.problems)
    return [result.value]
  }

  const docFiles = input.files.filter((file) => file.path.startsWith('docs/')).flatMap((file) => collect(parseDocumentFile(file)))
  const releaseFiles = input.files.filter((file) => file.path.startsWith('releases/')).flatMap((file) => collect(parseReleaseFile(file)))
  const { documents, problems: documentProblems } = toSourceDocuments(docFiles, site)
  problems.push(...documentProblems)

  const links = linkTable(documents, site)
  const targets = links.urls
  const renderMany = input.renderMany ?? renderInProcess
  const memo = input.memo ?? (async (_key: string, build: () => string) => build())
  // Documents and release notes render in one pass: one thread pool, one cache.
  const releaseInputs = releaseFiles.map(releaseRenderInputs)
  const rendered = await renderMany(
    [
      ...documents.map((d) => ({ path: d.path, body: d.parsed.body, bodyLine: d.parsed.bodyLine })),
      ...releaseInputs.flatMap(({ body, upgrade }) => (upgrade ? [body, upgrade] : [body])),
    ],
    targets,
  )
  const releasesRendered = releaseRenderings(releaseInputs, rendered.slice(documents.length))
  const sources: RenderedSource[] = documents.map((document, index) => {
    const output = rendered[index] as RenderedDocument
    return { ...document, rendered: output, title: titleOf(document, output) }
  })
  problems.push(...checkLinks(sources, links.draftUrls))

  const byPath = new Map(sources.map((source) => [source.path, source]))
  const bySlug = new Map(sources.map((source) => [source.slug, source]))
  const blobs = new BlobSet()
  const variants = new Map<string, Map<string, RenderedSource>>()
  for (const source of sources) {
    const byLocale = variants.get(source.docId) ?? new Map<string, RenderedSource>()
    variants.set(source.docId, byLocale.set(source.locale, source))
  }
  const navItems = new Map<RenderedSource, NavItem>()
  for (const source of sources) {
    const resolve = (key: 'prev' | 'next') => {
      const value = resolveOverride(source.parsed.data[key], source, byPath, bySlug)
      if (value === null) problems.push({ path: source.path, line: source.parsed.lineOf(key), message: `${key} "${String(source.parsed.data[key])}" points at no document` })
      return value ?? undefined
    }
    const prev = resolve('prev')
    const next = resolve('next')
    navItems.set(source, navItem(source, { ...(prev === undefined ? {} : { prev }), ...(next === undefined ? {} : { next }) }))
  }

  const documentsByLocale: Manifest['documents'] = {}
  const search: Manifest['search'] = {}
  const navigation: Manifest['navigation'] = {}
  const stats: BuildStats = { documents: {}, fallbacks: {}, drafts: sources.filter((s) => s.draft).length, releases: releaseFiles.length }
  for (const locale of site.locales) {
    const view = buildLocaleView({ locale, site, variants, navItems, git: input.git, blobs })
    documentsByLocale[locale] = view.documents
    navigation[locale] = view.navigation
    const built = await cachedSearchIndex(locale, view.indexed, memo)
    for (const chunk of built.displayChunks) blobs.addText(chunk)
    search[locale] = blobs.addText(built.index)
    stats.documents[locale] = view.translated
    stats.fallbacks[locale] = view.fallbacks
  }

  const defaultSources = new Map(sources.filter((s) => s.locale === site.defaultLocale).map((s) => [s.slug, s]))
  const releases = buildReleases(releaseFiles, {
    rendered: releasesRendered,
    related: (slug) => {
      const target = defaultSources.get(slug)
      return target && { slug: target.slug, title: target.title, url: target.url, draft: target.draft }
    },
  })
  problems.push(...releases.problems)
  if (problems.length > 0) throw new ContentError(problems)

  const slugs = Object.fromEntries(sources.map((source) => [source.slug, source.docId]))
  const localizedSlugs = Object.fromEntries(
    sources.filter((source) => source.slug !== source.docId).map((source) => [source.slug, source.locale]),
  )
  const body = {
    schemaVersion: SCHEMA_VERSION,
    commit: input.git.head,
    site: { title: site.title, defaultLocale: site.defaultLocale, locales: site.locales, baseUrl: site.baseUrl },
    slugs,
    localizedSlugs,
    documents: documentsByLocale,
    search,
    navigation,
    releases: blobs.add(releases.releases),
    releaseStreams: releases.releases.streams.map((stream) => stream.name),
  }
  const blobList = [...blobs.blobs.keys()].sort()
  const buildId = contentHash(JSON.stringify({ ...body, blobList })).slice(0, 16)
  const manifest: Manifest = { ...body, buildId, builtAt: input.builtAt, blobs: blobList }
  const oversized = [...blobs.blobs].filter(([, text]) => Buffer.byteLength(text) > KV_VALUE_LIMIT)
  const warnings = [
    ...(input.git.warning ? [input.git.warning] : []),
    ...oversized.map(([hash, text]) => `blob ${hash} is ${(Buffer.byteLength(text) / 2 ** 20).toFixed(1)} MiB, over the 25 MiB KV limit: publishing will refuse it`),
  ]
  return { manifest, blobs: blobs.blobs, stats, warnings }
}

function checkLinks(sources: RenderedSource[], draftUrls: Set<string>): ContentProblem[] {
  return sources.flatMap((source) =>
    source.rendered.links.flatMap((link): ContentProblem[] => {
      if (link.url === null) return [{ path: source.path, line: link.line, message: `link "${link.href}" points at no document` }]
      if (draftUrls.has(link.url) && !source.draft) return [{ path: source.path, line: link.line, message: `link "${link.href}" points at a draft` }]
      return []
    }),
  )
}

/** Pairs the flat render outputs back with each release's body and upgrade notes. */
function releaseRenderings(inputs: Array<ReleaseRendering<RenderInput>>, outputs: RenderedDocument[]): Array<ReleaseRendering<RenderedDocument>> {
  let next = 0
  const take = () => outputs[next++] as RenderedDocument
  return inputs.map(({ upgrade }) => ({ body: take(), upgrade: upgrade ? take() : null }))
}
