import { ASSET_TYPES } from '../../contract/index.ts'
import { notContentPath, resolveRelative, safeDecode } from './content-paths.ts'

/** What a page's reference to a file becomes: its URL, and an image's size when the file states it. */
export interface AssetTarget {
  /** Null when the file is too large to publish (the build reports it). */
  url: string | null
  width?: number
  height?: number
}

/** The files pages may reference, by content path, and where root paths (`/img/a.png`) are looked up. */
export interface AssetTargets {
  files: Record<string, AssetTarget>
  /** Folders under the content folder, in the order site.yml gives them. */
  rootDirs: string[]
}

/** A reference a page makes to a file, as the render records it for the build to check and publish. */
export interface AssetReference {
  /** As the author wrote it. */
  src: string
  line: number
  /** The content path it names, or null when no file is there. */
  path: string | null
  /** The URL it was rewritten to (null when missing, or too large to publish). */
  url: string | null
}

export const NO_ASSETS: AssetTargets = { files: {}, rootDirs: [] }

/**
 * The content path a reference from the page `from` names: relative to the
 * page, or for a root path in the first asset folder that has it. `undefined`
 * when it is no file reference (a URL with a scheme, a fragment), null when
 * no file is there.
 */
export function resolveAsset(from: string, src: string, targets: AssetTargets): string | null | undefined {
  if (notContentPath.test(src)) return undefined
  const path = safeDecode(src.replace(/[?#].*$/, ''))
  if (path === '' || path === '/') return undefined
  const candidates = path.startsWith('/') ? targets.rootDirs.map((dir) => `${dir}${path}`) : [resolveRelative(from, path)]
  return candidates.find((candidate) => Object.hasOwn(targets.files, candidate)) ?? null
}

/** The extension of a path, lower case, if it has one. */
export function extensionOf(path: string): string | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(path.replace(/[?#].*$/, ''))
  return match ? (match[1] as string).toLowerCase() : null
}

/** A reference still leads where it did when the page was rendered (the render cache's check). */
export function assetStillResolves(from: string, reference: AssetReference, targets: AssetTargets): boolean {
  const path = resolveAsset(from, reference.src, targets) ?? null
  return path === reference.path && (path === null ? null : (targets.files[path]?.url ?? null)) === reference.url
}

/** A link to a file of a type the site publishes (an image, a PDF); links to pages are rehype-links' business. */
export function isAssetLink(href: unknown): boolean {
  if (typeof href !== 'string') return false
  const extension = extensionOf(href)
  return extension !== null && Object.hasOwn(ASSET_TYPES, extension)
}

/** The published URL of the file a page's reference names, or undefined when it names none (the reference then stays as written). */
export function assetUrlOf(from: string, src: string, targets: AssetTargets): string | undefined {
  const path = resolveAsset(from, src, targets)
  return path ? (targets.files[path]?.url ?? undefined) : undefined
}
