import { versionBaseUrl, type BlobList, type Manifest } from '../../contract/index.ts'
import { parseReleaseFile, type SourceFile } from '../content/front-matter.ts'
import { byPlace, ContentError, type BuildWarning, type ContentProblem } from '../content/problems.ts'
import { parseSiteConfig, type SiteConfig } from '../content/site-config.ts'
import type { VersionConfig } from '../content/versions-config.ts'
import { versionSidebar, type SidebarFile } from '../content/versioned-sidebar.ts'
import type { GitHistory } from '../git-history.ts'
import type { AssetFile } from '../read-assets.ts'
import { assetIndexOf, type AssetBlob } from './asset-table.ts'
import { BlobSet } from './blob-set.ts'
import { buildManifest, oversizedBlobWarnings } from './manifest.ts'
import { buildReleases } from './releases.ts'
import { sectionTitles, type SectionPage } from './section-titles.ts'
import { renderInProcess, type RenderMany } from './render-all.ts'
import type { KeyPart, Reuse } from './reuse.ts'
import { SearchIndexes, type Memo } from './search-index.ts'
import { keptVersion, keptVersionKey, keepVersion, type KeptVersionStore, type VersionResult } from './kept-versions.ts'
import { buildVersion, type VersionContent, type VersionInput, type VersionOutput } from './version.ts'

export interface PipelineInput {
  siteText: string
  files: SourceFile[]
  git: GitHistory
  builtAt: string
  renderMany?: RenderMany
  /** A renderer per version, instead of `renderMany` (a long-lived build keeps each version's renderings apart). */
  renderManyOf?: (version: string) => RenderMany
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
  /** Reads the pages of a version kept in a folder or at a git ref (read-versions.ts), when the pipeline comes to it. */
  readVersion?: (name: string) => Promise<VersionSourceContent>
  /** What earlier builds made of each archived version, and a way to put a blob an earlier build wrote in place again. */
  keptVersions?: { store: KeptVersionStore; placeBlob: (hash: string) => boolean }
}

/** A version's pages as read from elsewhere than the content folder, and how to name their files in problems. */
export interface VersionSourceContent extends VersionContent {
  /** The file's real place (`versioned_docs/version-1.x/intro.md`) for a path the pipeline sees (`docs/en/intro.md`). */
  origin: (path: string) => string
  /** Names the content whole (a commit, or a hash of a folder's files): the same fingerprint, the same output. */
  fingerprint: string
  /** The version's own sidebars file (Docusaurus's `versioned_sidebars/`), used when site.yml has no `sidebar:`. */
  sidebar?: SidebarFile | undefined
}

