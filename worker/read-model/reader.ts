import {
  audienceOf,
  baseUrlOf,
  defaultVersionOf,
  isDefaultVersion,
  withReadQuery,
  type DocsVersion,
  type Manifest,
  type Pointer,
  type SiteInfo,
  type StatusResponse,
  type VersionEntry,
  type VersionsResponse,
} from '../../contract/index.ts'
import { StoreUnavailable } from '../errors.ts'
import type { Store } from '../store.ts'
import type { Lazy, ReadContext } from './context.ts'
import { findDocument, type DocumentAnswer } from './documents.ts'
import { chooseLocale, type LocaleChoice } from './locale.ts'
import { readNavigation, type NavigationAsk, type NavigationView } from './navigation.ts'
import { listPages, type PageListing } from './pages.ts'
import { releasesOf, type ReleaseFilter, type ReleasesView } from './releases.ts'
import { searchIn, type SearchAsk, type SearchView } from './search.ts'
import { chooseVersion, isVersioned } from './versions.ts'

/** Who is reading: what the HTTP request or MCP call says about its caller. */
export interface Caller {
  /** A valid token with the `drafts:read` scope came with the request. */
  canReadDrafts: boolean
  /** The request's `Accept-Language`, which picks the locale when nothing names one. */
  acceptLanguage: string | undefined
}

/** A text file stored in parts, read one part at a time. */
export interface PartedText {
  /** One validator for the whole file, from the names of its parts (computed by the build). */
  hash: string
  /** The parts in order, each a text blob: the file can outgrow one KV value. Read only to answer with the file, never for a 304 of llms-full.txt. */
  parts(): Promise<string[]>
  read(part: string): Promise<string>
}

export interface LlmsView {
  index: Lazy<string>
  full: PartedText
  /**
   * In a locale whose llms.txt lists sections, a section's own llms file, or
   * with `full` its pages in full (undefined when no section has the name).
   */
  section(name: string, full?: boolean): Promise<PartedText | undefined>
}

/**
 * What a reader can ask of the docs, answered from one version of one live
 * build: site information, the version and locale choice, documents (with
 * redirects and the draft rule), navigation, search, releases and the llms
 * files. The HTTP routes, the MCP tools and so the preview all read through
 * it, so each rule lives here once. One Reader serves one request.
 */
export class Reader implements ReadContext {
  readonly store: Store
  readonly caller: Caller
  readonly pointer: Pointer
  readonly manifest: Manifest
  /** The version read: the one the request named (a name or an alias), else the default. */
  readonly version: VersionEntry
  /** That version's tables: routes, sidebars, search indexes, llms files. */
  readonly docs: DocsVersion

  private constructor(store: Store, caller: Caller, live: { pointer: Pointer; manifest: Manifest }, version: VersionEntry, docs: DocsVersion) {
    this.store = store
    this.caller = caller
    this.pointer = live.pointer
    this.manifest = live.manifest
    this.version = version
    this.docs = docs
  }

  /** The live build, as `store` has it now, in the version `version` names (default `latest`); throws UnknownVersion. */
  static async open(store: Store, caller: Caller, version?: string): Promise<Reader> {
    const live = await store.live()
    const chosen = chooseVersion(live.manifest, version)
    return new Reader(store, caller, live, chosen, await store.docsVersion(live.manifest, chosen))
  }

  /** Where the pages of the version read live on the site: the default version's at the site's `baseUrl`. */
  get baseUrl(): string {
    return baseUrlOf(this.site.baseUrl, this.version)
  }

  /** The version's name, when the site has named versions: bodies then say which one they serve. */
  get versionName(): string | null {
    return isVersioned(this.manifest) ? this.version.name : null
  }

  /** A read's path (a page's `.md`, `/llms.txt`) in the version and locale read: the defaults go unnamed. */
  readUrl(path: string, locale: string): string {
    return withReadQuery(path, this.site.defaultLocale, locale, isDefaultVersion(this.version) ? null : this.versionName)
  }

  get site(): SiteInfo {
    return this.manifest.site
  }

  get canReadDrafts(): boolean {
    return this.caller.canReadDrafts
  }

  /** `explicit` (`?locale=`, a tool's `locale`) wins, then `Accept-Language`, then the default locale. */
  locale(explicit?: string): LocaleChoice {
    return chooseLocale(explicit, this.caller.acceptLanguage, this.site)
  }

