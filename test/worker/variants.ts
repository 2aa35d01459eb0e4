import { blobHash, blobListOf, type Manifest } from '../../contract/index.ts'
import type { BuildSource } from '../../contract/index.ts'
import { fixtureBuild, reroute, variantOf } from './helpers.ts'

export interface VariantOptions {
  /** Names of small blobs this build adds to the fixture's. */
  extra?: string[]
  /** Fixture blobs this build no longer lists. */
  drop?: string[]
  /** Serve this title for the en `guides/install` from a blob of its own. */
  installTitle?: string
}

export interface VariantBuild extends BuildSource {
  manifest: Manifest
  /** The hash of the `guides/install` blob this build serves. */
  installHash: string
  /** Blobs of its own for `installTitle`: the document and the route shard that names it. */
  ownBlobs: string[]
}

/** The text of an extra blob: distinct per name, so each has its own content hash. */
const extraText = (name: string) => JSON.stringify({ extra: name })

/** The KV key of the extra blob `name`. */
export const extraKey = async (name: string) => `blob:${await blobHash(extraText(name))}`

/**
 * A second build made from the fixture: a deep copy of its manifest with
 * another build id, its own blob list, and optionally another `guides/install`.
 * Blobs are named by their real content hash, as the worker checks.
 */
export async function variantBuild(buildId: string, options: VariantOptions = {}): Promise<VariantBuild> {
  const { fixture } = fixtureBuild()
  const manifest = structuredClone(fixture.manifest)
  const extra: Record<string, string> = {}
  for (const name of options.extra ?? []) extra[await blobHash(extraText(name))] = extraText(name)
  manifest.buildId = buildId
  const entry = variantOf('guides/install')
  let installHash = entry.blob
  const ownBlobs: string[] = []
  if (options.installTitle !== undefined) {
    const text = JSON.stringify({ ...JSON.parse(fixture.blobs[entry.blob] ?? '{}'), title: options.installTitle })
    installHash = await blobHash(text)
    const changed = await reroute(manifest, 'guides/install', (page) => {
      page.variants.en = { ...entry, blob: installHash }
    })
    extra[installHash] = text
    ownBlobs.push(installHash)
    for (const blob of changed) {
      extra[blob.hash] = blob.text
      ownBlobs.push(blob.hash)
    }
  }
  const dropped = new Set(options.drop)
  const blobList = blobListOf(buildId, [...fixture.blobList.blobs.filter((hash) => !dropped.has(hash)), ...Object.keys(extra)])
  return {
    manifest,
    blobList,
    installHash,
    ownBlobs,
    readBlob: async (hash) => {
      const blob = extra[hash] ?? fixture.blobs[hash]
      if (blob === undefined) throw new Error(`variant ${buildId} has no blob ${hash}`)
      return blob
    },
  }
}
