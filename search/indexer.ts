import type { IndexedDocument, IndexSettings, SearchIndexData } from './index-data.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { displayOf, sectionsTerms, titleTerms } from './records.ts'
import { TermTable } from './term-table.ts'
import { addDocumentPostings, compareTerms, stopTermIds, type PlacedTerms, type TermLists } from './term-lists.ts'
import { normalizeTerm } from './tokenize.ts'

/**
 * One record per document intro and per heading section, so a hit points at
 * `slug#anchor`. Titles (with their keywords) count on the intro record, headings on their section.
 * search/index-builder.ts gives the same index, kept between builds.
 */
export function indexDocuments(locale: string, documents: IndexedDocument[], settings: IndexSettings = {}, options: SearchOptions = SEARCH_OPTIONS): SearchIndexData {
  const table = new TermTable()
  const lists: TermLists = { text: [], field: [] }
  const placed: PlacedTerms[] = []
  const recordLengths: number[] = []
  for (const document of documents) {
    const terms = sectionsTerms(document.sections, locale, table)
    const place = { terms, title: titleTerms(document, locale, table), firstRecord: recordLengths.length }
    addDocumentPostings(lists, place)
    placed.push(place)
    recordLengths.push(...terms.recordLengths)
  }
  const counts = { termCount: table.terms.length, countOf: (id: number) => lists.text[id]?.length ?? 0, firstRecordOf: (id: number) => Math.floor((lists.text[id]?.[0] ?? 0) / 2) }
  const stopIds = stopTermIds(counts, placed, recordLengths.length, options)
  const stop = new Set(stopIds)
  const ids: number[] = []
  table.terms.forEach((_, id) => {
    if ((!stop.has(id) && lists.text[id]) || lists.field[id]) ids.push(id)
  })
  ids.sort((a, b) => compareTerms(table.terms[a] as string, table.terms[b] as string))
  return {
    ...indexHeader(locale, documents, settings),
    docRecords: placed.map((place) => place.terms.recordLengths.length),
    recordLengths,
    terms: ids.map((id) => table.terms[id] as string),
    textLists: ids.map((id) => (stop.has(id) ? [] : (lists.text[id] ?? []))),
    fieldLists: ids.map((id) => lists.field[id] ?? []),
    stopTerms: stopIds.map((id) => table.terms[id] as string),
    display: documents.map((document) => displayOf(document, options)),
  }
}

/** What the index says of each document besides its terms: section, draft, tags; and the locale and synonyms. */
export function indexHeader(locale: string, documents: IndexedDocument[], settings: IndexSettings) {
  const sections = [...new Set(documents.map((document) => document.section))].sort()
  const tags = [...new Set(documents.flatMap((document) => document.tags))].sort()
  const sectionAt = new Map(sections.map((section, position) => [section, position]))
  const tagAt = new Map(tags.map((tag, position) => [tag, position]))
  return {
    locale,
    sections,
    docSection: documents.map((document) => sectionAt.get(document.section) as number),
    docDraft: documents.map((document) => document.draft),
    tags,
    docTags: documents.map((document) => [...new Set(document.tags)].map((tag) => tagAt.get(tag) as number)),
    synonyms: (settings.synonyms ?? []).map((group) => group.map(normalizeTerm)),
  }
}
