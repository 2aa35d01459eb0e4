import type { Manifest } from '../contract/index.ts'

// The errors a read can end in, apart from the modules that throw them: the HTTP app and the MCP
// server map them to answers without importing the store or the read model's internals.

/** The build cannot be served (nothing published, a blob missing or damaged, KV failing): answered with 503. */
export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable'
}

/** A request named a version the live build does not have. */
export class UnknownVersion extends Error {
  override name = 'UnknownVersion'
  constructor(requested: string, manifest: Manifest) {
    super(`Version "${requested}" does not exist. Versions: ${describeVersions(manifest)}.`)
  }
}

/** `3.x (latest), 2.x, 1.x`: what a reader may ask for, aliases included. */
function describeVersions(manifest: Manifest): string {
  return manifest.versions.map((version) => `${version.name ?? '(unnamed)'}${version.aliases.length > 0 ? ` (${version.aliases.join(', ')})` : ''}`).join(', ')
}
