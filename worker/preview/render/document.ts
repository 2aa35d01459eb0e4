import { html, raw } from 'hono/html'
import type { DocumentNav, EditInfo, TocEntry } from '../../../contract/index.ts'
import type { Document } from '../api.ts'
import { pageUrl, type Site } from '../site.ts'
import { fill, languageName, previewText, type PreviewText } from '../strings/index.ts'
import type { Html } from './layout.ts'

/** The page itself: breadcrumbs, notices, the document's HTML as the API serves it, edit line, prev/next. */
export function documentMain(site: Site, doc: Document): Html {
  // Links stay in the locale the reader asked for, also on a page shown in the default locale.
  const url = (slug: string) => pageUrl(site, doc.requestedLocale, slug)
  const reader = doc.requestedLocale
  const text = previewText(reader)
  // A body that opens with its own H1 already shows the title.
  const ownTitle = /^\s*<h1[\s>]/.test(doc.html) ? '' : html`<h1>${doc.title}</h1>`
  return html`${breadcrumbs(doc.nav, doc.title, url, text)}
${doc.draft ? html`<p class="notice draft" role="note"><strong>${text.draftNoticeTitle}</strong> ${text.draftNotice}</p>` : ''}
${
  doc.fallback
    ? html`<p class="notice fallback" role="note">${fill(text.fallbackNotice, { requested: languageName(reader, reader), shown: languageName(doc.locale, reader) })}</p>`
    : ''
}
<article class="doc" lang="${doc.locale}">
${ownTitle}
${doc.description ? html`<p class="lead">${doc.description}</p>` : ''}
${raw(doc.html)}
</article>
${editLine(doc.edit, reader, text)}
${pager(doc.nav, url, text)}`
}

/** The TOC beside the page; its links are the heading ids of the HTML, as the API promises. */
export function tocAside(toc: TocEntry[], locale: string): Html | '' {
  if (toc.length === 0) return ''
  return html`<aside class="toc" aria-labelledby="toc-title"><h2 id="toc-title">${previewText(locale).onThisPage}</h2>${tocList(toc)}</aside>`
}

function tocList(entries: TocEntry[]): Html {
  return html`<ul>${entries.map(
    (entry) => html`<li><a href="#${entry.id}">${entry.text}</a>${entry.children.length > 0 ? tocList(entry.children) : ''}</li>`,
  )}</ul>`
}

function breadcrumbs(nav: DocumentNav, title: string, url: (slug: string) => string, text: PreviewText): Html | '' {
  // The API's trail holds the ancestors; the page itself ends it here.
  if (nav.breadcrumbs.length === 0) return ''
  return html`<nav class="crumbs" aria-label="${text.breadcrumb}"><ol>${nav.breadcrumbs.map(
    (crumb) => html`<li><a href="${url(crumb.slug)}">${crumb.title}</a></li>`,
  )}<li aria-current="page">${title}</li></ol></nav>`
}

function editLine(edit: EditInfo, locale: string, text: PreviewText): Html | '' {
  if (!edit.url && !edit.lastModified) return ''
  const date = edit.lastModified ? new Date(edit.lastModified) : null
  const when =
    date && !Number.isNaN(date.getTime())
      ? fill(edit.author ? text.lastUpdatedBy : text.lastUpdated, {
          date: html`<time datetime="${edit.lastModified}">${new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date)}</time>`,
          author: html`${edit.author}`,
        })
      : ''
  return html`<p class="edit">${edit.url ? html`<a href="${edit.url}" rel="noopener">${text.editPage}</a>` : ''}${edit.url && when ? ' · ' : ''}${when}</p>`
}

function pager(nav: DocumentNav, url: (slug: string) => string, text: PreviewText): Html | '' {
  if (!nav.prev && !nav.next) return ''
  return html`<nav class="pager" aria-label="${text.pager}">
${nav.prev ? html`<a rel="prev" href="${url(nav.prev.slug)}"><span>${text.previous}</span> ${nav.prev.title}</a>` : html`<span></span>`}
${nav.next ? html`<a rel="next" href="${url(nav.next.slug)}"><span>${text.next}</span> ${nav.next.title}</a>` : ''}
</nav>`
}
