import { isDefaultVersion, type BlobList, type Manifest } from '../../contract/index.ts'
import { parseReleaseFile, type SourceFile } from '../content/front-matter.ts'
import { appendAll, byPlace, ContentError, type BuildWarning, type ContentProblem } from '../content/problems.ts'
import { localeFoldersOf, parseSiteConfig, type SiteConfig } from '../content/site-config.ts'
import type { VersionConfig } from '../content/versions-config.ts'
import type { AssetFile, GitHistory } from '../content/read-results.ts'
import { assetIndexOf } from './asset-table.ts'
import { BlobSet, type AssetBlob } from './blob-set.ts'
import { blobOrder, buildManifest, oversizedBlobWarnings } from './manifest.ts'
import { buildReleases } from './releases.ts'
import { sectionTitles, type SectionPage } from './section-titles.ts'
import { renderInProcess, type RenderMany } from './render-all.ts'
import type { KeyPart, Reuse } from './reuse.ts'
import type { BuildMemo } from './build-memo.ts'
import { SearchIndexes } from './search-index.ts'
import { addUpCodeLanguages } from './code-languages.ts'
import type { VersionInput, VersionOutput } from './version.ts'
import type { OffThreadJobs } from './version-locales.ts'
import { versionStep, type ArchivedVersion, type KeptVersions } from './version-step.ts'

export interface PipelineInput {
  siteText: string
  files: SourceFile[]
  /** Problems the read stage found (in the API reference's documents), reported with the pipeline's. */
  sourceProblems?: ContentProblem[]
  git: GitHistory
  builtAt: string
  renderMany?: RenderMany
  /** A renderer per version, instead of `renderMany` (a long-lived build keeps each version's renderings apart). */
  renderManyOf?: (version: string) => RenderMany
  /** Parses a page's file; the CLI's build hands in one that keeps what it parsed between builds. */
  parseDocument?: VersionInput['parseDocument']
  /** Keeps search indexes and page blob names between builds; the CLI hands in one on disk. */
  memo?: BuildMemo
  /** Makes large locales' search indexes on a thread of their own while the build goes on (the CLI's build). */
  searchThread?: OffThreadJobs
  /** Largest part of llms-full.txt, in bytes. */
  llmsPartBytes?: number
  /** The size line of each locale's stored sidebar and llms.txt, in bytes (contract/navigation.ts; tests make it small). */
  viewBytes?: number
  /** What the previous run of a long-lived build made; `files` it did not see again must be new objects. */
  reuse?: Reuse
  /** Takes each blob as it is made, instead of the output's `blobs` (the one-shot build streams them to disk). */
  onBlob?: (hash: string, text: string) => void
  /** Files pages may reference (read.ts reads them); only those referenced are published. */
  assets?: AssetFile[]
  /** Takes each published asset as it is made, instead of the output's `assets`. */
  onAsset?: (asset: AssetBlob) => void
  /** Opens a version kept in a folder or at a git ref (read-versions.ts): named at once, read when the pipeline needs its pages. */
  openVersion?: (name: string) => Promise<ArchivedVersion>
  /** Versions not to build, by name, each with the warning that says why (`npm start` leaves out a version whose git ref is missing). */
  leftOutVersions?: ReadonlyMap<string, ContentProblem>
  /** What earlier builds made of each archived version, and a way to put a blob an earlier build wrote in place again. */
  keptVersions?: KeptVersions
}

export interface BuildStats {
  /** Per locale, the published documents written in it: the counts of /v1/status (see documentCounts). */
  documents: Record<string, number>
  /** Per locale, the drafts written in it. */
  drafts: Record<string, number>
  /** Per locale, the default-locale pages it shows for want of a translation. */
  fallbacks: Record<string, number>
  releases: number
  /** Code blocks of every version shown as plain text because Shiki has no grammar for their language: how many, by language name. */
  unknownCodeLanguages: Record<string, number>
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
  const site = readSite(input)
  const releaseFiles = readReleaseFiles(input)
  const blobs = new BlobSet({ reuse: input.reuse, onBlob: input.onBlob, onAsset: input.onAsset })
  const built = await buildVersions(input, site, releaseFiles.files, blobs)
  const releases = buildReleases(releaseFiles.files, { ...built.releaseLinks, docsVersions: site.versions.map((version) => version.name) })
  const problems = [...releaseFiles.problems, ...built.problems, ...releases.problems]
  const brokenLinks = [...built.brokenLinks, ...releases.brokenLinks].sort(byPlace)
  if (site.links === 'error') appendAll(problems, brokenLinks)
  if (problems.length > 0) throw new ContentError(problems)

  for (const blob of built.usedAssets.values()) blobs.addAsset(blob)
  const { manifest, blobList } = buildManifest({
    site,
    sections: sectionTitles(site, built.sectionPages),
    commit: input.git.head,
    builtAt: input.builtAt,
    versions: built.versions,
    releases: blobs.add(releases.releases),
    releaseStreams: releases.releases.streams.map((stream) => stream.name),
    assets: blobs.add(assetIndexOf([...built.usedAssets.values()])),
    blobs: blobOrder(blobs.hashes, input.reuse),
  })
  return {
    manifest,
    blobList,
    blobs: blobs.blobs,
    assets: blobs.assets,
    stats: built.stats,
    warnings: [...dedupeMessages(built.warnings), ...(site.links === 'warn' ? brokenLinks : []), ...oversizedBlobWarnings(blobs.oversized).map((message) => ({ message }))],
  }
}

export function readSite(input: Pick<PipelineInput, 'siteText' | 'files'>): SiteConfig {
  const siteResult = parseSiteConfig(input.siteText, localeFoldersOf(input.files.map((file) => file.path)))
  if (!siteResult.ok) throw new ContentError(siteResult.problems)
  return siteResult.site
}

