import { html, raw } from 'hono/html'
import type { Releases } from '../api.ts'
import { localPath } from '../site.ts'
import { previewText } from '../strings/index.ts'
import type { Html } from './shapes.ts'

interface ReleaseFilters {
  /** Every stream the site has, for the checkboxes. */
  streams: string[]
  chosen: string[]
  version: string
  /** The API's complaint about the filters (an invalid range), shown beside them. */
  problem: string | null
}

/** Release notes with a filter form that works without JavaScript: a GET to this page, as the API's query. */
export function releasesMain(releases: Releases, filters: ReleaseFilters, locale: string): Html {
  const text = previewText(locale)
  return html`<h1>${text.releaseNotes}</h1>
<form class="release-filters" method="get" action="/releases">
  <input type="hidden" name="locale" value="${locale}">
  <fieldset>
    <legend>${text.streams}</legend>
    ${filters.streams.map(
      (stream) => html`<label><input type="checkbox" name="stream" value="${stream}"${filters.chosen.includes(stream) ? html` checked` : ''}> ${stream}</label>`,
    )}
  </fieldset>
  <label>${text.versions} <input name="version" value="${filters.version}" placeholder="${text.versionPlaceholder}" aria-describedby="version-help${filters.problem ? ' version-problem' : ''}"></label>
  <small id="version-help">${text.versionHelp}</small>
  ${filters.problem ? html`<p id="version-problem" class="notice error" role="alert">${filters.problem}</p>` : ''}
  <button type="submit">${text.filter}</button>
</form>
${releases.streams.map(
  (stream) => html`<section class="stream" aria-labelledby="stream-${stream.name}">
  <h2 id="stream-${stream.name}">${stream.name}</h2>
  ${stream.releases.length === 0 ? html`<p>${text.noReleaseMatches}</p>` : ''}
  ${stream.releases.map(
    (release) => html`<article class="release" id="${stream.name}-${release.version}">
    <h3>${release.version}${release.title && release.title !== release.version ? html` · ${release.title}` : ''}</h3>
    <p class="release-meta"><time datetime="${release.date}">${release.date}</time>${release.breaking ? html` <span class="badge breaking">${text.breaking}</span>` : ''}</p>
    ${raw(nested(release.html, 4, `${stream.name}-${release.version}`))}
    ${release.upgrade ? html`<h4>${text.upgradeNotes}</h4>${raw(nested(release.upgrade.html, 5, `${stream.name}-${release.version}-upgrade`))}` : ''}
    ${
      release.related.length > 0
        ? html`<p>${text.related} ${release.related.map((related, index) => html`${index > 0 ? ', ' : ''}<a href="${localPath(related.url)}">${related.title}</a>`)}</p>`
        : ''
    }
  </article>`,
  )}
</section>`,
)}`
}

/**
 * A note is written as a page of its own (its sections are `##`), but here it sits under its
 * release's h3, among other notes: its headings move down so that its top level is `top` (as far
 * as h6), and its ids, and its links to them, take the `scope` prefix, so that two notes' `## Fixed`
 * stay two anchors. The HTML is the API's, sanitized by the build: `<hN` and `id="` are only markup.
 */
function nested(fragment: string, top: number, scope: string): string {
  const tag = /<(\/?)h([1-6])(?=[\s>])/g
  const levels = [...fragment.matchAll(tag)].map((match) => Number(match[2]))
  const shift = levels.length === 0 ? 0 : top - Math.min(...levels)
  return fragment.replace(tag, (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + shift)}`).replace(/(\sid="|\shref="#)(?=[^"])/g, `$1${scope}-`)
}
