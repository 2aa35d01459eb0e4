import { html } from 'hono/html'
import type { VersionStatus } from '../../../contract/index.ts'
import type { Document } from '../api.ts'
import { pageUrl, type Site } from '../site.ts'
import { fill, type PreviewText } from '../strings/index.ts'
import { documentIn, siteVersion, type VersionMenu } from '../versions.ts'
import type { Html } from './shapes.ts'

const STATUS_TEXT = {
  current: 'statusCurrent',
  maintained: 'statusMaintained',
  unmaintained: 'statusUnmaintained',
  unreleased: 'statusUnreleased',
} as const satisfies Record<VersionStatus, keyof PreviewText>

/** A disclosure of links, so that it works without JavaScript and each version is a real URL. */
export function versionSwitcher(menu: VersionMenu, text: PreviewText): Html {
  return html`<nav class="versions" aria-label="${text.versions}"><details class="menu"><summary>${menu.current.name}</summary><ul>${menu.links.map(
    (link) =>
      html`<li><a href="${link.url}"${link.name === menu.current.name ? html` aria-current="true"` : ''}>${link.label} <span class="version-status">${text[STATUS_TEXT[link.status]]}</span></a></li>`,
  )}</ul></details></nav>`
}

/** Readers of an unmaintained or unreleased version are told so, with the way to this page (else the home) in the default version. */
export function versionBanner(site: Site, doc: Document, text: PreviewText): Html | '' {
  const reading = siteVersion(site, doc.version)
  const latest = siteVersion(site, site.defaultVersion)
  if (!reading || !latest || (reading.status !== 'unmaintained' && reading.status !== 'unreleased')) return ''
  const samePage = documentIn(site, doc, latest.name)
  const link = samePage
    ? html`<a href="${samePage}">${fill(text.samePageInDefault, { version: latest.label })}</a>`
    : html`<a href="${pageUrl(site, doc.requestedLocale, 'index', latest.name)}">${fill(text.homeOfDefault, { version: latest.label })}</a>`
  const says = reading.status === 'unmaintained' ? text.unmaintainedBanner : text.unreleasedBanner
  return html`<p class="notice version-banner" role="note">${fill(says, { version: reading.label })} ${link}</p>`
}

/** On a version's home reached from the switcher: the page the reader was on is not in this version. */
export function missingNotice(site: Site, doc: Document, text: PreviewText): Html | '' {
  const reading = siteVersion(site, doc.version)
  return reading ? html`<p class="notice" role="note">${fill(text.missingInVersion, { version: reading.label })}</p>` : ''
}
