import { HOME_SLUG } from '../contract/urls.ts'
import type { Scratch } from './caches.ts'
import type { LoadedIndex } from './codec.ts'

/** Counts over every matching document, before `limit`. */
export interface Facets {
  sections: Record<string, number>
  tags: Record<string, number>
}

/**
 * Counts by position: a one-word query on a large site matches tens of
 * thousands of documents. Sections come in the order their first document
 * was touched, as the counts' keys always have. The home page's section is
 * no section a reader could narrow to, so it is not a facet.
 */
export function countFacets(index: LoadedIndex, scratch: Scratch, docs: Uint32Array): Facets {
  const { sectionCounts, tagCounts } = scratch
  const order: number[] = []
  for (let at = 0; at < docs.length; at++) {
    const doc = docs[at] as number
    const section = index.docSectionAt[doc] as number
    if (sectionCounts[section] === 0) order.push(section)
    sectionCounts[section] = (sectionCounts[section] as number) + 1
    for (let tag = index.docTagStart[doc] as number; tag < (index.docTagStart[doc + 1] as number); tag++) {
      const position = index.docTagList[tag] as number
      tagCounts[position] = (tagCounts[position] as number) + 1
    }
  }
  const sections: Record<string, number> = {}
  for (const position of order) {
    const name = index.sections[position] as string
    if (name !== HOME_SLUG) sections[name] = sectionCounts[position] as number
    sectionCounts[position] = 0
  }
  const tags: Record<string, number> = {}
  tagCounts.forEach((count, position) => {
    if (count > 0) tags[index.tags[position] as string] = count
  })
  tagCounts.fill(0)
  return { sections, tags }
}
