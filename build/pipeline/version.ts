import type { DocsVersion } from '../../contract/index.ts'
import { SCHEMA_VERSION } from '../../contract/index.ts'
import { folderInfoOf, folderNumberPrefixes, isCategoryFile, parseCategoryFile } from '../content/categories.ts'
import { toSourceDocuments } from '../content/documents.ts'
import { frontMatterRedirectSources, gitRenameSources, liveSlugsOf, resolveRedirects, siteRedirectSources } from '../content/redirects.ts'
import { parseDocumentFile, type DocumentFrontMatter, type ParsedFile, type ReleaseFrontMatter, type SourceFile } from '../content/front-matter.ts'
import type { BuildWarning, ContentProblem } from '../content/problems.ts'
import type { SiteConfig } from '../content/site-config.ts'
import type { AssetFile, GitHistory } from '../content/read-results.ts'
import { includedFiles } from '../markdown/includes/included-files.ts'
import { partialSources } from '../markdown/mdx/partials.ts'
import { documentMarkdown } from '../markdown/render.ts'
import { titleOf, type RenderedSource } from './assemble.ts'
import { assetTable } from './asset-table.ts'
import { usedAssets } from './assets.ts'
import { contentHash, type BlobSet } from './blob-set.ts'
import { settleFragments } from './fragments.ts'
import { checkLinks } from './links.ts'
import { linkTable } from './link-table.ts'
import { LlmsParts } from './llms-parts.ts'
import { LLMS_FULL_PART_BYTES } from './llms.ts'
import { llmsLayout, llmsPages, sameLlmsLayout } from './locale-llms.ts'
import { buildLocaleView } from './locale-view.ts'
import { navItems } from './nav-items.ts'
import { checkSidebar, sidebarNames } from './nav-layout.ts'
import { renderContent, type RenderedRelease, type RenderMany } from './render-all.ts'
import type { KeyPart, Reuse } from './reuse.ts'
import { addUpCodeLanguages } from './code-languages.ts'
import { documentCounts, draftCounts, routeShards, type LocaleDocuments } from './routes.ts'
import { cachedSearchIndex, SearchIndexes, type Memo } from './search-index.ts'

/** The pages of one version, as the read stage found them (paths as under the content folder: `docs/<locale>/...`). */
export interface VersionContent {
  files: SourceFile[]
  git: GitHistory
  assets: readonly AssetFile[]
}

export interface VersionInput extends VersionContent {
  /** The site as this version's pages see it: its `baseUrl` and `urlVersion` give the version's URLs. */
  site: SiteConfig
  /** The file the site's `sidebar` comes from when it is not site.yml's (a Docusaurus versioned sidebars file). */
  sidebarFile?: string | undefined
  /** Separates this version's kept values from the others' in a long-lived build. */
  key: string
  /** Release notes, rendered with this version's links: given to the default version only. */
  releaseFiles: Array<ParsedFile<Partial<ReleaseFrontMatter>>>
  renderMany: RenderMany
  blobs: BlobSet
  memo?: Memo | undefined
  reuse?: Reuse | undefined
  llmsPartBytes?: number | undefined
  /** Index builders shared with the versions built before, which this one patches (a one-shot build of several versions). */
  searchIndexes?: SearchIndexes | undefined
}

export interface VersionOutput {
  /** The DocsVersion blob's hash. */
  docs: string
  /** Per locale: published pages written in it (as /v1/status counts them), drafts, and pages shown for want of a translation. */
  stats: { documents: Record<string, number>; drafts: Record<string, number>; fallbacks: Record<string, number>; unknownCodeLanguages: Record<string, number> }
  problems: ContentProblem[]
  /** Broken links and missing assets: problems, or warnings under `links: warn`. */
  brokenLinks: ContentProblem[]
  warnings: BuildWarning[]
  /** What release notes need of the version they link into. */
  releaseLinks: {
    rendered: Map<string, RenderedRelease>
    draftUrls: Set<string>
    related: (slug: string) => { slug: string; title: string; url: string; draft: boolean } | undefined
  }
  /** Per locale, the pages it publishes (sections take their titles from them). */
  published: Record<string, RenderedSource[]>
  /** Every file the version's pages and release notes reference. */
  assets: ReturnType<typeof usedAssets>
}

