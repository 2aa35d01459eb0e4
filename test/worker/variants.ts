import type { BuildSource } from '../../publish/publish.ts'
import type { Manifest } from '../../contract/index.ts'
import { fixtureBuild } from './helpers.ts'

export interface VariantOptions {
  /** Blobs this build adds to the fixture's: hash -> content. */
  extra?: Record<string, string>
  /** Fixture blobs this build no longer lists. */
  drop?: string[]
  /** Serve this title for the en `guides/install` from a blob of its own (added to `extra`). */
  installTitle?: string
}

/**
 * A second build made from the fixture: a deep copy of its manifest with
 * another build id, its own blob list, and optionally another `guides/install`.
 */
export function variantBuild(buildId: string, options: VariantOptions = {}): BuildSource & { manifest: Manifest } {
  const { fixture } = fixtureBuild()
  const manifest = structuredClone(fixture.manifest)
  const extra = { ...options.extra }
  manifest.buildId = buildId
  if (options.installTitle !== undefined) {
    const entry = manifest.documents.en?.['guides/install']
    if (!entry) throw new Error('fixture lost guides/install')
    const hash = installBlobHash(buildId)
    extra[hash] = JSON.stringify({ ...JSON.parse(fixture.blobs[entry.blob] ?? '{}'), title: options.installTitle })
    manifest.documents.en = { ...manifest.documents.en, 'guides/install': { ...entry, blob: hash } }
  }
  const dropped = new Set(options.drop)
  manifest.blobs = [...fixture.manifest.blobs.filter((hash) => !dropped.has(hash)), ...Object.keys(extra)].sort()
  return {
    manifest,
    readBlob: async (hash) => {
      const blob = extra[hash] ?? fixture.blobs[hash]
      if (blob === undefined) throw new Error(`variant ${buildId} has no blob ${hash}`)
      return blob
    },
  }
}

/** The blob key a variant's own `guides/install` lives under. */
export const installBlobHash = (buildId: string) => `install-of-${buildId}`
