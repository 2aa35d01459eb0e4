import { z } from 'zod'
import { BLOB_HASH } from './hash.ts'
import { SCHEMA_VERSION } from './version.ts'

/**
 * The files pages may reference, by extension, with the type they are served
 * as. An `<a href>` to one of these is an asset link; an image is an asset
 * whatever its name, and one with an extension missing here is served as bytes.
 */
export const ASSET_TYPES: Readonly<Record<string, string>> = {
  apng: 'image/apng',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  webm: 'video/webm',
}

/** What a file without a known extension is served as: bytes, never something a browser runs. */
export const UNKNOWN_ASSET_TYPE = 'application/octet-stream'

/** `<hash>.<ext>`: the hash of the file's bytes (contract/hash.ts) and its extension. */
export const AssetNameSchema = z.string().regex(new RegExp(`^[0-9a-f]{${BLOB_HASH.hexLength}}\\.[a-z0-9]{1,10}$`), 'must be an asset name')

export function assetName(hash: string, extension: string): string {
  return `${hash}.${extension}`
}

/** Where assets are served: under the API, so they resolve against the origin that serves the documents. */
export const ASSETS_PATH = '/v1/assets/'

/** Where an asset is served. */
export function assetUrl(hash: string, extension: string): string {
  return `${ASSETS_PATH}${assetName(hash, extension)}`
}

export function assetType(extension: string): string {
  return Object.hasOwn(ASSET_TYPES, extension) ? (ASSET_TYPES[extension] as string) : UNKNOWN_ASSET_TYPE
}

/**
 * The assets of a build: each name the build publishes, with its content
 * type. The worker answers an unknown name with 404 from this alone, and the
 * asset's bytes are the blob named by the hash in its name (stored as is, not
 * as JSON).
 */
export const AssetIndexSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  assets: z.record(AssetNameSchema, z.string().min(1)),
})
export type AssetIndex = z.infer<typeof AssetIndexSchema>
