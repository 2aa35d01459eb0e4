import type { Document } from './api.ts'
import { pageUrl, type Site, type SiteVersion } from './site.ts'

/** Marks a version's home reached from the switcher because the page is not in that version: the home says so. */
export const MISSING_PAGE = 'missing'

/** The version switcher: the version being read, and where each version's entry leads. */
export interface VersionMenu {
  current: SiteVersion
  links: Array<SiteVersion & { url: string }>
}

/** A named version of the live build; null on a site without versions. */
export function siteVersion(site: Site, name: string | null | undefined): SiteVersion | null {
  return site.versions.find((version) => version.name === name) ?? null
}

/** The switcher of a page read in `current`, each entry leading to `urlIn(name)`; null on a site without versions. */
export function versionMenu(site: Site, current: string | null | undefined, urlIn: (version: string) => string): VersionMenu | null {
  const reading = siteVersion(site, current)
  if (!reading) return null
  return { current: reading, links: site.versions.map((version) => ({ ...version, url: urlIn(version.name) })) }
}

/** This document in `version`, in the reader's locale, by the API's `versions`; null when the page does not exist there. */
export function documentIn(site: Site, doc: Document, version: string): string | null {
  if (version === doc.version) return pageUrl(site, doc.requestedLocale, doc.slug, version)
  const peer = doc.versions?.find((other) => other.version === version)
  return peer ? pageUrl(site, doc.requestedLocale, peer.slug, version) : null
}

/** On a document the switcher keeps the page; where it does not exist, it leads to that version's home, which says so. */
export function documentVersionMenu(site: Site, doc: Document): VersionMenu | null {
  const home = (version: string) => `${pageUrl(site, doc.requestedLocale, 'index', version)}?${MISSING_PAGE}`
  return versionMenu(site, doc.version, (version) => documentIn(site, doc, version) ?? home(version))
}