  status(): StatusResponse {
    const { manifest, pointer } = this
    return {
      buildId: manifest.buildId,
      builtAt: manifest.builtAt,
      publishedAt: pointer.publishedAt,
      commit: manifest.commit,
      schemaVersion: manifest.schemaVersion,
      documents: defaultVersionOf(manifest).documentCounts,
      site: manifest.site,
    }
  }

  /** The document a requested slug names, in the locale asked for (see findDocument). */
  document(requested: string, options: { locale?: string | undefined; followRedirect?: boolean } = {}): Promise<DocumentAnswer> {
    return findDocument(this, requested, options)
  }

  /**
   * The sidebar of a locale, with drafts only for a caller with the scope: the
   * whole tree, or the subtree and depth asked for (see readNavigation); the
   * load is null when `root` names no item.
   */
  navigation(choice: LocaleChoice, ask: NavigationAsk = {}): Lazy<NavigationView | null> {
    const trees = this.perLocale(this.docs.navigation, 'navigation', choice.locale)
    const tree = trees[audienceOf(this.canReadDrafts)]
    return { hash: this.versioned(askedOf(tree, ask)), private: this.canReadDrafts, load: () => readNavigation(this, tree, ask) }
  }

  /** Part `part` of the list of every page the caller may read (see listPages). */
  pages(part: number): Promise<PageListing> {
    return listPages(this, part)
  }

  search(choice: LocaleChoice, ask: SearchAsk): Promise<SearchView> {
    return searchIn(this, choice.locale, ask)
  }

  releases(filter: ReleaseFilter): ReleasesView {
    return releasesOf(this, filter)
  }

  /**
   * llms.txt and llms-full.txt of a locale: published pages only, whatever
   * the token. The part lists are a value of their own (LlmsPartsBlob), read
   * only when a file's parts or a section are asked for.
   */
  llms(choice: LocaleChoice): LlmsView {
    const files = this.perLocale(this.docs.llms, 'llms files', choice.locale)
    const lists = () => this.store.llmsParts(this.manifest, files.parts)
    const read = (part: string) => this.store.text(part)
    return {
      index: { hash: files.index, private: false, load: () => this.store.text(files.index) },
      full: { hash: files.fullEtag, parts: async () => (await lists()).full, read },
      section: async (name, full = false) => {
        const { sections } = await lists()
        const section = sections && Object.hasOwn(sections, name) ? sections[name] : undefined
        if (!section) return undefined
        return { hash: full ? section.fullEtag : section.etag, parts: async () => (full ? section.fullParts : section.parts), read }
      },
    }
  }

  /** A validator for a body that names its version: the same blob makes a different body in each version. */
  private versioned(hash: string): string {
    return this.versionName === null ? hash : `${hash}.${this.versionName}`
  }

  /** What /v1/versions lists: every version in site.yml's order, with its aliases and counts. */
  versions(): VersionsResponse {
    return {
      default: defaultVersionOf(this.manifest).name,
      versions: this.manifest.versions.map(({ name, label, status, aliases, documentCounts }) => ({ name, label, status, aliases, documents: documentCounts })),
    }
  }

  /** A locale's entry of a manifest table; the manifest's schema requires one for every site locale. */
  private perLocale<T>(table: Record<string, T>, what: string, locale: string): T {
    const entry = Object.hasOwn(table, locale) ? table[locale] : undefined
    if (entry === undefined) throw new StoreUnavailable(`build ${this.manifest.buildId} has no ${what} for ${locale}`)
    return entry
  }
}

/**
 * The validator of a navigation answer: the stored head names the whole tree
 * (its parts and names by their hashes), so with what was asked it names the
 * answer. The whole tree keeps the head's hash, as it always had.
 */
function askedOf(head: string, ask: NavigationAsk): string {
  if (ask.root === undefined && ask.depth === undefined) return head
  let hash = 0x811c9dc5
  for (const byte of new TextEncoder().encode(`${ask.root ?? ''}\u0000${ask.depth ?? ''}`)) hash = Math.imul(hash ^ byte, 0x01000193)
  return `${head}.${(hash >>> 0).toString(16).padStart(8, '0')}`
}
