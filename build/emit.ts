import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { z } from 'zod'
import { BlobListSchema, ManifestSchema, blobListOf, type Manifest } from '../contract/index.ts'
import { mapLimit } from './map-limit.ts'
import type { BuildSource } from '../publish/publish.ts'

export const MANIFEST_FILE = 'manifest.json'
/** Every blob hash of the build: publishing stores it beside the manifest, for garbage collection. */
export const BLOB_LIST_FILE = 'blob-list.json'
export const BLOB_DIR = 'blobs'

/**
 * Writes the build into a sibling temporary folder, then swaps it in with
 * renames, so `outDir` always holds a whole build: the old one or the new one.
 */
export async function emitBuild(outDir: string, manifest: Manifest, blobs: Map<string, string>): Promise<void> {
  const staging = `${outDir}.tmp-${process.pid}`
  const retired = `${outDir}.old-${process.pid}`
  await rm(staging, { recursive: true, force: true })
  await mkdir(join(staging, BLOB_DIR), { recursive: true })
  try {
    // Blobs are content-addressed: one the previous build wrote is the same file, so link it.
    await mapLimit([...blobs], 64, async ([hash, text]) => {
      const name = `${hash}.json`
      await link(join(outDir, BLOB_DIR, name), join(staging, BLOB_DIR, name)).catch(() => writeFile(join(staging, BLOB_DIR, name), text))
    })
    await writeFile(join(staging, MANIFEST_FILE), JSON.stringify(manifest, null, 2))
    // A one-shot build's map holds every blob it uses.
    await writeFile(join(staging, BLOB_LIST_FILE), JSON.stringify(blobListOf(manifest.buildId, blobs.keys())))
    await mkdir(dirname(outDir), { recursive: true })
    await rename(outDir, retired).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error
    })
    await rename(staging, outDir)
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw error
  }
  await rm(retired, { recursive: true, force: true })
}

/** A build `emitBuild` wrote, read back for publishing; one of another format or damaged is refused with a sentence. */
export async function readEmitted(outDir: string): Promise<BuildSource> {
  const read = async <T>(file: string, schema: z.ZodType<T>): Promise<T> => {
    const result = schema.safeParse(JSON.parse(await readFile(join(outDir, file), 'utf8')))
    if (!result.success) throw new Error(`${join(outDir, file)} is not a build this code can publish (${result.error.issues[0]?.message ?? 'unknown shape'}); run npm run build again`)
    return result.data
  }
  const [manifest, blobList] = await Promise.all([read(MANIFEST_FILE, ManifestSchema), read(BLOB_LIST_FILE, BlobListSchema)])
  if (blobList.buildId !== manifest.buildId) throw new Error(`${join(outDir, BLOB_LIST_FILE)} belongs to build ${blobList.buildId}, not ${manifest.buildId}`)
  return { manifest, blobList, readBlob: (hash) => readFile(join(outDir, BLOB_DIR, `${hash}.json`), 'utf8') }
}