/** The release notes' files with their front matter read, kept by a long-lived build while their file is. */
export function readReleaseFiles(input: Pick<PipelineInput, 'files' | 'reuse'>) {
  const problems: ContentProblem[] = []
  const memo = <T>(parts: KeyPart[], make: () => T): T => (input.reuse ? input.reuse.memo(parts, make) : make())
  const files = input.files
    .filter((file) => file.path.startsWith('releases/'))
    .flatMap((file) => {
      const parsed = memo([file], () => parseReleaseFile(file))
      problems.push(...parsed.problems)
      return [parsed.value]
    })
  return { files, problems }
}

/** Every version built, one after another, with what the default one gives the release notes and the manifest. */
async function buildVersions(input: PipelineInput, site: SiteConfig, releaseFiles: VersionInput['releaseFiles'], blobs: BlobSet) {
  const configured = versionsToBuild(site, input.leftOutVersions)
  const stats: BuildStats = { documents: {}, drafts: {}, fallbacks: {}, releases: releaseFiles.length, unknownCodeLanguages: {} }
  const unknownCode: Array<Record<string, number>> = []
  const versions: Manifest['versions'] = []
  const problems: ContentProblem[] = []
  const brokenLinks: ContentProblem[] = []
  const warnings: BuildWarning[] = [...(input.leftOutVersions?.values() ?? [])]
  const usedAssets = new Map<string, AssetBlob>()
  let releaseLinks: VersionOutput['releaseLinks'] | undefined
  let sectionPages: Record<string, SectionPage[]> = {}
  // A one-shot build of several versions patches each locale's index from the version before,
  // as versions share most pages; a long-lived build keeps builders per version instead.
  const sharedIndexes = !input.reuse && configured.length > 1 ? new SearchIndexes({ keepBuilders: true }) : undefined
  for (const version of configured) {
    const named = await versionNamed(input, version)
    const built = await versionStep({
      ...named,
      site,
      siteText: input.siteText,
      releaseFiles,
      renderMany: input.renderManyOf?.(version.name) ?? input.renderMany ?? renderInProcess,
      parseDocument: input.parseDocument,
      blobs,
      memo: input.memo,
      reuse: input.reuse,
      llmsPartBytes: input.llmsPartBytes,
      viewBytes: input.viewBytes,
      searchIndexes: sharedIndexes,
      searchThread: input.searchThread,
      kept: input.keptVersions,
    })
    appendAll(problems, built.problems)
    appendAll(brokenLinks, built.brokenLinks)
    appendAll(warnings, built.warnings)
    for (const blob of built.assets) usedAssets.set(blob.hash, blob)
    if (named.isDefault && built.defaultParts) {
      releaseLinks = built.defaultParts.releaseLinks
      sectionPages = built.defaultParts.sections
      Object.assign(stats, built.stats)
    }
    unknownCode.push(built.stats.unknownCodeLanguages)
    versions.push({ name: named.urlName, label: version.label, status: version.status, aliases: version.aliases, documentCounts: built.stats.documents, docs: built.docs })
  }
  stats.unknownCodeLanguages = addUpCodeLanguages(unknownCode)
  if (!releaseLinks) throw new Error('no version is the default')
  return { versions, stats, problems, brokenLinks, warnings, usedAssets, releaseLinks, sectionPages }
}

const NO_ASSET_FILES: readonly AssetFile[] = Object.freeze([])

/** The versions site.yml lists, less those left out, or the one unnamed version of a site without `versions`. */
export function versionsToBuild(site: SiteConfig, leftOut: PipelineInput['leftOutVersions']): VersionConfig[] {
  return site.versions.length > 0 ? builtVersions(site.versions, leftOut) : [UNNAMED]
}

/** A version as versionStep takes it: its names, and where its pages are. */
export async function versionNamed(input: Pick<PipelineInput, 'files' | 'git' | 'assets' | 'openVersion' | 'sourceProblems'>, version: VersionConfig) {
  return {
    name: version.name,
    urlName: version === UNNAMED ? null : version.name,
    isDefault: isDefaultVersion(version),
    source:
      version.source.kind === 'current'
        ? { current: { files: input.files, git: input.git, assets: input.assets ?? NO_ASSET_FILES, problems: input.sourceProblems } }
        : { archived: await openVersion(input, version.name) },
  }
}

/** The versions to build: a version left out only warns, but the default one cannot be left out (every read without a version would fail). */
function builtVersions(versions: VersionConfig[], leftOut: ReadonlyMap<string, ContentProblem> = new Map()): VersionConfig[] {
  const defaultLeftOut = versions.find((version) => isDefaultVersion(version) && leftOut.has(version.name))
  if (defaultLeftOut)
    throw new ContentError([
      {
        ...(leftOut.get(defaultLeftOut.name) as ContentProblem),
        message: `versions: "${defaultLeftOut.name}" is the default version, and its git ref is not in this copy's history: fetch it (\`git fetch --unshallow\`) or name another defaultVersion`,
      },
    ])
  return versions.filter((version) => !leftOut.has(version.name))
}

/** An archived version by its name, from the read stage. */
function openVersion(input: Pick<PipelineInput, 'openVersion'>, name: string): Promise<ArchivedVersion> {
  if (!input.openVersion) throw new Error(`version "${name}" has no reader`)
  return input.openVersion(name)
}

/** A warning about the whole build (no git history) is said once, not once per version. */
function dedupeMessages(warnings: BuildWarning[]): BuildWarning[] {
  const seen = new Set<string>()
  return warnings.filter((warning) => 'path' in warning || (!seen.has(warning.message) && seen.add(warning.message)))
}
