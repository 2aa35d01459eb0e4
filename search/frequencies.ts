import type { DocumentFrequencies } from './caches.ts'
import type { LoadedIndex } from './codec.ts'
import { forEachPosting } from './postings.ts'

/**
 * Each field's frequency counts documents, as the document count it is set
 * against does, so it never exceeds it and no idf goes below zero. Counting
 * documents rather than records also means that a document's further matches
 * of a term never lower the weight of its first one.
 */
export function documentFrequencies(index: LoadedIndex, term: number): DocumentFrequencies {
  const byTerm = index.caches.frequencies
  const text = index.terms[term] as string
  const cached = byTerm.get(text)
  if (cached) return cached
  const counts = { text: 0, title: 0, heading: 0 }
  let lastText = -1
  forEachPosting(index, 'text', term, (record) => {
    const doc = index.recordDoc[record] as number
    if (doc !== lastText) counts.text++
    lastText = doc
  })
  let lastHeading = -1
  forEachPosting(index, 'field', term, (record, isTitle) => {
    const doc = index.recordDoc[record] as number
    if (isTitle) counts.title++
    else if (doc !== lastHeading) {
      counts.heading++
      lastHeading = doc
    }
  })
  byTerm.set(text, counts)
  return counts
}
