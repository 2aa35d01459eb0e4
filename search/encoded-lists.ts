import { encodeList, firstRecord, PostingsWriter, spliceList, type EncodedList } from './encode.ts'
import { addDocumentPostings, documentTermIds, TermOrder, visitDocumentPostings, type PlacedTerms, type TermLists, type TextCounts } from './term-lists.ts'

const EMPTY: EncodedList = { count: 0, bytes: new Uint8Array(0) }

/**
 * Every term's posting lists as stored, by term id, kept between builds and
 * patched where they change. Stop terms keep theirs: they are left out only
 * when written, so a term that stops being one costs nothing.
 */
export class EncodedLists {
  private text: Array<EncodedList | undefined> = []
  private field: Array<EncodedList | undefined> = []
  /** Every term id that ever had a posting here, sorted as the vocabulary is. */
  private order: TermOrder
  private readonly terms: string[]
  private lastSize = { terms: 1024, text: 1024, field: 1024 }

  /** `terms`: the vocabulary the ids point into. */
  constructor(terms: string[]) {
    this.terms = terms
    this.order = new TermOrder(terms)
  }

  /** Every list from the documents' terms (`placed` in record order), as the one-shot indexer builds them. */
  rebuild(placed: PlacedTerms[]): void {
    const lists = encodeAll(placed, this.terms.length)
    this.text = lists.text
    this.field = lists.field
    this.order = new TermOrder(this.terms)
    const ids: number[] = []
    for (let id = 0; id < Math.max(this.text.length, this.field.length); id++) if (this.text[id] || this.field[id]) ids.push(id)
    this.order.add(ids)
  }

  /**
   * Replaces the postings of `removed` (records start ..< oldEnd) by those of
   * `added` (numbered from start), and moves later records by the difference:
   * in the bytes of each list that changed, only where it changed. A change
   * of record count reaches every list; an edit that keeps it, only the
   * terms of the documents involved.
   */
  patch(removed: PlacedTerms[], added: PlacedTerms[], start: number, oldEnd: number): void {
    const fresh: TermLists = { text: [], field: [] }
    let record = start
    for (const place of added) {
      addDocumentPostings(fresh, { ...place, firstRecord: record })
      record += place.terms.recordLengths.length
    }
    const delta = record - oldEnd
    const touched = removed.map(documentTermIds)
    const newIds: number[] = []
    const patchAll = (lists: Array<EncodedList | undefined>, inserted: TermLists['text'], removedIds: Set<number>) => {
      const visit = (id: number) => {
        const before = lists[id]
        const postings = inserted[id]
        if (!before && !postings) return
        lists[id] = spliceList(before ?? EMPTY, start, oldEnd, postings ?? [], delta)
        if (postings) newIds.push(id)
      }
      if (delta !== 0) for (let id = 0; id < Math.max(lists.length, inserted.length); id++) visit(id)
      else {
        removedIds.forEach(visit)
        inserted.forEach((_, id) => {
          if (!removedIds.has(id)) visit(id)
        })
      }
    }
    patchAll(this.text, fresh.text, new Set(touched.flatMap((ids) => [...ids.text])))
    patchAll(this.field, fresh.field, new Set(touched.flatMap((ids) => [...ids.field])))
    this.order.add(newIds)
  }

  /** What stop terms are chosen by. */
  textCounts(): TextCounts {
    const text = this.text
    return { termCount: text.length, countOf: (id) => text[id]?.count ?? 0, firstRecordOf: (id) => firstRecord(text[id] ?? EMPTY) }
  }

  /** The vocabulary and its lists in stored order, stop terms' body lists left empty. */
  write(stopIds: number[]): { terms: string[]; postings: PostingsWriter } {
    const isStop: boolean[] = []
    for (const id of stopIds) isStop[id] = true
    const terms: string[] = []
    const postings = new PostingsWriter(this.lastSize)
    for (const id of this.order.ids) {
      const text = this.text[id]
      const textList = text && text.count > 0 && !isStop[id] ? text : EMPTY
      const fieldList = this.field[id] ?? EMPTY
      if (textList.count === 0 && fieldList.count === 0) continue
      terms.push(this.terms[id] as string)
      postings.encoded(textList, fieldList)
    }
    // Room for the next build to grow a little without copying.
    this.lastSize = { terms: terms.length + 64, text: postings.text.length + 4096, field: postings.field.length + 1024 }
    return { terms, postings }
  }
}

/**
 * Every posting list of `placed` (term ids below `termCount`), encoded. The
 * postings are counted, then laid term by term in one array per kind, and
 * each term's run encoded from it: a list of plain numbers per term, with an
 * object and spare room each, held about twice what the postings need.
 */
function encodeAll(placed: PlacedTerms[], termCount: number): { text: Array<EncodedList | undefined>; field: Array<EncodedList | undefined> } {
  const text = new PostingRuns(termCount)
  const field = new PostingRuns(termCount)
  for (const place of placed) visitDocumentPostings(place, text.count, field.count)
  text.allocate()
  field.allocate()
  for (const place of placed) visitDocumentPostings(place, text.place, field.place)
  return { text: text.encoded(), field: field.encoded() }
}

/** The postings of every term end to end, each term's in the order they came. */
class PostingRuns {
  private readonly starts: Uint32Array
  private next: Uint32Array
  private postings = new Int32Array(0)

  constructor(termCount: number) {
    this.starts = new Uint32Array(termCount + 1)
    this.next = this.starts
  }

  readonly count = (id: number): void => {
    this.starts[id + 1] = (this.starts[id + 1] as number) + 1
  }

  /** Turns the counts into where each term's run starts. */
  allocate(): void {
    for (let id = 1; id < this.starts.length; id++) this.starts[id] = (this.starts[id] as number) + (this.starts[id - 1] as number)
    this.postings = new Int32Array(this.starts[this.starts.length - 1] as number)
    this.next = this.starts.slice()
  }

  readonly place = (id: number, posting: number): void => {
    const at = this.next[id] as number
    this.postings[at] = posting
    this.next[id] = at + 1
  }

  /** Each term's run encoded, by term id; none (a hole) for a term without postings, as a list per term would have it. */
  encoded(): Array<EncodedList | undefined> {
    const lists: Array<EncodedList | undefined> = []
    for (let id = 0; id + 1 < this.starts.length; id++) {
      const start = this.starts[id] as number
      const end = this.starts[id + 1] as number
      if (end > start) lists[id] = encodeList(this.postings.subarray(start, end))
    }
    return lists
  }
}
