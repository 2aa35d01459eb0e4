import type { PostingList } from './index-data.ts'
import type { SearchOptions } from './options.ts'
import { headingStartOf, textStartOf, type SectionsTerms } from './records.ts'

/** Posting lists by term id, stop terms included (they are left out only when written). */
export interface TermLists {
  text: Array<PostingList | undefined>
  field: Array<PostingList | undefined>
}

/** A document's terms and the number of its first record in the index. */
export interface PlacedTerms {
  terms: SectionsTerms
  title: number[]
  firstRecord: number
}

/**
 * Appends a document's postings to `lists`: body terms on every record
 * (flag: repeats), title terms on the intro record (flag 1), heading terms
 * on their record (flag 0). Records of later documents must come later.
 */
export function addDocumentPostings(lists: TermLists, place: PlacedTerms): void {
  visitDocumentPostings(
    place,
    (id, posting) => append(lists.text, id, posting),
    (id, posting) => append(lists.field, id, posting),
  )
}

/** Each posting of a document, in the order addDocumentPostings appends them: to `text` its body terms', to `field` its title's and headings'. */
export function visitDocumentPostings({ terms, title, firstRecord }: PlacedTerms, text: PostingVisitor, field: PostingVisitor): void {
  // The title first: it sits on the intro record, before the headings' records.
  for (const value of title) field(value >> 1, firstRecord * 2 + 1)
  const recordCount = terms.recordLengths.length
  for (let position = 0; position < recordCount; position++) {
    const record = firstRecord + position
    for (let at = textStartOf(terms, position), end = textStartOf(terms, position + 1); at < end; at++) {
      const value = terms.packed[at] as number
      text(value >> 1, record * 2 + (value & 1))
    }
    for (let at = headingStartOf(terms, position), end = headingStartOf(terms, position + 1); at < end; at++) {
      field((terms.packed[at] as number) >> 1, record * 2)
    }
  }
}

type PostingVisitor = (id: number, posting: number) => void

function append(lists: Array<PostingList | undefined>, id: number, posting: number): void {
  const list = lists[id]
  if (list) list.push(posting)
  else lists[id] = [posting]
}

/** Every term id a document posts to, in its text and in its field lists. */
export function documentTermIds({ terms, title }: PlacedTerms): { text: Set<number>; field: Set<number> } {
  const text = new Set<number>()
  const field = new Set<number>()
  const records = terms.recordLengths.length
  for (let at = 0, end = textStartOf(terms, records); at < end; at++) text.add((terms.packed[at] as number) >> 1)
  for (let at = headingStartOf(terms, 0), end = headingStartOf(terms, records); at < end; at++) field.add((terms.packed[at] as number) >> 1)
  for (const value of title) field.add(value >> 1)
  return { text, field }
}

/** How a term's body postings look from outside: how many, and the record of the first. */
export interface TextCounts {
  termCount: number
  countOf: (id: number) => number
  firstRecordOf: (id: number) => number
}

/**
 * Terms in more than `stopTermShare` of the records, once there are enough
 * records to tell, in the order the index first meets them: by the record
 * of their first occurrence, then by their first position in it.
 * `placed` lists every document in record order.
 */
export function stopTermIds({ termCount, countOf, firstRecordOf }: TextCounts, placed: PlacedTerms[], recordCount: number, options: SearchOptions): number[] {
  if (recordCount < options.stopTermMinRecords) return []
  const limit = recordCount * options.stopTermShare
  const found: Array<{ id: number; record: number; position: number }> = []
  for (let id = 0; id < termCount; id++) {
    if (countOf(id) <= limit) continue
    const record = firstRecordOf(id)
    found.push({ id, record, position: positionInRecord(placed, record, id) })
  }
  return found.sort((a, b) => a.record - b.record || a.position - b.position).map(({ id }) => id)
}

function positionInRecord(placed: PlacedTerms[], record: number, id: number): number {
  let low = 0
  let high = placed.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((placed[middle] as PlacedTerms).firstRecord <= record) low = middle
    else high = middle - 1
  }
  const { terms, firstRecord } = placed[low] as PlacedTerms
  const local = record - firstRecord
  for (let at = textStartOf(terms, local), end = textStartOf(terms, local + 1); at < end; at++) {
    if ((terms.packed[at] as number) >> 1 === id) return at
  }
  throw new Error(`term ${id} has a posting on record ${record} but is not among its terms`)
}

/** The order of the vocabulary: as Array.prototype.sort orders strings (UTF-16 code units). */
export const compareTerms = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Term ids in vocabulary order, as terms are met: one sort for many, a binary insertion each for a few. */
export class TermOrder {
  readonly ids: number[] = []
  private readonly has: boolean[] = []
  private readonly terms: string[]

  constructor(terms: string[]) {
    this.terms = terms
  }

  add(ids: Iterable<number>): void {
    const fresh = [...new Set(ids)].filter((id) => !this.has[id])
    for (const id of fresh) this.has[id] = true
    const byTerm = (a: number, b: number) => compareTerms(this.terms[a] as string, this.terms[b] as string)
    if (fresh.length > 64) {
      // A loop, not push(...fresh): a first build adds every term at once, past the engine's argument limit at 100k pages.
      for (const id of fresh) this.ids.push(id)
      this.ids.sort(byTerm)
      return
    }
    for (const id of fresh) {
      let low = 0
      let high = this.ids.length
      while (low < high) {
        const middle = (low + high) >> 1
        if (byTerm(this.ids[middle] as number, id) < 0) low = middle + 1
        else high = middle
      }
      this.ids.splice(low, 0, id)
    }
  }
}
