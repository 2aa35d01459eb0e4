import type { BlobList, Manifest } from '../../contract/index.ts'
import { folderInfoOf, isCategoryFile, parseCategoryFile } from '../content/categories.ts'
import { linkTable, toSourceDocuments } from '../content/documents.ts'
import { frontMatterRedirectSources, gitRenameSources, liveSlugsOf, resolveRedirects, siteRedirectSources } from '../content/redirects.ts'
import { parseDocumentFile, parseReleaseFile, type SourceFile } from '../content/front-matter.ts'
import { byPlace, ContentError, type BuildWarning, type ContentProblem } from '../content/problems.ts'
import { parseSiteConfig } from '../content/site-config.ts'
import type { GitHistory } from '../git-history.ts'
import type { AssetFile } from '../read-assets.ts'
import { titleOf, type RenderedSource } from './assemble.ts'
import { assetIndexOf, assetTable, type AssetBlob } from './asset-table.ts'
import { usedAssets } from './assets.ts'
import { BlobSet, contentHash } from './blob-set.ts'
import { checkLinks } from './links.ts'
import { buildLocaleView } from './locale-view.ts'
import { buildManifest, oversizedBlobWarnings } from './manifest.ts'
import { documentCounts, draftCounts, routeShards, type LocaleDocuments } from './routes.ts'
import { navItems } from './nav-items.ts'
import { checkSidebar, sidebarNames } from './nav-layout.ts'
import { buildReleases } from './releases.ts'
import { sectionTitles, type SectionPage } from './section-titles.ts'
import { partialSources } from '../markdown/mdx/partials.ts'
import { documentMarkdown } from '../markdown/render.ts'
import { localeLlms } from './locale-llms.ts'
import { LlmsParts } from './llms-parts.ts'
import { LLMS_FULL_PART_BYTES } from './llms.ts'
import { renderContent, renderInProcess, type RenderedRelease, type RenderMany } from './render-all.ts'
import { cachedSearchIndex, SearchIndexes, type Memo } from './search-index.ts'
import type { KeyPart, Reuse } from './reuse.ts'

export interface PipelineInput {
  siteText: string
  files: SourceFile[]
  git: GitHistory
  builtAt: string
  renderMany?: RenderMany
  /** Caches search indexes between builds; the CLI hands in one on disk. */
  memo?: Memo
  /** Largest part of llms-full.txt, in bytes. */
  llmsPartBytes?: number
  /** What the previous run of a long-lived build made; `files` it did not see again must be new objects. */
  reuse?: Reuse
  /** Takes each blob as it is made, instead of the output's `blobs` (the one-shot build streams them to disk). */
  onBlob?: (hash: string, text: string) => void
  /** Files pages may reference (read.ts reads them); only those referenced are published. */
  assets?: AssetFile[]
  /** Takes each published asset as it is made, instead of the output's `assets`. */
  onAsset?: (asset: AssetBlob) => void
}

export interface BuildStats {
  /** Per locale, the published documents written in it: the counts of /v1/status (see documentCounts). */
  documents: Record<string, number>
  /** Per locale, the drafts written in it. */
  drafts: Record<string, number>
  /** Per locale, the default-locale pages it shows for want of a translation. */
  fallbacks: Record<string, number>
  releases: number
}

export interface PipelineOutput {
  manifest: Manifest
  /** Every blob hash of the build, which publishing stores beside the manifest. */
  blobList: BlobList
  /** The text of every blob this run made (all of them, unless a Reuse let it skip some), unless `onBlob` took them. */
  blobs: Map<string, string>
  /** The files this build publishes, by hash, unless `onAsset` took them. */
  assets: Map<string, AssetBlob>
  stats: BuildStats
  warnings: BuildWarning[]
}

