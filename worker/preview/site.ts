import { documentUrl } from '../../contract/index.ts'
import type { Answer, Api } from './api.ts'

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
}

/** The site as `/v1/status` describes the live build. */
export async function loadSite(api: Api): Promise<Answer<Site>> {
  const status = await api.status()
  if (!status.ok) return status
  const { buildId, site } = status.body
  const others = site.locales.filter((locale) => locale !== site.defaultLocale)
  const basePath = new URL(site.baseUrl, ORIGIN).pathname
  const body: Site = { title: site.title, buildId, defaultLocale: site.defaultLocale, locales: [site.defaultLocale, ...others], basePath, sections: site.sections }
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

/** The preview's URL of a document: the URL the API gives it, on this server. */
export function pageUrl(site: Site, locale: string, slug: string): string {
  return localPath(documentUrl(site.basePath, site.defaultLocale, locale, slug))
}

/** The locale and slug a document URL names (the inverse of pageUrl), or null outside the docs. */
export function pageAt(site: Site, path: string): { locale: string; slug: string } | null {
  const base = site.basePath
  if (`${path}/` === base) return { locale: site.defaultLocale, slug: 'index' }
  if (!path.startsWith(base)) return null
  let rest: string
  try {
    rest = decodeURIComponent(path.slice(base.length))
  } catch {
    return null
  }
  const [first, ...others] = rest.split('/')
  const prefixed = first !== undefined && first !== site.defaultLocale && site.locales.includes(first)
  const slug = (prefixed ? others.join('/') : rest).replace(/\/$/, '')
  return { locale: prefixed ? (first as string) : site.defaultLocale, slug: slug === '' ? 'index' : slug }
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