export interface BuildStats {
  /** Per locale, the published documents written in it: the counts of /v1/status (see documentCounts). */
  documents: Record<string, number>
  /** Per locale, the drafts written in it. */
  drafts: Record<string, number>
  /** Per locale, the default-locale pages it shows for want of a translation. */
  fallbacks: Record<string, number>
  releases: number
  /** Per version name, per locale, its published pages written in the locale; empty on a site without versions. */
  versions: Record<string, Record<string, number>>
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

/** The one version of a site without `versions`. */
const UNNAMED: VersionConfig = { name: '', label: null, status: 'current', aliases: ['latest'], source: { kind: 'current' }, line: 1 }

/**
 * site.yml -> each version in turn (versions.ts: pages to route shards) ->
 * releases -> assets -> manifest. Versions are built one after another, so
 * the memory a build needs does not grow with their number.
 */
export async function runPipeline(input: PipelineInput): Promise<PipelineOutput> {
  const siteResult = parseSiteConfig(input.siteText)
  if (!siteResult.ok) throw new ContentError(siteResult.problems)
  const site = siteResult.site
  const problems: ContentProblem[] = []
  const memo = <T>(parts: KeyPart[], make: () => T): T => (input.reuse ? input.reuse.memo(parts, make) : make())
  const releaseFiles = input.files.filter((file) => file.path.startsWith('releases/')).flatMap((file) => {
    const parsed = memo([file], () => parseReleaseFile(file))
    problems.push(...parsed.problems)
    return [parsed.value]
  })

  const blobs = new BlobSet({ reuse: input.reuse, onBlob: input.onBlob, onAsset: input.onAsset })
  const configured = site.versions.length > 0 ? site.versions : [UNNAMED]
  const stats: BuildStats = { documents: {}, drafts: {}, fallbacks: {}, releases: releaseFiles.length, versions: {} }
  const versions: Manifest['versions'] = []
  const brokenLinks: ContentProblem[] = []
  const warnings: BuildWarning[] = []
  const usedAssets = new Map<string, AssetBlob>()
  let releaseLinks: Awaited<ReturnType<typeof buildVersion>>['releaseLinks'] | undefined
  let sectionPages: Record<string, SectionPage[]> = {}
  // A one-shot build of several versions patches each locale's index from the version before,
  // as versions share most pages; a long-lived build keeps builders per version instead.
  const sharedIndexes = !input.reuse && configured.length > 1 ? new SearchIndexes({ keepBuilders: true }) : undefined
  for (const version of configured) {
    const isDefault = version.aliases.includes('latest')
    const content = version.source.kind === 'current' ? { files: input.files, git: input.git, assets: input.assets ?? NO_ASSET_FILES, origin: samePath } : await input.readVersion?.(version.name)
    if (!content) throw new Error(`version "${version.name}" has no reader`)
    const name = version === UNNAMED ? null : version.name
    const own = site.sidebar ? { sidebar: null, problems: [] } : versionSidebar('sidebar' in content ? content.sidebar : undefined)
    problems.push(...own.problems)
    const versionSite: SiteConfig = { ...site, baseUrl: versionBaseUrl(site.baseUrl, name, isDefault), urlVersion: isDefault ? null : name, sidebar: own.sidebar ?? site.sidebar }
    const versionInput: VersionInput = {
      ...content,
      site: versionSite,
      key: version.name,
      sidebarFile: own.sidebar && 'sidebar' in content ? content.sidebar?.path : undefined,
      // Release notes link into the default version.
      releaseFiles: isDefault ? releaseFiles : [],
      renderMany: input.renderManyOf?.(version.name) ?? input.renderMany ?? renderInProcess,
      blobs,
      memo: input.memo,
      reuse: input.reuse,
      llmsPartBytes: input.llmsPartBytes,
      searchIndexes: sharedIndexes,
    }
    // The default version also renders the release notes, so only the others are kept between builds.
    const archived = !isDefault && 'fingerprint' in content ? content.fingerprint : null
    const built: VersionResult & Partial<Pick<VersionOutput, 'releaseLinks' | 'published'>> = archived === null || !input.keptVersions ? withAssetList(await buildVersion(versionInput)) : await buildOrKeep(versionInput, input.keptVersions, keptVersionKey({ store: input.keptVersions.store, siteText: input.siteText, name: version.name, fingerprint: archived, llmsPartBytes: input.llmsPartBytes }))
    const located = <T extends { path: string }>(problem: T): T => ({ ...problem, path: content.origin(problem.path) })
    problems.push(...built.problems.map(located))
    brokenLinks.push(...built.brokenLinks.map(located))
    warnings.push(...built.warnings.map((warning) => ('path' in warning ? located(warning) : warning)))
    for (const blob of built.assets) usedAssets.set(blob.hash, blob)
    if (isDefault) {
      releaseLinks = built.releaseLinks
      sectionPages = built.published ?? {}
    }
    if (isDefault) Object.assign(stats, built.stats)
    if (name !== null) stats.versions[name] = built.stats.documents
    versions.push({ name, label: version.label, status: version.status, aliases: version.aliases, documentCounts: built.stats.documents, docs: built.docs })
  }
  if (!releaseLinks) throw new Error('no version is the default')

  const releases = buildReleases(releaseFiles, { ...releaseLinks, docsVersions: site.versions.map((version) => version.name) })
  problems.push(...releases.problems)
  brokenLinks.push(...releases.brokenLinks)
  brokenLinks.sort(byPlace)
  if (site.links === 'error') problems.push(...brokenLinks)
  if (problems.length > 0) throw new ContentError(problems)

  for (const blob of usedAssets.values()) blobs.addAsset(blob)
  const { manifest, blobList } = buildManifest({
    site,
    sections: sectionTitles(site, sectionPages),
    commit: input.git.head,
    builtAt: input.builtAt,
    versions,
    releases: blobs.add(releases.releases),
    releaseStreams: releases.releases.streams.map((stream) => stream.name),
    assets: blobs.add(assetIndexOf([...usedAssets.values()])),
    blobs: blobs.hashes,
  })
  return {
    manifest,
    blobList,
    blobs: blobs.blobs,
    assets: blobs.assets,
    stats,
    warnings: [...dedupeMessages(warnings), ...(site.links === 'warn' ? brokenLinks : []), ...oversizedBlobWarnings(blobs.oversized).map((message) => ({ message }))],
  }
}

const NO_ASSET_FILES: readonly AssetFile[] = Object.freeze([])

/** An archived version as an earlier build made it, its blobs put in place again; else built, and kept for the next build. */
async function buildOrKeep(input: VersionInput, kept: NonNullable<PipelineInput['keptVersions']>, key: string): Promise<VersionResult> {
  const found = await keptVersion(kept.store, key, { content: input, site: input.site, placeBlob: kept.placeBlob })
  if (found) {
    for (const hash of found.blobs) input.blobs.adopt(hash)
    return found
  }
  const used = input.blobs.track()
  const result = withAssetList(await buildVersion(input))
  input.blobs.endTracking()
  await keepVersion(kept.store, key, result, used)
  return result
}

const withAssetList = (output: VersionOutput) => ({ ...output, assets: output.assets.blobs })
const samePath = (path: string) => path

/** A warning about the whole build (no git history) is said once, not once per version. */
function dedupeMessages(warnings: BuildWarning[]): BuildWarning[] {
  const seen = new Set<string>()
  return warnings.filter((warning) => 'path' in warning || (!seen.has(warning.message) && seen.add(warning.message)))
}