/** front matter -> render -> links -> navigation -> locale views and indexes -> releases -> manifest. */
export async function runPipeline(input: PipelineInput): Promise<PipelineOutput> {
  const siteResult = parseSiteConfig(input.siteText)
  if (!siteResult.ok) throw new ContentError(siteResult.problems)
  const site = siteResult.site
  const problems: ContentProblem[] = []
  const collect = <T>(result: { value: T; problems: ContentProblem[] }): T[] => {
    problems.push(...result.problems)
    return [result.value]
  }

  const memo = <T>(parts: KeyPart[], make: () => T): T => (input.reuse ? input.reuse.memo(parts, make) : make())
  const docFiles = input.files
    .filter((file) => file.path.startsWith('docs/') && !isCategoryFile(file.path))
    .flatMap((file) => collect(memo([file], () => parseDocumentFile(file))))
  const categories = input.files.filter((file) => isCategoryFile(file.path)).flatMap((file) => collect(parseCategoryFile(file)).filter((c) => c !== null))
  const releaseFiles = input.files.filter((file) => file.path.startsWith('releases/')).flatMap((file) => collect(memo([file], () => parseReleaseFile(file))))
  const { documents, problems: documentProblems } = toSourceDocuments(docFiles, site)
  problems.push(...documentProblems)
  const redirectSources = [...frontMatterRedirectSources(documents), ...siteRedirectSources(site), ...gitRenameSources(input.git.renames, documents)]
  const redirects = resolveRedirects({ sources: redirectSources, liveSlugs: liveSlugsOf(documents) })
  problems.push(...redirects.problems)
  const names = sidebarNames(documents, site.defaultLocale)
  const docIdOf = (name: string) => names.get(name)
  if (site.sidebar) problems.push(...checkSidebar(site.sidebar, { docIdOf, docIds: documents.map((document) => document.docId) }))
  // The link table depends on where pages are, not on their text: a long-lived build keeps it, and
  // the targets made from it, while no page is added, removed, renamed or drafted, so its renderings
  // are reused without checking each link again.
  const places = documents.map((document) => `${document.path}\u0000${document.locale}\u0000${document.slug}\u0000${document.frameworkId}\u0000${document.draft}`).join('\n')
  const links = input.reuse ? input.reuse.memoWith(['link-table'], places, () => linkTable(documents, site)) : linkTable(documents, site)
  const assetFiles = input.assets ?? NO_ASSET_FILES
  // Kept while no file changes, so a long-lived build sees the same table and keeps its renderings.
  const assets = memo([assetFiles, site.assetDirs.join('\n')], () => assetTable(assetFiles, site.assetDirs))
  const targets = memo([links, assets], () => ({ ...links.targets, assets: assets.targets }))
  const rendered = await renderContent(documents, releaseFiles, targets, input.renderMany ?? renderInProcess, {
    format: site.markdown.format,
    partials: partialSources(docFiles),
  })
  problems.push(...rendered.errors)
  const sources: RenderedSource[] = documents.map((document) => {
    const output = rendered.documents.get(document.path)
    if (!output) throw new Error(`${document.path} was not rendered`)
    const title = titleOf(document, output)
    return { ...document, rendered: output, title, markdown: memo([document.parsed, output], () => documentMarkdown(title, output.markdown)) }
  })
  const linkProblems = checkLinks(sources, links.draftUrls)
  problems.push(...linkProblems.toDrafts)
  const nav = navItems(sources)
  problems.push(...nav.problems)

  const blobs = new BlobSet({ reuse: input.reuse, onBlob: input.onBlob, onAsset: input.onAsset })
  const variants = new Map<string, Map<string, RenderedSource>>()
  for (const source of sources) variants.set(source.docId, (variants.get(source.docId) ?? new Map()).set(source.locale, source))
  const documentsByLocale: LocaleDocuments = {}
  const search: Manifest['search'] = {}
  const navigation: Manifest['navigation'] = {}
  const llms: Manifest['llms'] = {}
  const fallbacks: BuildStats['fallbacks'] = {}
  const publishedByLocale: Record<string, SectionPage[]> = {}
  // One builder per locale sharing tokens; a long-lived build keeps them, to patch each index.
  const searchIndexes = memo(['search-indexes'], () => new SearchIndexes({ keepBuilders: input.reuse !== undefined }))
  const documentPaths = documents.map((document) => document.path)
  // Folder labels and orders come from the category files and the folders' names.
  const foldersKey = JSON.stringify([categories, documentPaths, site.sidebar ? [...names] : []])
  for (const locale of site.locales) {
    const folders = { info: folderInfoOf(categories, documentPaths, locale, { defaultLocale: site.defaultLocale, docIdOf }), key: foldersKey }
    const view = buildLocaleView({ locale, site, variants, navItems: nav.items, folders, docIdOf, git: input.git, blobs, reuse: input.reuse })
    documentsByLocale[locale] = view.documents
    navigation[locale] = view.navigation
    publishedByLocale[locale] = view.published
    const files = localeLlms(site, locale, view.publicTree, view.published)
    const parts = memo(['llms-parts', locale], () => new LlmsParts()).update(files.pages, input.llmsPartBytes ?? LLMS_FULL_PART_BYTES, (text) => {
      const json = JSON.stringify(text)
      return { json, hash: contentHash(json) }
    })
    const full = parts.map(({ json, hash }) => blobs.addText(json, hash))
    llms[locale] = { index: blobs.add(files.index), full, fullEtag: contentHash(full.join('\n')) }
    const index = await cachedSearchIndex(locale, view.indexed, { synonyms: site.search.synonyms }, input.memo, searchIndexes)
    index.displayChunks.forEach((chunk, position) => blobs.addText(chunk, index.displayChunkHashes?.[position]))
    search[locale] = blobs.addText(index.index)
    fallbacks[locale] = view.fallbacks
  }

  const defaultSources = new Map(sources.filter((s) => s.locale === site.defaultLocale).map((s) => [s.slug, s]))
  const releases = buildReleases(releaseFiles, {
    rendered: rendered.releases,
    draftUrls: links.draftUrls,
    related: (slug) => {
      const target = defaultSources.get(slug)
      return target && { slug: target.slug, title: target.title, url: target.url, draft: target.draft }
    },
  })
  problems.push(...releases.problems)
  const used = usedAssets(renderedReferences(sources, rendered.releases), assets)
  problems.push(...used.oversized)
  const brokenLinks = [...linkProblems.broken, ...releases.brokenLinks, ...used.missing].sort(byPlace)
  if (site.links === 'error') problems.push(...brokenLinks)
  if (problems.length > 0) throw new ContentError(problems)

  for (const blob of used.blobs) blobs.addAsset(blob)
  const routes = routeShards({ pages: sources, documents: documentsByLocale, redirects: redirectTargets(redirects.redirects, sources, site.defaultLocale) })
  const stats: BuildStats = { documents: documentCounts(documentsByLocale), drafts: draftCounts(documentsByLocale), fallbacks, releases: releaseFiles.length }
  const { manifest, blobList } = buildManifest({
    site,
    sections: sectionTitles(site, publishedByLocale),
    commit: input.git.head,
    builtAt: input.builtAt,
    routes: routes.map((shard) => blobs.add(shard)),
    documentCounts: stats.documents,
    search,
    navigation,
    llms,
    releases: blobs.add(releases.releases),
    releaseStreams: releases.releases.streams.map((stream) => stream.name),
    assets: blobs.add(assetIndexOf(used.blobs)),
    blobs: blobs.hashes,
  })
  const warnings: BuildWarning[] = [
    ...(input.git.warning ? [{ message: input.git.warning }] : []),
    ...(site.links === 'warn' ? brokenLinks : []),
    ...rendered.warnings,
    ...oversizedBlobWarnings(blobs.oversized).map((message) => ({ message })),
  ]
  return { manifest, blobList, blobs: blobs.blobs, assets: blobs.assets, stats, warnings }
}

const NO_ASSET_FILES: readonly AssetFile[] = Object.freeze([])

/** Every file reference of the rendered pages and release notes, with the file it is in. */
function renderedReferences(sources: RenderedSource[], releases: Map<string, RenderedRelease>) {
  return [
    ...sources.map((source) => ({ path: source.path, assets: source.rendered.assets })),
    ...[...releases].flatMap(([path, release]) => [release.body, ...(release.upgrade ? [release.upgrade] : [])].map((output) => ({ path, assets: output.assets }))),
  ]
}

/** Redirects lead to the default-locale slug of their document: its URL, whatever a front matter `slug:` made it. */
function redirectTargets(toDocument: Record<string, string>, sources: RenderedSource[], defaultLocale: string): Record<string, string> {
  const slugOf = new Map(sources.filter((source) => source.locale === defaultLocale).map((source) => [source.docId, source.slug]))
  return Object.fromEntries(Object.entries(toDocument).map(([from, docId]) => [from, slugOf.get(docId) ?? docId]))
}
