import { versionBaseUrl } from '../../contract/index.ts'
import { isGenerated, type SourceFile } from '../content/front-matter.ts'
import type { BuildWarning, ContentProblem } from '../content/problems.ts'
import type { SiteConfig } from '../content/site-config.ts'
import { versionSidebar, type SidebarFile } from '../content/versioned-sidebar.ts'
import { currentFingerprint, keptVersion, keptVersionKey, keepVersion, type KeptVersionStore, type VersionResult } from './kept-versions.ts'
import { buildVersion, versionRenderInputs, type VersionContent, type VersionInput } from './version.ts'

/** A version's pages and its own sidebars file, as the read stage gives them. */
export interface VersionSourceContent extends VersionContent {
  /** The version's own sidebars file (Docusaurus's `versioned_sidebars/`), used when site.yml has no `sidebar:`. */
  sidebar?: SidebarFile | undefined
  /** Problems its read stage found (in its API reference's documents). */
  problems?: ContentProblem[] | undefined
}

/** A version kept in a folder or at a git ref, opened: named without being read, and read when needed. */
export interface ArchivedVersion {
  /** Names the content whole (a commit, or a folder's files): the same fingerprint, the same output. */
  fingerprint: string
  /** The file's real place (`versioned_docs/version-1.x/intro.md`) for a path the pipeline sees (`docs/en/intro.md`). */
  origin: (path: string) => string
  read(): Promise<VersionSourceContent>
}

/** What a version step passes on to buildVersion as it is. */
type SharedBuildInputs = Pick<
  VersionInput,
  'releaseFiles' | 'renderMany' | 'parseDocument' | 'blobs' | 'memo' | 'reuse' | 'llmsPartBytes' | 'viewBytes' | 'searchIndexes' | 'searchThread'
>

export interface VersionStepInput extends SharedBuildInputs {
  name: string
  /** Null for the one unnamed version of a site without versions. */
  urlName: string | null
  isDefault: boolean
  site: SiteConfig
  siteText: string
  /** The content folder's own pages, or an archived version. */
  source: { current: VersionSourceContent } | { archived: ArchivedVersion }
  /** What earlier builds made of each archived version (and of the current one, with `current`), and a way to put a blob an earlier build wrote in place again. */
  kept?: KeptVersions | undefined
}

export interface KeptVersions {
  store: KeptVersionStore
  placeBlob: (hash: string) => boolean
  /**
   * Keep the content folder's own pages too, named by currentFingerprint: a
   * rebuild in which no file changed then builds nothing. Only for a
   * one-shot build that hands back no blob text (a kept version's is not read).
   */
  current?: boolean
}

/**
 * One docs version, built, or (an archived version that did not change) as
 * an earlier build made it, its blobs put in place again. Problems name the
 * files where they really are.
 */
