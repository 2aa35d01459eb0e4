import { blobHash, type Manifest } from '../../contract/index.ts'
import type { BuildSource } from '../../publish/publish.ts'
import { fixtureBuild } from './helpers.ts'

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
  const entry = manifest.documents.en?.['guides/install']
  if (!entry) throw new Error('fixture lost guides/install')
  if (options.installTitle !== undefined) {
    const text = JSON.stringify({ ...JSON.parse(fixture.blobs[entry.blob] ?? '{}'), title: options.installTitle })
    const hash = await blobHash(text)
    extra[hash] = text
    manifest.documents.en = { ...manifest.documents.en, 'guides/install': { ...entry, blob: hash } }
  }
  const dropped = new Set(options.drop)
  manifest.blobs = [...new Set([...fixture.manifest.blobs.filter((hash) => !dropped.has(hash)), ...Object.keys(extra)])].sort()
  return {
    manifest,
    installHash: manifest.documents.en?.['guides/install']?.blob ?? entry.blob,
    readBlob: async (hash) => {
      const blob = extra[hash] ?? fixture.blobs[hash]
      if (blob === undefined) throw new Error(`variant ${buildId} has no blob ${hash}`)
      return blob
    },
  }
}
