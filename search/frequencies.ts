import type { LoadedIndex } from './codec.ts'
import { forEachPosting } from './postings.ts'

/** How many documents have a term in their body, in their title, in a heading. */
export interface DocumentFrequencies {
  text: number
  title: number
  heading: number
}

// Deliberate isolate cache: counted on a term's first query, from its posting
// lists, so the index carries no counts of its own. Only queried terms get an entry.
const frequenciesByIndex = new WeakMap<LoadedIndex, Map<number, DocumentFrequencies>>()

/**
 * Each field's frequency counts documents, as the document count it is set
 * against does, so it never exceeds it and no idf goes below zero. Counting
 * documents rather than records also means that a document's further matches
 * of a term never lower the weight of its first one.
 */
export function documentFrequencies(index: LoadedIndex, term: number): DocumentFrequencies {
  let byTerm = frequenciesByIndex.get(index)
  if (!byTerm) {
    byTerm = new Map()
    frequenciesByIndex.set(index, byTerm)
  }
  const cached = byTerm.get(term)
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
  byTerm.set(term, counts)
  return counts
}
