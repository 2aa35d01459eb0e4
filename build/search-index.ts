import { createSearchIndex, serializeSearchIndex, type SearchRecord } from '../worker/contract.ts'
import type { TextSection } from './render.ts'

/** A document as one locale's index sees it (its own text, or the default locale's on fallback). */
export interface IndexedDocument {
  docId: string
  slug: string
  locale: string
  section: string
  title: string
  draft: boolean
  sections: TextSection[]
}

/** Enough text for an excerpt around the first matches, small enough to keep the index lean. */
export const PREVIEW_LENGTH = 320

/** One record per heading section, so a hit can point at `slug#anchor`. */
export function toSearchRecords(documents: IndexedDocument[]): SearchRecord[] {
  const records: SearchRecord[] = []
  for (const document of documents) {
    const sections = document.sections.length > 0 ? document.sections : [{ heading: null, text: '' }]
    for (const section of sections) {
      records.push({
        id: records.length,
        docId: document.docId,
        slug: document.slug,
        locale: document.locale,
        section: document.section,
        title: document.title,
        heading: section.heading?.text ?? '',
        headingId: section.heading?.id ?? null,
        text: section.text,
        preview: section.text.slice(0, PREVIEW_LENGTH),
        draft: document.draft,
      })
    }
  }
  return records
}

export function buildSearchIndex(locale: string, records: SearchRecord[]): string {
  const index = createSearchIndex()
  index.addAll(records)
  return serializeSearchIndex(locale, index)
}
