import { html, raw } from 'hono/html'
import type { DocumentNav, EditInfo, TocEntry } from '../../../contract/index.ts'
import type { Document } from '../api.ts'
import { pageUrl, type Site } from '../site.ts'
import { fill, languageName, previewText, type PreviewText } from '../strings/index.ts'
import { operationHead, withoutRequestLine } from './operation.ts'
import type { Html } from './shapes.ts'
import { missingNotice, versionBanner } from './versions.ts'

/**
 * The page itself: the version's banner, breadcrumbs, notices, the document's HTML as the API
 * serves it, edit line, prev/next. `missing`: the switcher sent the reader here, a version's home,
 * from a page this version does not have.
 */
export function documentMain(site: Site, doc: Document, missing: boolean): Html {
  // Links stay in the locale the reader asked for, also on a page shown in the default locale.
  const url = (slug: string) => pageUrl(site, doc.requestedLocale, slug, doc.version)
  const reader = doc.requestedLocale
  const text = previewText(reader)
  // A body that opens with its own H1, or with a hero (whose H1 is the splash page's title), already shows the title.
  const ownTitle = /^\s*<h1[\s>]/.test(doc.html) || doc.hero ? '' : html`<h1>${doc.title}</h1>`
  // An operation's head says what its description would (the request line the build gives it).
  const { operation } = doc
  const lead = operation ? operationHead(operation, text) : doc.description && !doc.hero ? html`<p class="lead">${doc.description}</p>` : ''
  const body = operation ? withoutRequestLine(doc.html, operation) : doc.html
  return html`${versionBanner(site, doc, text)}
${missing ? missingNotice(site, doc, text) : ''}
${breadcrumbs(doc.nav, doc.title, url, text)}
${doc.draft ? html`<p class="notice draft" role="note"><strong>${text.draftNoticeTitle}</strong> ${text.draftNotice}</p>` : ''}
${
  doc.fallback
    ? html`<p class="notice fallback" role="note">${fill(text.fallbackNotice, { requested: languageName(reader, reader), shown: languageName(doc.locale, reader) })}</p>`
    : ''
}
<article class="doc" lang="${doc.locale}">
${ownTitle}
${lead}
${raw(focusableTables(body))}
</article>
${editLine(doc.edit, reader, text)}
${pager(doc.nav, url, text)}`
}

/** The TOC beside the page; its links are the heading ids of the HTML, as the API promises. */
export function tocAside(toc: TocEntry[], locale: string): Html | '' {
  if (toc.length === 0) return ''
  const onThisPage = previewText(locale).onThisPage
  // The button folds the TOC on a phone, where it sits above the page (style.ts).
  return html`<aside class="toc" aria-labelledby="toc-title"><h2 id="toc-title">${onThisPage}</h2><button type="button" class="fold-button" aria-expanded="false" aria-controls="toc-list">${onThisPage}</button><div id="toc-list" class="toc-list">${tocList(toc)}</div></aside>`
}

/**
 * The preview lets a wide table scroll sideways (style.ts), so a keyboard must reach it, as it
 * reaches code blocks (the build's tabindex). The HTML is sanitized, so `<table` is only a tag.
 */
function focusableTables(fragment: string): string {
  return fragment.replace(/<table(?=[\s>])/g, '<table tabindex="0"')
}

function tocList(entries: TocEntry[]): Html {
  return html`<ul>${entries.map((entry) => html`<li><a href="#${entry.id}">${entry.text}</a>${entry.children.length > 0 ? tocList(entry.children) : ''}</li>`)}</ul>`
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
