import { MARKDOWN_SUFFIX, blobHash, type RouteEntry, type RouteVariant } from '../../contract/index.ts'
import type { Route } from '../store.ts'
import type { LocaleChoice } from './locale.ts'
import type { Lazy, ReadContext } from './context.ts'
import { versionFields, withVersionFields } from './versions.ts'
import { visibleVariant } from './visibility.ts'

export type DocumentAnswer =
  /** No page a reader may see has this slug: drafts without the scope end here too. */
  | { kind: 'missing'; slug: string; bySuffix: boolean }
  /** The page moved: `slug` is its current default-locale slug. */
  | { kind: 'redirect'; slug: string; bySuffix: boolean; private: boolean }
  | FoundDocument

interface FoundDocument {
  kind: 'found'
  /** The slug asked for, without a Markdown suffix. */
  slug: string
  /** The request named the Markdown by a `.md` suffix. */
  bySuffix: boolean
  /** The old slug that led here, when a redirect was followed. */
  movedFrom: string | null
  /** The locale chosen for the reader; `variant.locale` is the one served (they differ on fallback). */
  choice: LocaleChoice
  variant: RouteVariant
  json: Lazy<string>
  markdown: Lazy<string>
}

/**
 * What a reader is served for `requested`: `guides/install.md` asks for the
 * Markdown of `guides/install` unless a page or redirect has that very slug
 * (both names are in one route shard). A localized slug names its locale's
 * version unless `options.locale` asks for another. A moved page is a
 * redirect, or with `followRedirect` the page it moved to.
 */
export async function findDocument(reader: ReadContext, requested: string, options: { locale?: string | undefined; followRedirect?: boolean }): Promise<DocumentAnswer> {
  const { slug, bySuffix, route } = await resolveSlug(reader, requested)
  let page = route?.kind === 'page' ? route.page : undefined
  if (route?.kind === 'redirect') {
    if (!options.followRedirect) return redirectTo(reader, slug, route.to, bySuffix)
    page = await pageAt(reader, route.to)
  }
  const choice = reader.locale(options.locale ?? page?.locale)
  const variant = visibleVariant(page, choice.locale, reader.canReadDrafts)
  if (!variant || !page) return { kind: 'missing', slug, bySuffix }
  return {
    kind: 'found',
    slug,
    bySuffix,
    movedFrom: route?.kind === 'redirect' ? slug : null,
    choice,
    variant,
    json: await documentJson(reader, page, variant, choice.locale),
    markdown: { hash: variant.markdown, private: variant.draft, load: () => reader.store.text(variant.markdown) },
  }
}

/**
 * A document's JSON body: as stored, and on a versioned site with the
 * version fields, whose validator then covers them too (they change when
 * another version adds or drops the page, while the stored body does not).
 */
async function documentJson(reader: ReadContext, page: RouteEntry, variant: RouteVariant, locale: string): Promise<Lazy<string>> {
  const plain = { hash: variant.blob, private: variant.draft, load: () => reader.store.document(variant.blob) }
  const name = reader.versionName
  if (name === null) return plain
  const context = { store: reader.store, manifest: reader.manifest, locale, canReadDrafts: reader.canReadDrafts }
  const fields = await versionFields(context, { ...reader.version, name }, page, variant)
  const hash = await blobHash(`${variant.blob}\n${JSON.stringify(fields)}`)
  return { hash, private: variant.draft, load: async () => withVersionFields(await plain.load(), fields) }
}

async function resolveSlug(reader: ReadContext, requested: string): Promise<{ slug: string; bySuffix: boolean; route: Route | null }> {
  const route = await reader.store.route(reader.manifest, reader.docs, requested)
  if (route || !requested.endsWith(MARKDOWN_SUFFIX)) return { slug: requested, bySuffix: false, route }
  const slug = requested.slice(0, -MARKDOWN_SUFFIX.length)
  return { slug, bySuffix: true, route: await reader.store.route(reader.manifest, reader.docs, slug) }
}

/** The page at `slug`; the build collapsed redirect chains, so a redirect never leads to another. */
async function pageAt(reader: ReadContext, slug: string): Promise<RouteEntry | undefined> {
  const route = await reader.store.route(reader.manifest, reader.docs, slug)
  return route?.kind === 'page' ? route.page : undefined
}

/** Redirects lead to the page's default-locale slug; one to a hidden draft is no redirect at all, and names nothing. */
async function redirectTo(reader: ReadContext, from: string, to: string, bySuffix: boolean): Promise<DocumentAnswer> {
  const target = visibleVariant(await pageAt(reader, to), reader.site.defaultLocale, reader.canReadDrafts)
  return target ? { kind: 'redirect', slug: to, bySuffix, private: target.draft } : { kind: 'missing', slug: from, bySuffix }
}
