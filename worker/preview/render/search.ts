import { html, raw } from 'hono/html'
import type { SearchAnswer } from '../api.ts'
import { queryOf } from '../query.ts'
import { localPath } from '../site.ts'
import { fill, previewText } from '../strings/index.ts'
import type { Html } from './shapes.ts'

/** The search form's answer without JavaScript; with it, the same form searches as you type. */
export function searchMain(
  query: string,
  answer: SearchAnswer | null,
  section: string | null,
  scope: { locale: string; version: string | null },
  problem: string | null,
  sectionTitles: Record<string, string>,
): Html {
  const text = previewText(scope.locale)
  const base = searchPath(query, scope.locale, scope.version)
  const counts = answer ? (answer.facets?.sections ?? countSections(answer)) : {}
  // Older workers ignore `filters`, so the section is applied here as well.
  const results = answer ? answer.results.filter((result) => section === null || result.section === section) : []
  return html`<h1>${text.searchTitle}</h1>
${problem ? html`<p class="notice error" role="alert">${problem}</p>` : ''}
${query === '' ? html`<p>${text.typeQuery}</p>` : html`<p role="status">${fill(text.resultsFor, { query, count: String(results.length) })}</p>`}
${
  Object.keys(counts).length > 1
    ? html`<nav class="facets" aria-label="${text.searchFilters}"><a href="${base}"${section === null ? html` aria-current="true"` : ''}>${text.allSections}</a>${Object.entries(
        counts,
      ).map(
        ([name, count]) =>
          html` <a href="${base}&section=${encodeURIComponent(name)}"${section === name ? html` aria-current="true"` : ''}>${sectionTitles[name] ?? name} (${count})</a>`,
      )}</nav>`
    : ''
}
<ol class="results">${results.map(
    (result) => html`<li><a href="${localPath(result.url)}">${result.title}${result.heading ? html` › ${result.heading.text}` : ''}</a>
<p>${raw(result.excerpt)}</p></li>`,
  )}</ol>`
}

/** The search page for a query in a locale and a version (of a site with named versions). */
export function searchPath(query: string, locale: string, version: string | null): string {
  return `/search?${queryOf({ q: query, locale, version })}`
}

function countSections(answer: SearchAnswer): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const result of answer.results) counts[result.section] = (counts[result.section] ?? 0) + 1
  return counts
}
