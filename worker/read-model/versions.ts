import {
  baseUrlOf,
  defaultVersionOf,
  documentUrl,
  isDefaultVersion,
  versionNamed,
  type DocsVersion,
  type Manifest,
  type RouteEntry,
  type VersionEntry,
} from '../../contract/index.ts'
import { UnknownVersion } from '../errors.ts'
import type { Store } from '../store.ts'
import { visibleVariant } from './visibility.ts'

/** The version a request names (a name or an alias), `latest` when it names none; resolved per request, so aliases follow the live build. */
export function chooseVersion(manifest: Manifest, requested: string | undefined): VersionEntry {
  const found = versionNamed(manifest.versions, requested ?? 'latest')
  if (!found) throw new UnknownVersion(requested ?? 'latest', manifest)
  return found
}

/** Whether the build has named versions: only then do bodies name the version they serve. */
export const isVersioned = (manifest: Manifest) => manifest.versions.some((version) => version.name !== null)

/** A page in another version, as a document body lists it. */
interface VersionPeer {
  version: string
  slug: string
  url: string
}

export interface PeerContext {
  store: Store
  manifest: Manifest
  locale: string
  canReadDrafts: boolean
}

/**
 * The same page in every other version where a reader may see it: by its
 * Docusaurus id (which a versioned doc keeps while its file or slug
 * changes), else by its document id, else by an old slug of it (a page
 * renamed since that version), following that version's own redirects (a
 * page renamed later).
 */
async function versionPeers(context: PeerContext, current: VersionEntry, page: RouteEntry): Promise<VersionPeer[]> {
  const peers: VersionPeer[] = []
  const id = page.frameworkId ?? page.variants[context.manifest.site.defaultLocale]?.slug ?? page.docId
  for (const version of context.manifest.versions) {
    if (version.name === current.name || version.name === null) continue
    const docs = await context.store.docsVersion(context.manifest, version)
    const found = (await pageWithId(context, docs, id)) ?? (await pageIn(context, docs, [page.docId, ...(page.formerly ?? [])]))
    const variant = visibleVariant(found, context.locale, context.canReadDrafts)
    if (!variant) continue
    const base = baseUrlOf(context.manifest.site.baseUrl, version)
    peers.push({ version: version.name, slug: variant.slug, url: documentUrl(base, context.manifest.site.defaultLocale, variant.locale, variant.slug) })
  }
  return peers
}

/** The page whose Docusaurus id is `id`: the one the ids table names, else the one whose slug is the id (where a page's id is its slug, the table leaves it out). */
async function pageWithId(context: PeerContext, docs: DocsVersion, id: string): Promise<RouteEntry | undefined> {
  const slug = (await context.store.slugOfId(context.manifest, docs, id)) ?? id
  const route = await context.store.route(context.manifest, docs, slug)
  return route?.kind === 'page' ? route.page : undefined
}

async function pageIn(context: PeerContext, docs: DocsVersion, slugs: string[]): Promise<RouteEntry | undefined> {
  for (const slug of slugs) {
    const route = await context.store.route(context.manifest, docs, slug)
    if (route?.kind === 'page') return route.page
    if (route?.kind === 'redirect') {
      const moved = await context.store.route(context.manifest, docs, route.to)
      if (moved?.kind === 'page') return moved.page
    }
  }
  return undefined
}

/** What a document body says of versions on a versioned site. */
export interface VersionFields {
  version: string
  versions: VersionPeer[]
  /** Its URL in the default version, when it exists there. */
  canonical: string | null
}

export async function versionFields(
  context: PeerContext,
  current: VersionEntry & { name: string },
  page: RouteEntry,
  served: { locale: string; slug: string },
): Promise<VersionFields> {
  const versions = await versionPeers(context, current, page)
  const ownUrl = documentUrl(baseUrlOf(context.manifest.site.baseUrl, current), context.manifest.site.defaultLocale, served.locale, served.slug)
  const defaultName = defaultVersionOf(context.manifest).name
  return { version: current.name, versions, canonical: isDefaultVersion(current) ? ownUrl : (versions.find((peer) => peer.version === defaultName)?.url ?? null) }
}

/** A stored document body (a JSON object) with the version fields added: the build stores one body per page, whatever the versions. */
export function withVersionFields(storedJson: string, fields: VersionFields): string {
  const body = storedJson.trimEnd()
  return `${body.slice(0, -1)},${JSON.stringify(fields).slice(1)}`
}
