import type { BuildWarning, ContentProblem } from '../content/problems.ts'
import type { SiteConfig } from '../content/site-config.ts'
import type { SidebarFile } from '../content/versioned-sidebar.ts'
import { isGenerated, isStamped } from '../content/front-matter.ts'
import { assetTable } from './asset-table.ts'
import { contentHash, hashOfAll, type AssetBlob } from './blob-set.ts'
import type { RenderedRelease } from './render-all.ts'
import type { SectionPage } from './section-titles.ts'
import type { VersionContent, VersionOutput } from './version.ts'

/**
 * Where a one-shot build keeps what each archived docs version made, so that
 * the next build of an unchanged version makes nothing: a version read from
 * a git commit or a folder whose files did not change gives the same output.
 */
export interface KeptVersionStore {
  /** A hash of the code that builds a version: other code, other outputs. */
  codeHash: string
  get(key: string): Promise<string | undefined>
  set(key: string, value: string): Promise<void>
  /** Keeps the memos (search indexes) a kept version's build made, for the build after an edit: it may find some unchanged. */
  retain(memoKeys: readonly string[]): void
}

type RelatedTarget = NonNullable<ReturnType<VersionOutput['releaseLinks']['related']>>

/** What the release notes and the site's section titles take from the default version. */
interface DefaultVersionParts {
  releaseLinks: VersionOutput['releaseLinks']
  sections: Record<string, SectionPage[]>
}

/** A version's output as the pipeline takes it in, built or kept; problems name the files where they really are. */
export type VersionResult = Pick<VersionOutput, 'docs' | 'stats' | 'problems' | 'brokenLinks' | 'warnings'> & { assets: AssetBlob[]; defaultParts?: DefaultVersionParts }

/** What a version made, as kept: every blob it names, whether an earlier version made it first or not. */
interface KeptVersion {
  docs: string
  stats: VersionOutput['stats']
  warnings: BuildWarning[]
  brokenLinks: ContentProblem[]
  blobs: string[]
  /** Hashes of the files its pages reference. */
  assets: string[]
  /** The memos its build read or made. */
  memos: string[]
  /** Kept for the default version only. */
  defaultParts?: { rendered: Array<[string, RenderedRelease]>; draftUrls: string[]; related: Array<[string, RelatedTarget]>; sections: Record<string, SectionPage[]> }
}

export interface KeptVersionKeyParts {
  store: KeptVersionStore
  siteText: string
  name: string
  /** Names the version's content whole: its commit, or its folder's files. */
  fingerprint: string
  /** The release notes, for the default version, which renders them. */
  releases: string
  llmsPartBytes: number | undefined
  viewBytes: number | undefined
}

/**
 * Names the content folder's own pages whole, as a fingerprint names an
 * archived version: every file's path and stamp (else its time and text; a
 * page's time is its date without git), every asset's bytes, the git history
 * and the sidebars file.
 */
export function currentFingerprint(content: VersionContent & { sidebar?: SidebarFile | undefined }): string {
  const { git } = content
  return hashOfAll(
    (function* () {
      yield `current\u0000${git.head ?? ''}\u0000${git.warning ?? ''}\u0000${JSON.stringify(git.renames)}\u0000${JSON.stringify(content.sidebar ?? null)}`
      for (const [path, history] of [...git.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        yield `${path}\u0000${history.lastModified}\u0000${history.author}\u0000${history.commit}`
      for (const file of content.files)
        yield `${file.path}\u0000${file.mtimeMs}\u0000${isStamped(file) ? `stamp\u0000${file.stamp}` : `text\u0000${file.text}`}${isGenerated(file) ? `\u0000${JSON.stringify(file.generated)}` : ''}`
      for (const asset of content.assets) yield `${asset.path}\u0000${asset.size}\u0000${asset.bytes === null ? '' : contentHash(asset.bytes)}`
    })(),
  )
}

export function keptVersionKey(parts: KeptVersionKeyParts): string {
  return hashOfAll([parts.store.codeHash, parts.siteText, parts.name, parts.fingerprint, parts.releases, String(parts.llmsPartBytes ?? ''), String(parts.viewBytes ?? '')])
}

/**
 * The kept output of `key`, if there is one and every blob it names could be
 * put in place again (`placeBlob`: the previous build's file, linked). Its
 * content is read only when its pages reference files, which are taken from it.
 */
export async function keptVersion(
  store: KeptVersionStore,
  key: string,
  context: { content: () => Promise<VersionContent>; site: SiteConfig; placeBlob: (hash: string) => boolean },
): Promise<(VersionResult & { blobs: string[] }) | undefined> {
  const text = await store.get(key)
  if (text === undefined) return undefined
  const kept = JSON.parse(text) as KeptVersion
  if (!kept.blobs.every((hash) => context.placeBlob(hash))) return undefined
  const wanted = new Set(kept.assets)
  const files = wanted.size === 0 ? [] : [...(await context.content()).assets]
  const assets = [...assetTable(files, context.site.assetDirs).blobs.values()].filter((blob): blob is AssetBlob => blob !== null && wanted.has(blob.hash))
  if (assets.length !== wanted.size) return undefined
  store.retain(kept.memos)
  const parts = kept.defaultParts
  return {
    docs: kept.docs,
    stats: kept.stats,
    problems: [],
    brokenLinks: kept.brokenLinks,
    warnings: kept.warnings,
    assets,
    blobs: kept.blobs,
    ...(parts
      ? {
          defaultParts: {
            releaseLinks: { rendered: new Map(parts.rendered), draftUrls: new Set(parts.draftUrls), related: lookup(new Map(parts.related)) },
            sections: parts.sections,
          },
        }
      : {}),
  }
}

/** Keeps a version's output for the next build; a version with problems is not kept. */
export async function keepVersion(
  store: KeptVersionStore,
  key: string,
  built: VersionResult,
  made: { blobs: Set<string>; memos: string[] },
  relatedSlugs: string[],
): Promise<void> {
  if (built.problems.length > 0) return
  const parts = built.defaultParts
  const kept: KeptVersion = {
    docs: built.docs,
    stats: built.stats,
    warnings: built.warnings,
    brokenLinks: built.brokenLinks,
    blobs: [...made.blobs].sort(),
    assets: built.assets.map((asset) => asset.hash),
    memos: made.memos,
    ...(parts
      ? {
          defaultParts: {
            rendered: [...parts.releaseLinks.rendered],
            draftUrls: [...parts.releaseLinks.draftUrls],
            related: relatedSlugs.flatMap((slug) => {
              const target = parts.releaseLinks.related(slug)
              return target ? [[slug, target] as [string, RelatedTarget]] : []
            }),
            sections: Object.fromEntries(Object.entries(parts.sections).map(([locale, pages]) => [locale, pages.map(({ docId, section, title }) => ({ docId, section, title }))])),
          },
        }
      : {}),
  }
  await store.set(key, JSON.stringify(kept))
}

const lookup = (targets: Map<string, RelatedTarget>) => (slug: string) => targets.get(slug)
