import type { DisplayDocument } from '../contract/index.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { normalizeTerm, tokenize } from './tokenize.ts'

/** A stretch of text under one heading (or before the first). */
export interface IndexedSection {
  heading: { id: string; text: string } | null
  text: string
}

/** A document as one locale's index sees it (its own text, or the default locale's on fallback). */
export interface IndexedDocument {
  docId: string
  slug: string
  locale: string
  section: string
  title: string
  draft: boolean
  tags: string[]
  sections: IndexedSection[]
}

/** What the site configures for a locale's index. */
export interface IndexSettings {
  /** Groups of equivalent words (`[k8s, kubernetes]`), matched at query time as each other. */
  synonyms?: string[][]
}

/** A posting list as numbers: record × 2 + flag (no object per posting: a 10k site has millions). */
export type PostingList = number[]

/** An index before encoding: what search/codec.ts writes, and what decoding gives back. */
export interface SearchIndexData {
  locale: string
  sections: string[]
  docSection: number[]
  docDraft: boolean[]
  docRecords: number[]
  tags: string[]
  /** Per document: positions in `tags`. */
  docTags: number[][]
  synonyms: string[][]
  recordLengths: number[]
  /** The vocabulary, sorted; the lists below are per term, in this order. */
  terms: string[]
  /** Body text; flag: the term occurs more than once in the record. */
  textLists: PostingList[]
  /** Title (flag 1, on the intro record) and heading (flag 0) words. */
  fieldLists: PostingList[]
  stopTerms: string[]
  display: DisplayDocument[]
}

/**
 * One record per document intro and per heading section, so a hit points at
 * `slug#anchor`. Titles count on the intro record, headings on their section.
 */
export function indexDocuments(locale: string, documents: IndexedDocument[], settings: IndexSettings = {}, options: SearchOptions = SEARCH_OPTIONS): SearchIndexData {
  const sections = [...new Set(documents.map((document) => document.section))].sort()
  const tags = [...new Set(documents.flatMap((document) => document.tags))].sort()
  const text = new Map<string, PostingList>()
  const fields = new Map<string, PostingList>()
  const add = (lists: Map<string, PostingList>, term: string, record: number, flag: number) => {
    const list = lists.get(term) ?? []
    if (list.length === 0) lists.set(term, list)
    const last = list.length - 1
    // A second occurrence in the same record sets the flag (body text: "repeats").
    if (last >= 0 && Math.floor((list[last] as number) / 2) === record) list[last] = record * 2 + 1
    else list.push(record * 2 + flag)
  }
  const recordLengths: number[] = []
  const display: DisplayDocument[] = []
  const docRecords: number[] = []
  for (const document of documents) {
    const first = document.sections[0]
    const intro = first && first.heading === null ? first : { heading: null, text: '' }
    const records = [intro, ...document.sections.filter((section) => section.heading !== null)]
    docRecords.push(records.length)
    records.forEach((section, position) => {
      const record = recordLengths.length
      const terms = tokenize(section.text, locale)
      recordLengths.push(terms.length)
      for (const term of terms) add(text, term, record, 0)
      if (position === 0) for (const term of new Set(tokenize(document.title, locale))) add(fields, term, record, 1)
      if (section.heading) for (const term of new Set(tokenize(section.heading.text, locale))) add(fields, term, record, 0)
    })
    display.push({
      slug: document.slug,
      title: document.title,
      locale: document.locale,
      headings: records.slice(1).map((section) => [section.heading?.id ?? '', section.heading?.text ?? '']),
      previews: records.map((section) => section.text.slice(0, options.previewLength)),
    })
  }
  const recordCount = recordLengths.length
  const stopTerms =
    recordCount >= options.stopTermMinRecords ? [...text].filter(([, list]) => list.length > recordCount * options.stopTermShare).map(([term]) => term) : []
  for (const term of stopTerms) text.delete(term)
  const terms = [...new Set([...text.keys(), ...fields.keys()])].sort()
  return {
    locale,
    sections,
    docSection: documents.map((document) => sections.indexOf(document.section)),
    docDraft: documents.map((document) => document.draft),
    docRecords,
    tags,
    docTags: documents.map((document) => [...new Set(document.tags)].map((tag) => tags.indexOf(tag))),
    synonyms: (settings.synonyms ?? []).map((group) => group.map(normalizeTerm)),
    recordLengths,
    terms,
    textLists: terms.map((term) => text.get(term) ?? []),
    fieldLists: terms.map((term) => fields.get(term) ?? []),
    stopTerms,
    display,
  }
}
