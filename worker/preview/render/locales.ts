import { html } from 'hono/html'
import { localeLabel } from '../site.ts'
import { previewText } from '../strings/index.ts'
import type { Chrome, Html } from './shapes.ts'

/**
 * Up to this many locales are links in the header itself; more would wrap it onto a second
 * line at a laptop's width, so they fold into a menu.
 */
const INLINE_LOCALES = 3

/** This page in each locale, each named in its own language: a row of links, or a menu when there are many. */
export function localeSwitcher(chrome: Chrome): Html | '' {
  const { localeLinks, locale } = chrome
  if (localeLinks.length < 2) return ''
  const links = html`<ul>${localeLinks.map(
    (link) =>
      html`<li><a href="${link.url}" hreflang="${link.locale}" lang="${link.locale}"${link.locale === locale ? html` aria-current="true"` : ''}>${localeLabel(link.locale)}</a></li>`,
  )}</ul>`
  const label = previewText(locale).languages
  if (localeLinks.length <= INLINE_LOCALES) return html`<nav class="locales" aria-label="${label}">${links}</nav>`
  // A disclosure of links, as the version switcher: it opens without JavaScript and each locale is a real URL.
  return html`<nav class="locales" aria-label="${label}"><details class="menu"><summary>${GLOBE}${localeLabel(locale)}</summary>${links}</details></nav>`
}

const GLOBE = html`<svg class="menu-icon" aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16"><path fill="none" stroke="currentColor" stroke-width="1.2" d="M8 .6a7.4 7.4 0 1 0 0 14.8A7.4 7.4 0 1 0 8 .6ZM.6 8h14.8M8 .6C6 2.6 5 5 5 8s1 5.4 3 7.4M8 .6c2 2 3 4.4 3 7.4s-1 5.4-3 7.4"/></svg>`
