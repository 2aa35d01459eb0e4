import { imageSize } from 'image-size'
import { SCHEMA_VERSION, fitsKv, assetName, assetType, assetUrl, type AssetIndex } from '../../contract/index.ts'
import { extensionOf, type AssetTarget, type AssetTargets } from '../markdown/asset-targets.ts'
import type { AssetFile } from '../content/read-results.ts'
import { contentHash, type AssetBlob } from './blob-set.ts'

export interface AssetTable {
  targets: AssetTargets
  /** By content path; null for a file too large to publish. */
  blobs: Map<string, AssetBlob | null>
  sizes: Map<string, number>
}

// A file without an extension is still served, as bytes.
const NO_EXTENSION = 'bin'

/** Names every file by its bytes and reads an image's size from its header; nothing is published yet. */
export function assetTable(files: readonly AssetFile[], rootDirs: string[]): AssetTable {
  const table: AssetTable = { targets: { files: {}, rootDirs }, blobs: new Map(), sizes: new Map() }
  for (const file of files) {
    table.sizes.set(file.path, file.size)
    if (file.bytes === null || !fitsKv(file.size)) {
      table.blobs.set(file.path, null)
      table.targets.files[file.path] = { url: null }
      continue
    }
    const extension = extensionOf(file.path) ?? NO_EXTENSION
    const hash = contentHash(file.bytes)
    table.blobs.set(file.path, { hash, extension, bytes: file.bytes })
    table.targets.files[file.path] = { url: assetUrl(hash, extension), ...dimensionsOf(file.bytes, extension) }
  }
  return table
}

/** The width and height an image file states (PNG, JPEG, GIF, WebP, an SVG's attributes or viewBox), if any. */
function dimensionsOf(bytes: Uint8Array, extension: string): Pick<AssetTarget, 'width' | 'height'> {
  if (!assetType(extension).startsWith('image/')) return {}
  try {
    const { width, height } = imageSize(bytes)
    return width > 0 && height > 0 ? { width: Math.round(width), height: Math.round(height) } : {}
  } catch {
    // A header image-size cannot read (a damaged file, an SVG without sizes): the page lays it out when it loads.
    return {}
  }
}

/** The asset index of a build: every published name with its content type. */
export function assetIndexOf(blobs: Iterable<AssetBlob>): AssetIndex {
  const assets: AssetIndex['assets'] = {}
  for (const blob of [...blobs].sort((a, b) => (a.hash < b.hash ? -1 : 1))) assets[assetName(blob.hash, blob.extension)] = assetType(blob.extension)
  return { schemaVersion: SCHEMA_VERSION, assets }
}
