import { SCHEMA_VERSION, type Manifest, type VariantEntry } from '../worker/contract.ts'
import { documentBlob, editInfo, navItem, resolveOverride, titleOf, type RenderedSource } from './assemble.ts'
import { BlobSet, contentHash } from './blob-set.ts'
import { linkTargets, toSourceDocuments, type SourceDocument } from './documents.ts'
import { ContentError, type ContentProblem } from './errors.ts'
import { parseDocumentFile, parseReleaseFile, type SourceFile } from './frontmatter.ts'
import type { GitHistory } from './git-history.ts'
import { buildNavigation, type NavItem } from './nav.ts'
import { buildReleases } from './releases.ts'
import { renderDocument, type LinkTargets, type RenderedDocument, type RenderInput } from './render.ts'
import { buildSearchIndex } from './search-index.ts'
import { parseSiteConfig, sectionTitle } from './site-config.ts'

/** Renders many documents at once; the CLI hands in a cached, multi-core one. */
export type RenderMany = (inputs: RenderInput[], targets: LinkTargets) => Promise<RenderedDocument[]>

export interface PipelineInput {
  siteText: string
  files: SourceFile[]
  git: GitHistory
  builtAt: string
  renderMany?: RenderMany
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
  const collect = <T>(result: { ok: true; value: T } | { ok: false; problems: ContentProblem[] }) =>
    result.ok ? [result.value] : (problems.push(...result.problems), [])

  const docFiles = input.files.filter((file) => file.path.startsWith('docs/')).flatMap((file) => collect(parseDocumentFile(file)))
  const releaseFiles = input.files.filter((file) => file.path.startsWith('releases/')).flatMap((file) => collect(parseReleaseFile(file)))
  const { documents, problems: documentProblems } = toSourceDocuments(docFiles, site)
  problems.push(...documentProblems)

  const targets = linkTargets(documents)
  const renderMany = input.renderMany ?? renderInProcess
  const rendered = await renderMany(documents.map((d) => ({ path: d.path, body: d.parsed.body, bodyLine: d.parsed.bodyLine })), targets)
  const sources: RenderedSource[] = documents.map((document, index) => {
    const output = rendered[index] as RenderedDocument
    return { ...document, rendered: output, title: titleOf(document, output) }
  })
  problems.push(...checkLinks(sources))

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
      const value = resolveOverride(source.parsed.data[key], source, byPath as Map<string, SourceDocument>, bySlug as Map<string, SourceDocument>)
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
    const chosen = [...variants.values()].flatMap((byLocale) => {
      const source = byLocale.get(locale) ?? byLocale.get(site.defaultLocale)
      return source ? [source] : []
    })
    const navOptions = {
      sectionOrder: site.sections.map((section) => section.slug),
      folderTitle: (folder: string) => sectionTitle(site, folder, locale) ?? folder.split('/').pop() ?? folder,
    }
    const items = (list: RenderedSource[]) => list.map((source) => navItems.get(source) as NavItem)
    const publicNav = buildNavigation(items(chosen.filter((source) => !source.draft)), navOptions)
    const draftNav = buildNavigation(items(chosen), navOptions)
    navigation[locale] = blobs.add(publicNav.tree)
    const entries: Record<string, VariantEntry> = {}
    for (const source of chosen) {
      const nav = (source.draft ? draftNav : publicNav).byDocId.get(source.docId)
      const translations = [...(variants.get(source.docId)?.values() ?? [])]
        .filter((variant) => source.draft || !variant.draft)
        .map((variant) => ({ locale: variant.locale, slug: variant.slug }))
      const blob = documentBlob({ requestedLocale: locale, source, nav: nav ?? emptyNav, edit: editInfo(source, site, input.git), translations })
      const hash = blobs.add(blob)
      entries[source.docId] = { blob: hash, etag: `"${hash}"`, locale: source.locale, draft: source.draft }
    }
    documentsByLocale[locale] = entries
    stats.documents[locale] = chosen.filter((source) => source.locale === locale).length
    stats.fallbacks[locale] = chosen.filter((source) => source.locale !== locale).length
    search[locale] = blobs.addText(
      buildSearchIndex(locale, chosen.map((source) => ({ ...source, sections: source.rendered.sections }))),
    )
  }

  const defaultSources = new Map(sources.filter((s) => s.locale === site.defaultLocale).map((s) => [s.slug, s]))
  const releases = buildReleases(releaseFiles, {
    render: (renderInput) => renderDocument(renderInput, targets),
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
  }
  const blobList = [...blobs.blobs.keys()].sort()
  const buildId = contentHash(JSON.stringify({ ...body, blobList })).slice(0, 16)
  const manifest: Manifest = { ...body, buildId, builtAt: input.builtAt, blobs: blobList }
  return { manifest, blobs: blobs.blobs, stats, warnings: input.git.warning ? [input.git.warning] : [] }
}

const emptyNav = { breadcrumbs: [], parent: null, siblings: [], prev: null, next: null }

function checkLinks(sources: RenderedSource[]): ContentProblem[] {
  const byUrl = new Map(sources.map((source) => [source.url, source]))
  return sources.flatMap((source) =>
    source.rendered.links.flatMap((link): ContentProblem[] => {
      if (link.url === null) return [{ path: source.path, line: link.line, message: `link "${link.href}" points at no document` }]
      const target = byUrl.get(link.url)
      if (target?.draft && !source.draft) return [{ path: source.path, line: link.line, message: `link "${link.href}" points at a draft` }]
      return []
    }),
  )
}
