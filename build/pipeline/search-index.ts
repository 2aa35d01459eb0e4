import { SEARCH_INDEX_VERSION, tokenize, type DisplayDocument, type SearchIndexBlob } from '../../contract/index.ts'
import { ByteWriter } from '../../search/varint.ts'
import { contentHash, hashOfAll } from './blob-set.ts'
import type { TextSection } from '../markdown/render.ts'

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

export interface BuiltSearchIndex {
  /** The index blob, with `displayChunks` naming the chunks by hash. */
  index: string
  displayChunks: string[]
}

/** Enough text for an excerpt around the first matches, small enough to keep chunks lean. */
export const PREVIEW_LENGTH = 240
export const DISPLAY_CHUNK_SIZE = 200
/** A term in more than this share of records is a stop term, once a site has enough records to tell. */
const STOP_TERM_SHARE = 0.2
const STOP_TERM_MIN_RECORDS = 2000

/** A posting list as numbers: record × 2 + flag (no object per posting: a 10k site has millions). */
type PostingList = number[]

/**
 * One record per document intro and per heading section, so a hit points at
 * `slug#anchor`. Titles count on the intro record, headings on their section.
 */
export function buildSearchIndex(locale: string, documents: IndexedDocument[], hashOf: (text: string) => string): BuiltSearchIndex {
  const sections = [...new Set(documents.map((document) => document.section))].sort()
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
    const intro = document.sections[0]?.heading === null ? (document.sections[0] as TextSection) : { heading: null, text: '' }
    const records = [intro, ...document.sections.filter((section) => section.heading !== null)]
    docRecords.push(records.length)
    records.forEach((section, position) => {
      const record = recordLengths.length
      const terms = tokenize(section.text)
      recordLengths.push(terms.length)
      for (const term of terms) add(text, term, record, 0)
      if (position === 0) for (const term of new Set(tokenize(document.title))) add(fields, term, record, 1)
      if (section.heading) for (const term of new Set(tokenize(section.heading.text))) add(fields, term, record, 0)
    })
    display.push({
      slug: document.slug,
      title: document.title,
      locale: document.locale,
      headings: records.slice(1).map((section) => [section.heading?.id ?? '', section.heading?.text ?? '']),
      previews: records.map((section) => section.text.slice(0, PREVIEW_LENGTH)),
    })
  }
  const recordCount = recordLengths.length
  const stopTerms =
    recordCount >= STOP_TERM_MIN_RECORDS ? [...text].filter(([, list]) => list.length > recordCount * STOP_TERM_SHARE).map(([term]) => term) : []
  for (const term of stopTerms) text.delete(term)

  const terms = [...new Set([...text.keys(), ...fields.keys()])].sort()
  const textWriter = new ByteWriter()
  const fieldWriter = new ByteWriter()
  const lengths = new ByteWriter()
  for (const term of terms) {
    const textList = text.get(term) ?? []
    const fieldList = fields.get(term) ?? []
    lengths.varint(textList.length)
    lengths.varint(writeList(textWriter, textList))
    lengths.varint(fieldList.length)
    lengths.varint(writeList(fieldWriter, fieldList))
  }
  const lengthsWriter = new ByteWriter()
  for (const length of recordLengths) lengthsWriter.varint(length)

  const displayChunks: string[] = []
  for (let start = 0; start < display.length; start += DISPLAY_CHUNK_SIZE) displayChunks.push(JSON.stringify(display.slice(start, start + DISPLAY_CHUNK_SIZE)))
  const blob: SearchIndexBlob = {
    version: SEARCH_INDEX_VERSION,
    locale,
    sections,
    docSection: documents.map((document) => sections.indexOf(document.section)),
    docDraft: documents.map((document) => (document.draft ? 1 : 0)),
    docRecords,
    recordLength: lengthsWriter.toBase64(),
    terms: terms.join('\n'),
    listLengths: lengths.toBase64(),
    textPostings: textWriter.toBase64(),
    fieldPostings: fieldWriter.toBase64(),
    stopTerms,
    displayChunks: displayChunks.map(hashOf),
    displayChunkSize: DISPLAY_CHUNK_SIZE,
  }
  return { index: JSON.stringify(blob), displayChunks }
}

/**
 * Returns the cached value for `key`, or builds and caches it. Building a
 * 10k-document index takes seconds; an unchanged locale should not pay it.
 */
export type Memo = (key: string, build: () => string) => Promise<string>

/** The locale's index, from the memo when its documents have not changed. */
export async function cachedSearchIndex(locale: string, documents: IndexedDocument[], memo: Memo): Promise<BuiltSearchIndex> {
  const key = hashOfAll(
    (function* () {
      yield `${locale}\u0000${SEARCH_INDEX_VERSION}`
      for (const document of documents) yield JSON.stringify(document)
    })(),
  )
  return JSON.parse(await memo(key, () => JSON.stringify(buildSearchIndex(locale, documents, contentHash)))) as BuiltSearchIndex
}

/** Writes one posting list as (record delta × 2 + flag) varints; returns its byte length. */
function writeList(writer: ByteWriter, list: PostingList): number {
  const start = writer.length
  let previous = 0
  for (const posting of list) {
    const record = Math.floor(posting / 2)
    writer.varint((record - previous) * 2 + (posting % 2))
    previous = record
  }
  return writer.length - start
}
