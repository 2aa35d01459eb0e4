import type { DocsVersion, Manifest, SiteInfo, VersionEntry } from '../../contract/index.ts'
import type { Store } from '../store.ts'
import type { LocaleChoice } from './locale.ts'

/** A view whose bytes are read only when asked for: a 304 reads none. */
export interface Lazy<T> {
  /** The blob's hash: the response's strong validator. */
  hash: string
  /** The view differs with the drafts scope: never stored by shared caches. */
  private: boolean
  load(): Promise<T>
}

/**
 * What the read model's functions read: one version of one live build, for
 * one caller. The Reader is one; the functions take this narrow view of it,
 * so they do not import the class that calls them.
 */
export interface ReadContext {
  readonly store: Store
  readonly manifest: Manifest
  /** The version read: the one the request named (a name or an alias), else the default. */
  readonly version: VersionEntry
  /** That version's tables: routes, sidebars, search indexes, llms files. */
  readonly docs: DocsVersion
  readonly site: SiteInfo
  readonly canReadDrafts: boolean
  /** Where the pages of the version read live on the site. */
  readonly baseUrl: string
  /** The version's name, when the site has named versions. */
  readonly versionName: string | null
  locale(explicit?: string): LocaleChoice
}
