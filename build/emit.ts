import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Manifest } from '../contract/index.ts'
import { mapLimit } from './map-limit.ts'
import type { BuildSource } from '../publish/publish.ts'

export const MANIFEST_FILE = 'manifest.json'
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

/** A build `emitBuild` wrote, read back for publishing. */
export async function readEmitted(outDir: string): Promise<BuildSource> {
  const manifest = JSON.parse(await readFile(join(outDir, MANIFEST_FILE), 'utf8')) as Manifest
  return { manifest, readBlob: (hash) => readFile(join(outDir, BLOB_DIR, `${hash}.json`), 'utf8') }
}
