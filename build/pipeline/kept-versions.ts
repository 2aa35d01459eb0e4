import type { BuildWarning, ContentProblem } from '../content/problems.ts'
import type { SiteConfig } from '../content/site-config.ts'
import { assetTable, type AssetBlob } from './asset-table.ts'
import { hashOfAll } from './blob-set.ts'
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
}

/** What an archived version made, as kept: every blob it names, whether an earlier version made it first or not. */
interface KeptVersion {
  docs: string
  stats: VersionOutput['stats']
  warnings: BuildWarning[]
  brokenLinks: ContentProblem[]
  blobs: string[]
  /** Hashes of the files its pages reference. */
  assets: string[]
}

/** A version's output as the pipeline takes it in, built or kept. */
export type VersionResult = Pick<VersionOutput, 'docs' | 'stats' | 'problems' | 'brokenLinks' | 'warnings'> & { assets: AssetBlob[] }

export interface KeptVersionInput {
  store: KeptVersionStore
  siteText: string
  name: string
  /** Names the version's content whole: its commit, or a hash of its folder's files. */
  fingerprint: string
  llmsPartBytes: number | undefined
}

export function keptVersionKey(input: KeptVersionInput): string {
  return hashOfAll([input.store.codeHash, input.siteText, input.name, input.fingerprint, String(input.llmsPartBytes ?? '')])
}

/**
 * The kept output of `key`, if there is one and every blob it names could be
 * put in place again (`placeBlob`: the previous build's file, linked);
 * the files its pages reference are taken from the version's content.
 */
export async function keptVersion(
  store: KeptVersionStore,
  key: string,
  context: { content: VersionContent; site: SiteConfig; placeBlob: (hash: string) => boolean },
): Promise<(VersionResult & { blobs: string[] }) | undefined> {
  const text = await store.get(key)
  if (text === undefined) return undefined
  const kept = JSON.parse(text) as KeptVersion
  if (!kept.blobs.every((hash) => context.placeBlob(hash))) return undefined
  const wanted = new Set(kept.assets)
  const assets = kept.assets.length === 0 ? [] : [...assetTable([...context.content.assets], context.site.assetDirs).blobs.values()].filter((blob): blob is AssetBlob => blob !== null && wanted.has(blob.hash))
  if (assets.length !== wanted.size) return undefined
  return { docs: kept.docs, stats: kept.stats, problems: [], brokenLinks: kept.brokenLinks, warnings: kept.warnings, assets, blobs: kept.blobs }
}

/** Keeps a version's output for the next build; a version with problems is not kept. */
export async function keepVersion(store: KeptVersionStore, key: string, built: VersionResult, blobs: Set<string>): Promise<void> {
  if (built.problems.length > 0) return
  const kept: KeptVersion = {
    docs: built.docs,
    stats: built.stats,
    warnings: built.warnings,
    brokenLinks: built.brokenLinks,
    blobs: [...blobs].sort(),
    assets: built.assets.map((asset) => asset.hash),
  }
  await store.set(key, JSON.stringify(kept))
}
