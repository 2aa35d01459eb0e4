import type { IndexedSection, RecordTermsText } from './index-data.ts'
import { headingStartOf, packTerms, sectionsTerms, textStartOf, type SectionsTerms } from './records.ts'
import { TermTable } from './term-table.ts'

// A page's terms: tokenized from its sections, read from what its renderer wrote, or kept from an earlier index.

/**
 * Tokens kept per `sections` array, which the renderer reuses for an
 * unchanged document. Builders of one build may share one: words of spaced
 * scripts do not depend on the index's locale, so a default-locale page that
 * the second locale shows as a fallback is tokenized once.
 */
export interface TokenCache {
  readonly table: TermTable
  readonly bySections: WeakMap<object, Map<string, SectionsTerms>>
}

export function createTokenCache(): TokenCache {
  return { table: new TermTable(), bySections: new WeakMap() }
}

/**
 * The terms of `sections` for an index of `locale`, from the cache when it
 * has them, else from what `written` gives (recordTermsText of the same
 * sections, read only then), else tokenized; `source` stands for the
 * sections (see SECTIONS_SOURCE). Terms made here are cached under `source`
 * unless `keep` is false (a one-shot index, which reads each page once).
 */
export function cachedSectionsTerms(
  cache: TokenCache,
  sections: IndexedSection[],
  locale: string,
  source: object = sections,
  written: () => RecordTermsText | null | undefined = () => null,
  keep = true,
): SectionsTerms {
  const found = cachedTermsOf(cache, source, locale)
  if (found) return found
  const text = written()
  const terms = text ? readRecordTerms(text, cache.table) : sectionsTerms(sections, locale, cache.table)
  if (keep) cacheTerms(cache, source, terms.localeBound ? locale : '', terms)
  return terms
}

/**
 * Reads the terms its renderer wrote for `source` into the cache, ahead of
 * the indexes that will show it, in any locale (written terms hold for every
 * locale): a build from the render cache reads them while it makes the rest.
 */
export function readTermsAhead(cache: TokenCache, source: object, written: RecordTermsText): void {
  if (!cachedTermsOf(cache, source, '')) cacheTerms(cache, source, '', readRecordTerms(written, cache.table))
}

function cachedTermsOf(cache: TokenCache, source: object, locale: string): SectionsTerms | undefined {
  const byLocale = cache.bySections.get(source)
  return byLocale?.get('') ?? byLocale?.get(locale)
}

function cacheTerms(cache: TokenCache, source: object, locale: string, terms: SectionsTerms): void {
  let byLocale = cache.bySections.get(source)
  if (!byLocale) {
    byLocale = new Map()
    cache.bySections.set(source, byLocale)
  }
  byLocale.set(locale, terms)
}

// No term holds either character: a term is made of letters, marks, digits and connectors.
const TERM_END = '\n'
const REPEATED = '\u0001'

/**
 * The terms of `sections` as text (see RecordTermsText), or null when a
 * section needs a locale's dictionary (Chinese, Japanese, Thai…): those
 * words hold for one locale, so each index tokenizes them itself.
 */
export function recordTermsText(sections: IndexedSection[]): RecordTermsText | null {
  const table = new TermTable()
  // The words of scripts written with spaces are the same in every locale.
  const terms = sectionsTerms(sections, 'und', table)
  if (terms.localeBound) return null
  const written = (start: number, end: number) => {
    let out = ''
    for (let at = start; at < end; at++) {
      const id = terms.packed[at] as number
      out += `${table.terms[id >> 1]}${id % 2 === 1 ? REPEATED : ''}${TERM_END}`
    }
    return out
  }
  const records = terms.recordLengths.map((_, record) => record)
  return {
    lengths: terms.recordLengths,
    text: records.map((record) => written(textStartOf(terms, record), textStartOf(terms, record + 1))),
    headings: records.map((record) => written(headingStartOf(terms, record), headingStartOf(terms, record + 1))),
  }
}

/**
 * The terms `recordTermsText` wrote, with ids from `table`: what
 * `sectionsTerms(sections, locale, table)` gives for the same sections, ids
 * included, as the terms are met in the same order.
 */
function readRecordTerms(written: RecordTermsText, table: TermTable): SectionsTerms {
  const text: number[] = []
  const headings: number[] = []
  const textEnds: number[] = []
  const headingEnds: number[] = []
  for (let record = 0; record < written.lengths.length; record++) {
    readTerms(written.text[record] ?? '', table, text)
    readTerms(written.headings[record] ?? '', table, headings)
    textEnds.push(text.length)
    headingEnds.push(headings.length)
  }
  return packTerms(written.lengths, text, textEnds, headings, headingEnds, false)
}

function readTerms(list: string, table: TermTable, out: number[]): void {
  let start = 0
  for (let end = list.indexOf(TERM_END); end !== -1; start = end + 1, end = list.indexOf(TERM_END, start)) {
    const repeated = list.charCodeAt(end - 1) === REPEATED.charCodeAt(0)
    out.push(table.idIn(list, start, repeated ? end - 1 : end) * 2 + (repeated ? 1 : 0))
  }
}
