import type { LoadedIndex } from './codec.ts'

/** How many documents have a term in their body, in their title, in a heading. */
export interface DocumentFrequencies {
  text: number
  title: number
  heading: number
}

/**
 * Each field's frequency counts documents, as the document count it is set
 * against does, so it never exceeds it and no idf goes below zero. Counting
 * documents rather than records also means that a document's further matches
 * of a term never lower the weight of its first one. A shard counts them as it
 * is decoded (shard-codec.ts), so the stored index carries no counts of its own.
 */
export function documentFrequencies(index: LoadedIndex, term: number): DocumentFrequencies {
  return { text: index.textDocs[term] as number, title: index.titleDocs[term] as number, heading: index.headingDocs[term] as number }
}
