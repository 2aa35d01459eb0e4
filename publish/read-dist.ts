import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { z } from 'zod'
import { BlobListSchema, DIST_FILES, ManifestSchema, type BuildSource } from '../contract/index.ts'

/** A build folder the build wrote, read back for publishing; one of another format or damaged is refused with a sentence. */
export async function readDist(outDir: string): Promise<Required<BuildSource>> {
  const read = async <T>(file: string, schema: z.ZodType<T>): Promise<T> => {
    const result = schema.safeParse(JSON.parse(await readFile(join(outDir, file), 'utf8')))
    if (!result.success)
      throw new Error(`${join(outDir, file)} is not a build this code can publish (${result.error.issues[0]?.message ?? 'unknown shape'}); run npm run build again`)
    return result.data
  }
  const [manifest, blobList] = await Promise.all([read(DIST_FILES.manifest, ManifestSchema), read(DIST_FILES.blobList, BlobListSchema)])
  if (blobList.buildId !== manifest.buildId) throw new Error(`${join(outDir, DIST_FILES.blobList)} belongs to build ${blobList.buildId}, not ${manifest.buildId}`)
  // Asset files are named `<hash>.<ext>`: the hash names the blob, the extension its type.
  const assetFiles = new Map((await readdir(join(outDir, DIST_FILES.assetDir)).catch(() => [])).map((name) => [name.slice(0, name.indexOf('.')), name]))
  return {
    manifest,
    blobList,
    readBlob: (hash) => readFile(join(outDir, DIST_FILES.blob(hash)), 'utf8'),
    readAsset: async (hash) => {
      const name = assetFiles.get(hash)
      return name === undefined ? null : new Uint8Array(await readFile(join(outDir, DIST_FILES.asset(name))))
    },
  }
}
