import type { LoadedIndex } from './codec.ts'
import type { PostingList } from './index-data.ts'
import { ByteReader } from './varint.ts'

/** Calls `visit` for each posting of a term's list: its absolute record and its flag. */
export function forEachPosting(index: LoadedIndex, list: 'text' | 'field', term: number, visit: (record: number, flag: boolean) => void): void {
  const [bytes, starts] = list === 'text' ? [index.textPostings, index.textStart] : [index.fieldPostings, index.fieldStart]
  const reader = new ByteReader(bytes, starts[term] as number)
  const end = starts[term + 1] as number
  let record = 0
  while (reader.offset < end) {
    const value = reader.varint()
    record += Math.floor(value / 2)
    visit(record, value % 2 === 1)
  }
}

/** One term's postings as absolute `record × 2 + flag` numbers: the inverse of writeList. */
export function readPostings(index: LoadedIndex, list: 'text' | 'field', term: number): PostingList {
  const postings: PostingList = []
  forEachPosting(index, list, term, (record, flag) => postings.push(record * 2 + (flag ? 1 : 0)))
  return postings
}