/** front matter -> render -> links -> navigation -> locale views and indexes -> routes, for one version. */
export async function buildVersion(input: VersionInput): Promise<VersionOutput> {
  const { site, blobs } = input
  const problems: ContentProblem[] = []
  const collect = <T>(result: { value: T; problems: ContentProblem[] }): T[] => {
    problems.push(...result.problems)
    return [result.value]
  }
  const memo = <T>(parts: KeyPart[], make: () => T): T => (input.reuse ? input.reuse.memo([input.key, ...parts], make) : make())
  const docFiles: Array<ParsedFile<DocumentFrontMatter>> = input.files
    .filter((file) => file.path.startsWith('docs/') && !isCategoryFile(file.path))
    .flatMap((file) => collect(memo([file], () => parseDocumentFile(file))))
  const categories = input.files.filter((file) => isCategoryFile(file.path)).flatMap((file) => collect(parseCategoryFile(file)).filter((c) => c !== null))
  const included = includedFiles(docFiles, site.locales)
  const { documents, problems: documentProblems } = toSourceDocuments(
    docFiles.filter(({ file }) => !included.has(file.path)),
    site,
  )
  problems.push(...documentProblems)
  const redirectSources = [...frontMatterRedirectSources(documents), ...siteRedirectSources(site), ...gitRenameSources(input.git.renames, documents)]
  const redirects = resolveRedirects({ sources: redirectSources, liveSlugs: liveSlugsOf(documents) })
  problems.push(...redirects.problems)
  const names = sidebarNames(documents, site.defaultLocale)
  const docIdOf = (name: string) => names.get(name)
  if (site.sidebar)
    problems.push(...checkSidebar(site.sidebar, { docIdOf, docIds: documents.map((document) => document.docId), ...(input.sidebarFile ? { file: input.sidebarFile } : {}) }))
  // The link table depends on where pages are, not on their text: a long-lived build keeps it, and
  // the targets made from it, while no page is added, removed, renamed or drafted, so its renderings
  // are reused without checking each link again.
  const places = [
    ...documents.map((document) => `${document.path}\u0000${document.locale}\u0000${document.slug}\u0000${document.frameworkId}\u0000${document.draft}`),
    ...Object.entries(redirects.redirects).map(([from, docId]) => `${from}\u0000${docId}`),
  ].join('\n')
  const links = input.reuse
    ? input.reuse.memoWith([input.key, 'link-table'], places, () => linkTable(documents, site, redirects.redirects))
    : linkTable(documents, site, redirects.redirects)
  // Kept while no file changes, so a long-lived build sees the same table and keeps its renderings.
  const assets = memo([input.assets, site.assetDirs.join('\n')], () => assetTable(input.assets as AssetFile[], site.assetDirs))
  const targets = memo([links, assets], () => ({ ...links.targets, assets: assets.targets }))
  const rendered = await renderContent(documents, input.releaseFiles, targets, input.renderMany, {
    format: site.markdown.format,
    partials: partialSources(docFiles, included),
    headingIds: site.markdown.headingIds,
    vue: site.markdown.vue,
  })
  problems.push(...rendered.errors)
  const fragments = settleFragments(rendered, targets.urls, (output, key, make) => memo(['fragments', output, key], make))
  // A document is made from its parsed file and the site alone: a long-lived build keeps the
  // same object for a page whose file and rendering did not change, and later stages tell an
  // untouched page by that identity.
  const sources: RenderedSource[] = documents.map((document) => {
    const output = fragments.documents.get(document.path)
    if (!output) throw new Error(`${document.path} was not rendered`)
    return memo([document.parsed, output, site.markdown.title], () => {
      const title = titleOf(document, output, site.markdown.title)
      return { ...document, rendered: output, title, markdown: documentMarkdown(title, output.markdown) }
    })
  })
  const linkProblems = checkLinks(sources, links.draftUrls)
  problems.push(...linkProblems.toDrafts)
  const nav = navItems(sources)
  problems.push(...nav.problems)

  const variants = new Map<string, Map<string, RenderedSource>>()
  for (const source of sources) variants.set(source.docId, (variants.get(source.docId) ?? new Map()).set(source.locale, source))
  const documentsByLocale: LocaleDocuments = {}
  const docs: Omit<DocsVersion, 'routes' | 'schemaVersion'> = { search: {}, navigation: {}, llms: {} }
  const published: Record<string, RenderedSource[]> = {}
  const fallbacks: Record<string, number> = {}
  // One builder per locale sharing tokens; a long-lived build keeps them, to patch each index.
  const searchIndexes = input.searchIndexes ?? memo(['search-indexes'], () => new SearchIndexes({ keepBuilders: input.reuse !== undefined }))
  const documentPaths = documents.map((document) => document.path)
  // Folder labels and orders come from the category files and the folders' names.
  const foldersKey = JSON.stringify([categories, documentPaths, site.sidebar ? [...names] : []])
  const prefixes = input.reuse ? input.reuse.memoWith([input.key, 'folder-prefixes'], foldersKey, () => folderNumberPrefixes(documentPaths)) : folderNumberPrefixes(documentPaths)
  for (const locale of site.locales) {
    const folders = { info: folderInfoOf(categories, prefixes, locale, { defaultLocale: site.defaultLocale, docIdOf }), key: foldersKey }
    const view = buildLocaleView({ locale, site, variants, navItems: nav.items, folders, docIdOf, git: input.git, blobs, reuse: input.reuse, reuseKey: input.key })
    documentsByLocale[locale] = view.documents
    docs.navigation[locale] = view.navigation
    published[locale] = view.published
    // The order of llms-full.txt and the text of llms.txt come from the public sidebar and what
    // it says of each page: kept while the sidebar is the same object and its pages say the same.
    const { publicTree, published: listed } = view
    const layout = input.reuse
      ? input.reuse.memoIf(
          ['llms', input.key, locale],
          { publicTree, listed },
          (kept) => kept.publicTree === publicTree && sameLlmsLayout(kept.listed, listed),
          () => llmsLayout(site, locale, publicTree, listed),
        )
      : llmsLayout(site, locale, publicTree, listed)
    const files = llmsPages(layout, listed)
    const parts = memo(['llms-parts', locale], () => new LlmsParts()).update(files.pages, input.llmsPartBytes ?? LLMS_FULL_PART_BYTES, (text) => {
      const json = JSON.stringify(text)
      return { json, hash: contentHash(json) }
    })
    const full = parts.map(({ json, hash }) => (json === undefined ? blobs.addMade(hash) : blobs.addText(json, hash)))
    docs.llms[locale] = { index: blobs.addFrom([layout, 'llms.txt'], () => layout.index), full, fullEtag: contentHash(full.join('\n')) }
    const index = await cachedSearchIndex(locale, view.indexed, { synonyms: site.search.synonyms }, input.memo, searchIndexes)
    index.displayChunks.forEach((chunk, position) => {
      blobs.addText(chunk, index.displayChunkHashes?.[position])
    })
    docs.search[locale] = blobs.addText(index.index)
    fallbacks[locale] = view.fallbacks
  }

  const used = usedAssets(renderedReferences(sources, fragments.releases), assets)
  problems.push(...used.oversized)
  const routes = routeShards({
    pages: sources,
    documents: documentsByLocale,
    redirects: redirectTargets(redirects.redirects, sources, site.defaultLocale),
    defaultLocale: site.defaultLocale,
  })
  const defaultSources = new Map(sources.filter((s) => s.locale === site.defaultLocale).map((s) => [s.slug, s]))
  return {
    docs: blobs.add({ schemaVersion: SCHEMA_VERSION, routes: routes.map((shard) => blobs.add(shard)), ...docs } satisfies DocsVersion),
    stats: {
      documents: documentCounts(documentsByLocale),
      drafts: draftCounts(documentsByLocale),
      fallbacks,
      unknownCodeLanguages: addUpCodeLanguages(sources.map((source) => source.rendered.unknownCodeLanguages)),
    },
    problems,
    brokenLinks: [...linkProblems.broken, ...fragments.broken, ...used.missing],
    warnings: [...(input.git.warning ? [{ message: input.git.warning }] : []), ...rendered.warnings],
    releaseLinks: {
      rendered: fragments.releases,
      draftUrls: links.draftUrls,
      related: (slug) => {
        const target = defaultSources.get(slug)
        return target && { slug: target.slug, title: target.title, url: target.url, draft: target.draft }
      },
    },
    published,
    assets: used,
  }
}

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
