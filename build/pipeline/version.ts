import type { DocsVersion } from '../../contract/index.ts'
import { SCHEMA_VERSION } from '../../contract/index.ts'
import type { DocumentFrontMatter, Parsed, ParsedFile, ReleaseFrontMatter, SourceFile } from '../content/front-matter.ts'
import type { BuildWarning, ContentProblem } from '../content/problems.ts'
import type { SiteConfig } from '../content/site-config.ts'
import type { AssetFile, GitHistory } from '../content/read-results.ts'
import type { LinkTargets } from '../markdown/link-resolution.ts'
import { partialSources } from '../markdown/mdx/partials.ts'
import { documentMarkdown, type RenderInput } from '../markdown/render.ts'
import { titleOf, type RenderedSource } from './assemble.ts'
import { assetTable } from './asset-table.ts'
import { usedAssets } from './assets.ts'
import { settleFragments } from './fragments.ts'
import { checkLinks } from './links.ts'
import { linkTable } from './link-table.ts'
import { navItems } from './nav-items.ts'
import { renderContent, renderInputsOf, type RenderedRelease, type RenderMany, type RenderOptions } from './render-all.ts'
import { addUpCodeLanguages } from './code-languages.ts'
import { documentCounts, draftCounts, routeShards } from './routes.ts'
import { type ReadDocuments, readDocuments } from './version-documents.ts'
import { buildVersionLocales, type VersionLocales, type VersionSettings } from './version-locales.ts'
import type { VersionMemo } from './reuse.ts'

/** The pages of one version, as the read stage found them (paths as under the content folder: `docs/<locale>/...`). */
export interface VersionContent {
  files: SourceFile[]
  git: GitHistory
  assets: readonly AssetFile[]
}

export interface VersionInput extends VersionContent, VersionSettings {
  /** The file the site's `sidebar` comes from when it is not site.yml's (a Docusaurus versioned sidebars file). */
  sidebarFile?: string | undefined
  /** Release notes, rendered with this version's links: given to the default version only. */
  releaseFiles: Array<ParsedFile<Partial<ReleaseFrontMatter>>>
  renderMany: RenderMany
  parseDocument?: ((file: SourceFile) => Parsed<DocumentFrontMatter>) | undefined
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
  const memo = versionMemo(input)
  const read = readDocuments(input, memo)
  const { links, assets, targets } = linkTargets(input, read, memo)
  const { rendered, fragments, sources } = await renderPages(input, read, targets, memo)
  const linkProblems = checkLinks(sources, links.draftUrls)
  const nav = navItems(sources)
  const locales = await buildVersionLocales(
    input,
    { sources, navItems: nav.items, categories: read.categories, documentPaths: read.documents.map((document) => document.path), names: read.names },
    memo,
  )
  const used = usedAssets(renderedReferences(sources, fragments.releases), assets)
  return {
    docs: docsVersionBlob(input, sources, locales, read.redirects),
    stats: {
      documents: documentCounts(locales.documentsByLocale),
      drafts: draftCounts(locales.documentsByLocale),
      fallbacks: locales.fallbacks,
      unknownCodeLanguages: addUpCodeLanguages(sources.map((source) => source.rendered.unknownCodeLanguages)),
    },
    problems: [...read.problems, ...rendered.errors, ...linkProblems.toDrafts, ...nav.problems, ...used.oversized],
    brokenLinks: [...linkProblems.broken, ...fragments.broken, ...used.missing],
    warnings: [...(input.git.warning ? [{ message: input.git.warning }] : []), ...rendered.warnings],
    releaseLinks: releaseLinksOf(sources, links.draftUrls, fragments.releases, input.site.defaultLocale),
    published: locales.published,
    assets: used,
  }
}

/** What a version's pages and release notes render from, and the targets their links resolve to, as buildVersion renders them. */
export function versionRenderInputs(input: VersionPlanInput): { inputs: Map<string, RenderInput>; targets: LinkTargets } {
  const memo = versionMemo(input)
  const read = readDocuments(input, memo)
  const { targets } = linkTargets(input, read, memo)
  return { inputs: renderInputsOf(read.documents, input.releaseFiles, renderOptionsOf(input.site, read)), targets }
}

/** What rendering a version takes of its input: its pages, its site and its release notes. */
type VersionPlanInput = Pick<VersionInput, 'files' | 'git' | 'assets' | 'site' | 'sidebarFile' | 'key' | 'releaseFiles' | 'reuse'>

