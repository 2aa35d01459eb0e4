import { html, raw } from 'hono/html'
import type { DocumentNav, EditInfo, TocEntry } from '../../../contract/index.ts'
import type { Document } from '../api.ts'
import { localeLabel, pageUrl, type Site } from '../site.ts'
import type { Html } from './layout.ts'

/** The page itself: breadcrumbs, notices, the document's HTML as the API serves it, edit line, prev/next. */
export function documentMain(site: Site, doc: Document): Html {
  // Links stay in the locale the reader asked for, also on a page shown in the default locale.
  const url = (slug: string) => pageUrl(site, doc.requestedLocale, slug)
  // A body that opens with its own H1 already shows the title.
  const ownTitle = /^\s*<h1[\s>]/.test(doc.html) ? '' : html`<h1>${doc.title}</h1>`
  return html`${breadcrumbs(doc.nav, doc.title, url)}
${doc.draft ? html`<p class="notice draft" role="note"><strong>Draft.</strong> Readers do not see this page; it is shown because drafts are on.</p>` : ''}
${
  doc.fallback
    ? html`<p class="notice fallback" role="note" lang="en">This page is not translated into ${localeLabel(doc.requestedLocale)} yet: it is shown in ${localeLabel(doc.locale)}.</p>`
    : ''
}
<article class="doc" lang="${doc.locale}">
${ownTitle}
${doc.description ? html`<p class="lead">${doc.description}</p>` : ''}
${raw(focusableTables(doc.html))}
</article>
${editLine(doc.edit, doc.locale)}
${pager(doc.nav, url)}`
}

/** The TOC beside the page; its links are the heading ids of the HTML, as the API promises. */
export function tocAside(toc: TocEntry[]): Html | '' {
  if (toc.length === 0) return ''
  // The button folds the TOC on a phone, where it sits above the page (style.ts).
  return html`<aside class="toc" aria-labelledby="toc-title"><h2 id="toc-title">On this page</h2><button type="button" class="fold-button" aria-expanded="false" aria-controls="toc-list">On this page</button><div id="toc-list" class="toc-list">${tocList(toc)}</div></aside>`
}

/**
 * The preview lets a wide table scroll sideways (style.ts), so a keyboard must reach it, as it
 * reaches code blocks (the build's tabindex). The HTML is sanitized, so `<table` is only a tag.
 */
function focusableTables(fragment: string): string {
  return fragment.replace(/<table(?=[\s>])/g, '<table tabindex="0"')
}

function tocList(entries: TocEntry[]): Html {
  return html`<ul>${entries.map(
    (entry) => html`<li><a href="#${entry.id}">${entry.text}</a>${entry.children.length > 0 ? tocList(entry.children) : ''}</li>`,
  )}</ul>`
}

function breadcrumbs(nav: DocumentNav, title: string, url: (slug: string) => string): Html | '' {
  // The API's trail holds the ancestors; the page itself ends it here.
  if (nav.breadcrumbs.length === 0) return ''
  return html`<nav class="crumbs" aria-label="Breadcrumb"><ol>${nav.breadcrumbs.map(
    (crumb) => html`<li><a href="${url(crumb.slug)}">${crumb.title}</a></li>`,
  )}<li aria-current="page">${title}</li></ol></nav>`
}

function editLine(edit: EditInfo, locale: string): Html | '' {
  if (!edit.url && !edit.lastModified) return ''
  const date = edit.lastModified ? new Date(edit.lastModified) : null
  const when =
    date && !Number.isNaN(date.getTime())
      ? html`Last updated <time datetime="${edit.lastModified}">${new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date)}</time>${
          edit.author ? html` by ${edit.author}` : ''
        }`
      : ''
  return html`<p class="edit">${edit.url ? html`<a href="${edit.url}" rel="noopener">Edit this page</a>` : ''}${edit.url && when ? ' · ' : ''}${when}</p>`
}

function pager(nav: DocumentNav, url: (slug: string) => string): Html | '' {
  if (!nav.prev && !nav.next) return ''
  return html`<nav class="pager" aria-label="Previous and next page">
${nav.prev ? html`<a rel="prev" href="${url(nav.prev.slug)}"><span>Previous</span> ${nav.prev.title}</a>` : html`<span></span>`}
${nav.next ? html`<a rel="next" href="${url(nav.next.slug)}"><span>Next</span> ${nav.next.title}</a>` : ''}
</nav>`
}
