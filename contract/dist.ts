import type { BlobList } from './blob-list.ts'
import type { Manifest } from './manifest.ts'

/**
 * The build's output folder, where build and publishing meet: the build
 * writes these files, publishing reads them, and neither imports the other.
 */
export const DIST_FILES = {
  manifest: 'manifest.json',
  blobList: 'blob-list.json',
  /** Blob `<hash>` is `blobs/<hash>.json`. */
  blobDir: 'blobs',
  blob: (hash: string) => `blobs/${hash}.json`,
  /** The files pages reference: asset `<hash>.<ext>` is `assets/<hash>.<ext>`, its bytes as they are. */
  assetDir: 'assets',
  asset: (name: string) => `assets/${name}`,
} as const

/** A build as publishing reads it: the manifest, the list of its blobs, and a way to read each blob. */
export interface BuildSource {
  manifest: Manifest
  blobList: BlobList
  readBlob(hash: string): Promise<string>
  /** The bytes of an asset blob (an image, a download), or null when `hash` names a JSON blob. */
  readAsset?(hash: string): Promise<Uint8Array | null>
}