function versionMemo(input: Pick<VersionInput, 'key' | 'reuse'>): VersionMemo {
  return (parts, make) => (input.reuse ? input.reuse.memo([input.key, ...parts], make) : make())
}

/** What links and file references resolve to: the link table, the asset table and the targets made of both. */
function linkTargets(input: Pick<VersionInput, 'site' | 'assets' | 'key' | 'reuse'>, { documents, redirects }: ReadDocuments, memo: VersionMemo) {
  const { site } = input
  // The link table depends on where pages are, not on their text: a long-lived build keeps it, and
  // the targets made from it, while no page is added, removed, renamed or drafted, so its renderings
  // are reused without checking each link again.
  const places = [
    ...documents.map((document) => `${document.path}\u0000${document.locale}\u0000${document.slug}\u0000${document.frameworkId}\u0000${document.draft}`),
    ...Object.entries(redirects).map(([from, docId]) => `${from}\u0000${docId}`),
  ].join('\n')
  const links = input.reuse ? input.reuse.memoWith([input.key, 'link-table'], places, () => linkTable(documents, site, redirects)) : linkTable(documents, site, redirects)
  // Kept while no file changes, so a long-lived build sees the same table and keeps its renderings.
  const assets = memo([input.assets, site.assetDirs.join('\n')], () => assetTable(input.assets as AssetFile[], site.assetDirs))
  const targets = memo([links, assets], () => ({ ...links.targets, assets: assets.targets }))
  return { links, assets, targets }
}

/** Pages and release notes rendered, their fragments settled, and each page with its title and Markdown copy. */
async function renderPages(input: VersionInput, read: ReadDocuments, targets: LinkTargets, memo: VersionMemo) {
  const { site } = input
  const { documents } = read
  const rendered = await renderContent(documents, input.releaseFiles, targets, input.renderMany, renderOptionsOf(site, read))
  const fragments = settleFragments(rendered, targets.urls, (output, key, make) => memo(['fragments', output, key], make))
  // A document is made from its parsed file and the site alone: a long-lived build keeps the
  // same object for a page whose file and rendering did not change, and later stages tell an
  // untouched page by that identity.
  const sources: RenderedSource[] = documents.map((document) => {
    const output = fragments.documents.get(document.path)
    if (!output) throw new Error(`${document.path} was not rendered`)
    return memo([document.parsed, output, site.markdown.title], () => {
      const source = { ...document, rendered: output, title: titleOf(document, output, site.markdown.title) }
      return Object.defineProperties(source, SOURCE_ACCESSORS) as RenderedSource
    })
  })
  return { rendered, fragments, sources }
}

/**
 * A page's Markdown copy, made when read: a rendering whose text waits in a file (the CLI's build) is read
 * from it then. The same accessor for every page: a literal's own getter makes each page's object a
 * dictionary in V8, several times larger (see rendering-texts.ts).
 */
const SOURCE_ACCESSORS: PropertyDescriptorMap = {
  markdown: {
    enumerable: true,
    get(this: Omit<RenderedSource, 'markdown'>) {
      return documentMarkdown(this.title, this.rendered.markdown)
    },
  },
}

function renderOptionsOf(site: SiteConfig, { docFiles, included }: Pick<ReadDocuments, 'docFiles' | 'included'>): RenderOptions {
  return { format: site.markdown.format, partials: partialSources(docFiles, included), headingIds: site.markdown.headingIds, vue: site.markdown.vue }
}

/** The DocsVersion blob, with its route shards: its hash. */
function docsVersionBlob({ site, blobs }: VersionInput, sources: RenderedSource[], locales: VersionLocales, redirects: Record<string, string>): string {
  const routes = routeShards({
    pages: sources,
    documents: locales.documentsByLocale,
    redirects: redirectTargets(redirects, sources, site.defaultLocale),
    defaultLocale: site.defaultLocale,
  })
  return blobs.add({ schemaVersion: SCHEMA_VERSION, routes: routes.map((shard) => blobs.add(shard)), ...locales.docs } satisfies DocsVersion)
}

/** What release notes need of the version they link into. */
function releaseLinksOf(sources: RenderedSource[], draftUrls: Set<string>, releases: Map<string, RenderedRelease>, defaultLocale: string): VersionOutput['releaseLinks'] {
  const defaultSources = new Map(sources.filter((s) => s.locale === defaultLocale).map((s) => [s.slug, s]))
  return {
    rendered: releases,
    draftUrls,
    related: (slug) => {
      const target = defaultSources.get(slug)
      return target && { slug: target.slug, title: target.title, url: target.url, draft: target.draft }
    },
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