export async function versionStep(input: VersionStepInput): Promise<VersionResult> {
  const archived = 'archived' in input.source ? input.source.archived : null
  const fingerprint = archived ? archived.fingerprint : fingerprintOfCurrent(input)
  const kept = fingerprint !== null ? input.kept : undefined
  const key =
    kept && fingerprint !== null
      ? keptVersionKey({
          store: kept.store,
          siteText: input.siteText,
          name: input.name,
          fingerprint,
          // The default version renders the release notes too.
          releases: input.isDefault ? JSON.stringify(input.releaseFiles.map(({ file }) => [file.path, file.text])) : '',
          llmsPartBytes: input.llmsPartBytes,
          viewBytes: input.viewBytes,
        })
      : null
  const site = versionSite(input)
  if (kept && key) {
    const found = await keptVersion(kept.store, key, { content: () => contentOf(input.source), site, placeBlob: kept.placeBlob })
    if (found) {
      for (const hash of found.blobs) input.blobs.adopt(hash)
      return found
    }
  }
  const origin = archived ? archived.origin : (path: string) => path
  const { content, sidebarProblems } = await versionContent(input, site)
  const used = kept ? input.blobs.track() : null
  // The memos (search indexes) its build reads or makes are kept with the version, so a build that keeps it keeps them too.
  const memos: string[] = []
  const built = await buildVersion({
    ...content,
    renderMany: input.renderMany,
    parseDocument: input.parseDocument,
    blobs: input.blobs,
    memo: recording(input.memo, memos),
    placeBlob: input.kept?.current ? input.kept.placeBlob : undefined,
    reuse: input.reuse,
    llmsPartBytes: input.llmsPartBytes,
    viewBytes: input.viewBytes,
    searchIndexes: input.searchIndexes,
    searchThread: input.searchThread,
  })
  input.blobs.endTracking()
  const generated = generatedOrigins(content.files)
  const located = <T extends { path: string }>(problem: T): T => {
    const made = generated.get(problem.path)
    return made ? { ...problem, path: origin(made.path), line: made.line } : { ...problem, path: origin(problem.path) }
  }
  const result: VersionResult = {
    docs: built.docs,
    stats: built.stats,
    problems: [...sidebarProblems, ...(content.problems ?? []).map(located), ...built.problems.map(located)],
    brokenLinks: built.brokenLinks.map(located),
    warnings: built.warnings.map((warning): BuildWarning => ('path' in warning ? located(warning) : warning)),
    assets: built.assets.blobs,
    ...(input.isDefault ? { defaultParts: { releaseLinks: built.releaseLinks, sections: built.published } } : {}),
  }
  if (kept && key && used)
    await keepVersion(
      kept.store,
      key,
      result,
      { blobs: used, memos },
      input.releaseFiles.flatMap(({ data }) => data.related ?? []),
    )
  return result
}

/** `memo`, noting in `keys` each key it is asked for. */
function recording(memo: VersionStepInput['memo'], keys: string[]): VersionStepInput['memo'] {
  return (
    memo && {
      read: (key) => {
        keys.push(key)
        return memo.read(key)
      },
      write: (key, value) => memo.write(key, value),
    }
  )
}

/** Where each generated page's problems point: the place in the OpenAPI document it is made from. */
function generatedOrigins(files: readonly SourceFile[]): Map<string, { path: string; line: number }> {
  return new Map(files.filter(isGenerated).map((file) => [file.path, file.generated.origin]))
}

/** The current version's fingerprint when it is to be kept, else null. */
function fingerprintOfCurrent(input: VersionStepInput): string | null {
  if (!('current' in input.source) || !input.kept?.current || input.reuse) return null
  return currentFingerprint(input.source.current)
}

async function contentOf(source: VersionStepInput['source']): Promise<VersionSourceContent> {
  return 'archived' in source ? source.archived.read() : source.current
}

/** What a version is made of, as versionStep reads it (the rest of its input is how it is built). */
type VersionSource = Pick<VersionStepInput, 'name' | 'urlName' | 'isDefault' | 'site' | 'source' | 'releaseFiles'>

/** What a version renders and the targets its links resolve to, without building it (a `--shard` build renders a slice of these). */
export async function versionRenderPlan(input: VersionSource): Promise<ReturnType<typeof versionRenderInputs>> {
  const { content } = await versionContent(input, versionSite(input))
  return versionRenderInputs(content)
}

/** The site as the version's pages see it: its `baseUrl` and `urlVersion` give the version's URLs. */
function versionSite(input: VersionSource): SiteConfig {
  return { ...input.site, baseUrl: versionBaseUrl(input.site.baseUrl, input.urlName, input.isDefault), urlVersion: input.isDefault ? null : input.urlName }
}

/** The version's pages read, with the site, sidebar and release notes buildVersion takes them with. */
async function versionContent(input: VersionSource, site: SiteConfig) {
  const content = await contentOf(input.source)
  // A folder version's own sidebars file wins over site.yml's `sidebar:`, which names the current docs' pages (Docusaurus keeps one per version).
  const own = versionSidebar(content.sidebar)
  return {
    content: {
      ...content,
      site: { ...site, sidebar: own.sidebar ?? input.site.sidebar },
      key: input.name,
      sidebarFile: own.sidebar ? content.sidebar?.path : undefined,
      // Release notes link into the default version.
      releaseFiles: input.isDefault ? input.releaseFiles : [],
    },
    sidebarProblems: own.problems,
  }
}
