import { html, raw } from 'hono/html'
import { ASSETS } from '../assets/index.ts'
import { DRAFTS_PATH } from '../drafts.ts'
import { pageUrl, sectionTitles } from '../site.ts'
import { previewText, textDirection, type PreviewText } from '../strings/index.ts'
import { localeSwitcher } from './locales.ts'
import { sidebar } from './sidebar.ts'
import type { Chrome, Html } from './shapes.ts'
import { versionSwitcher } from './versions.ts'

export function layout(chrome: Chrome, main: Html, aside: Html | '' = ''): Html {
  const { site, locale } = chrome
  const title = site ? `${chrome.title} · ${site.title}` : chrome.title
  const localeQuery = site && locale !== site.defaultLocale ? `?locale=${encodeURIComponent(locale)}` : ''
  const text = previewText(locale)
  const version = chrome.versions?.current
  return html`<!doctype html>
<html lang="${locale}" dir="${textDirection(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
${chrome.description ? html`<meta name="description" content="${chrome.description}">` : ''}
${chrome.canonical ? html`<link rel="canonical" href="${chrome.canonical}">` : ''}
${chrome.forAgents ? html`<link rel="alternate" type="text/markdown" href="${chrome.forAgents.markdown}"><link rel="describedby" href="${chrome.forAgents.llms}">` : ''}
${version?.status === 'unmaintained' ? html`<meta name="robots" content="noindex">` : ''}
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSETS.css.path}">
<script type="module" src="${ASSETS.js.path}"></script>
${scriptText(text, site ? sectionTitles(site, locale) : {})}
</head>
<body data-build="${site?.buildId ?? ''}" data-locale="${locale}"${version ? html` data-version="${version.name}"` : ''}${chrome.live ? html` data-live` : ''}${chrome.token ? html` data-token="${chrome.token}"` : ''}>
<a class="skip" href="#content">${text.skipToContent}</a>
<header class="top">
  <a class="brand" href="${site ? pageUrl(site, locale, 'index', version?.name) : '/'}">${site?.title ?? text.siteFallbackTitle}</a>
  <form role="search" class="search" action="/search" method="get">
    <label for="search-input" class="visually-hidden">${text.searchLabel}</label>
    <input id="search-input" name="q" type="search" placeholder="${text.searchPlaceholder}" autocomplete="off" spellcheck="false"
      role="combobox" aria-expanded="false" aria-controls="search-results" aria-autocomplete="list" aria-keyshortcuts="/ Control+K Meta+K">
    <kbd class="search-key" aria-hidden="true">/</kbd>
    <input type="hidden" name="locale" value="${locale}">
    ${version ? html`<input type="hidden" name="version" value="${version.name}">` : ''}
    <div id="search-panel" class="search-panel" hidden>
      <div id="search-facets" class="facets" role="group" aria-label="${text.searchFilters}"></div>
      <ul id="search-results" role="listbox" aria-label="${text.searchResults}"></ul>
      <p id="search-status" class="search-status" role="status"></p>
    </div>
  </form>
  ${chrome.versions ? versionSwitcher(chrome.versions, text) : ''}
  ${localeSwitcher(chrome)}
  <a class="releases-link" href="/releases${localeQuery}">${text.releaseNotes}</a>
  ${chrome.draftsBack === null ? '' : draftsToggle(chrome.draftsBack, chrome.draftsOn, text)}
</header>
<div class="layout${aside ? ' with-toc' : ''}">
  <div class="sidebar">
    <button type="button" class="fold-button" aria-expanded="false" aria-controls="docs-nav">${text.menu}</button>
    <nav id="docs-nav" aria-label="${text.docsNavigation}">${sidebar(chrome.navigation, chrome.current, text)}</nav>
  </div>
  <main id="content" tabindex="-1">${main}</main>
  ${aside}
</div>
${chrome.live ? problemsOverlay(text) : ''}
</body>
</html>`
}

/** Filled and shown by the page's script while the last build has problems. */
const problemsOverlay = (text: PreviewText) => html`<section id="build-problems" class="problems" role="alert" aria-labelledby="build-problems-title" hidden>
  <h2 id="build-problems-title">${text.buildFailed}</h2>
  <p>${text.buildFailedHint}</p>
  <ul></ul>
</section>`

/** A form, so that it works without JavaScript; the server keeps the choice in a cookie. */
function draftsToggle(back: string, on: boolean, text: PreviewText): Html {
  return html`<form class="drafts" method="post" action="${DRAFTS_PATH}">
    <input type="hidden" name="back" value="${back}">
    <input type="hidden" name="show" value="${on ? 'off' : 'on'}">
    <button type="submit" aria-pressed="${on ? 'true' : 'false'}">${text.showDrafts}</button>
  </form>`
}

/** What the page's script shows, in the page's language: read from here, so the script holds no text of its own. */
function scriptText(text: PreviewText, sections: Record<string, string>): Html {
  const { searchUnavailable, groupUnavailable, noResults, resultCount, allSections, tab, draftBadge, untranslated, untranslatedHint } = text
  // `<` escaped, so that no text can close the element.
  const json = JSON.stringify({ searchUnavailable, groupUnavailable, noResults, resultCount, allSections, tab, draftBadge, untranslated, untranslatedHint, sections }).replace(
    /</g,
    '\\u003c',
  )
  return html`<script type="application/json" id="preview-text">${raw(json)}</script>`
}
