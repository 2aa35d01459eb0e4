import { documentUrl, markdownUrl, versionBaseUrl, type VersionStatus } from '../../contract/index.ts'
import type { Answer, Api } from './api.ts'
import { queryOf } from './query.ts'

// Resolves the path-only URLs the API gives; never fetched.
const ORIGIN = 'http://preview.invalid'

/** What every page needs to know about the site, read from the public API only. */
export interface Site {
  title: string
  /** The live build, so that the page can tell when a newer one is published. */
  buildId: string
  defaultLocale: string
  /** The default locale first. */
  locales: string[]
  /** Where documents live: the path of `baseUrl` in site.yml, on this server. */
  basePath: string
  /** Each section with its title in every locale, as /v1/status gives them. */
  sections: Array<{ slug: string; title: Record<string, string> }>
  /** The named versions in site.yml's order, as /v1/versions lists them; none on a site without versions. */
  versions: SiteVersion[]
  /** The version served at `basePath` (alias `latest`); null on a site without versions. */
  defaultVersion: string | null
}

export interface SiteVersion {
  name: string
  /** What readers see: the label, else the name. */
  label: string
  status: VersionStatus
}

/** The site as `/v1/status` and `/v1/versions` describe the live build. */
export async function loadSite(api: Api): Promise<Answer<Site>> {
  const [status, listed] = await Promise.all([api.status(), api.versions()])
  if (!status.ok) return status
  if (!listed.ok) return listed
  const { buildId, site } = status.body
  const others = site.locales.filter((locale) => locale !== site.defaultLocale)
  const basePath = new URL(site.baseUrl, ORIGIN).pathname
  const versions = listed.body.versions.flatMap(({ name, label, status }) => (name === null ? [] : [{ name, label: label ?? name, status }]))
  const body: Site = {
    title: site.title,
    buildId,
    defaultLocale: site.defaultLocale,
    locales: [site.defaultLocale, ...others],
    basePath,
    sections: site.sections,
    versions,
    defaultVersion: listed.body.default,
  }
  return { ok: true, body }
}

/** Section titles in `locale`, by slug, as search facets name them. */
export function sectionTitles(site: Site, locale: string): Record<string, string> {
  return Object.fromEntries(site.sections.map((section) => [section.slug, section.title[locale] ?? section.slug]))
}

/** A URL from the API as a path on this server: `baseUrl` may name the production origin. */
export function localPath(url: string): string {
  const parsed = new URL(url, ORIGIN)
  return `${parsed.pathname}${parsed.search}${parsed.hash}`
}

/** The preview's URL of a document in a version (the default unless named): the URL the API gives it, on this server. */
export function pageUrl(site: Site, locale: string, slug: string, version = site.defaultVersion): string {
  const base = versionBaseUrl(site.basePath, version, version === site.defaultVersion)
  return localPath(documentUrl(base, site.defaultLocale, locale, slug))
}

/**
 * Where agents read a document served in `locale` and `version` (null on a site without versions):
 * its Markdown, and the llms.txt of that locale and version, as the API serves them; the defaults go unnamed.
 */
export function agentUrls(site: Site, locale: string, slug: string, version: string | null): { markdown: string; llms: string } {
  const named = version === site.defaultVersion ? null : version
  const llmsQuery = queryOf({ locale: locale === site.defaultLocale ? null : locale, version: named })
  return { markdown: markdownUrl(site.defaultLocale, locale, slug, named), llms: llmsQuery.size > 0 ? `/llms.txt?${llmsQuery}` : '/llms.txt' }
}

/** A page of the docs: in which version (null on a site without versions), locale and slug. */
export interface PageAddress {
  version: string | null
  locale: string
  slug: string
}

/** The page a document URL names (the inverse of pageUrl), or null outside the docs. */
export function pageAt(site: Site, path: string): PageAddress | null {
  const base = site.basePath
  if (`${path}/` === base) return { version: site.defaultVersion, locale: site.defaultLocale, slug: 'index' }
  if (!path.startsWith(base)) return null
  let segments: string[]
  try {
    segments = decodeURIComponent(path.slice(base.length)).split('/')
  } catch {
    return null
  }
  // Other versions live under their name (versionBaseUrl); the default one at the base itself.
  const named = site.versions.some((version) => version.name === segments[0] && version.name !== site.defaultVersion)
  const version = named ? (segments.shift() as string) : site.defaultVersion
  const [first] = segments
  const prefixed = first !== undefined && first !== site.defaultLocale && site.locales.includes(first)
  const slug = (prefixed ? segments.slice(1) : segments).join('/').replace(/\/$/, '')
  return { version, locale: prefixed ? (first as string) : site.defaultLocale, slug: slug === '' ? 'index' : slug }
}

/** A locale's name in its own language (`Français`), or its code when the runtime does not know it. */
export function localeLabel(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
  } catch {
    return locale
  }
}
