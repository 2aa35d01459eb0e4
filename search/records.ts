import type { DisplayDocument } from '../contract/index.ts'
import type { IndexedDocument, IndexedSection } from './index-data.ts'
import type { SearchOptions } from './options.ts'
import { detached, type TermTable } from './term-table.ts'
import { indexTerms, needsDictionary, pathTerms, withoutPaths } from './tokenize.ts'

/**
 * The records of a document: its intro (the text before the first heading,
 * maybe empty) and one per heading section. A hit points at `slug#anchor`.
 */
function recordsOf(sections: IndexedSection[]): IndexedSection[] {
  const first = sections[0]
  const intro = first && first.heading === null ? first : { heading: null, text: '' }
  return [intro, ...sections.filter((section) => section.heading !== null)]
}

/** What a search hit shows of a document: its headings, the start of each record, and the operation it describes. */
export function displayOf(document: Pick<IndexedDocument, 'slug' | 'title' | 'locale' | 'sections' | 'operation'>, options: SearchOptions): DisplayDocument {
  const records = recordsOf(document.sections)
  return {
    slug: document.slug,
    title: document.title,
    locale: document.locale,
    headings: records.slice(1).map((section) => [section.heading?.id ?? '', section.heading?.text ?? '']),
    previews: records.map((section) => detached(section.text.slice(0, options.previewLength))),
    // Only when there is one: a page's display chunk stays as it was without.
    ...(document.operation ? { operation: { method: document.operation.method, path: document.operation.path } } : {}),
  }
}

/**
 * The text whose words count as the document's title: the title, and the
 * keywords on a line of their own (a line break joins no words, and keeps
 * `A` + `B C` apart from `A B` + `C` when builders compare it).
 */
function titleTextOf(document: Pick<IndexedDocument, 'title' | 'keywords'>): string {
  return document.keywords ? `${document.title}\n${withoutPaths(document.keywords)}` : document.title
}

/**
 * A document's sections as the index counts them, with terms as ids: per
 * record, its length in words, its distinct body terms (id × 2 + repeat
 * flag, in order of first occurrence) and its distinct heading terms (id × 2).
 * The length counts a word at most twice, as its repeat flag does: a third
 * use of a word then leaves the record's score for it as it was, where it
 * would make the record longer for BM25 and lower it.
 *
 * The terms are packed in one array (see packTerms): every record's body
 * terms, then every record's heading terms, then where each record's body
 * terms start (one more than there are records), then where its heading
 * terms start. One typed array a page, not four: a build keeps one of these
 * for every page, and each typed array costs about 200 bytes besides its
 * numbers (its view, its buffer, the buffer's memory outside the heap).
 */
export interface SectionsTerms {
  recordLengths: number[]
  packed: Int32Array
  /** Whether the words came from a locale's dictionary (CJK, Thai…): then they hold for that locale only. */
  localeBound: boolean
}

/** Where record `record`'s body terms start in `packed`; record count's start ends the last record's. */
export const textStartOf = ({ packed, recordLengths }: SectionsTerms, record: number): number => packed[packed.length - 2 * (recordLengths.length + 1) + record] as number

/** Where record `record`'s heading terms start in `packed`; record count's start ends the last record's. */
export const headingStartOf = ({ packed, recordLengths }: SectionsTerms, record: number): number => packed[packed.length - (recordLengths.length + 1) + record] as number

/** Packs terms as SectionsTerms keeps them: `textEnds[r]` and `headingEnds[r]` say how many of `text` and `headings` records up to `r` hold. */
export function packTerms(recordLengths: number[], text: number[], textEnds: number[], headings: number[], headingEnds: number[], localeBound: boolean): SectionsTerms {
  const records = recordLengths.length
  const packed = new Int32Array(text.length + headings.length + 2 * (records + 1))
  packed.set(text, 0)
  packed.set(headings, text.length)
  const starts = text.length + headings.length
  for (let record = 0; record < records; record++) {
    packed[starts + record + 1] = textEnds[record] as number
    packed[starts + records + 2 + record] = text.length + (headingEnds[record] as number)
  }
  packed[starts + records + 1] = text.length
  return { recordLengths, packed, localeBound }
}

export function sectionsTerms(sections: IndexedSection[], locale: string, table: TermTable): SectionsTerms {
  const records = recordsOf(sections)
  const recordLengths: number[] = []
  const text: number[] = []
  const headings: number[] = []
  const textEnds: number[] = []
  const headingEnds: number[] = []
  let localeBound = false
  for (const record of records) {
    localeBound ||= needsDictionary(record.text)
    recordLengths.push(table.appendDistinct(indexTerms(record.text, locale), text, true))
    if (record.heading) {
      localeBound ||= needsDictionary(record.heading.text)
      table.appendDistinct(indexTerms(record.heading.text, locale), headings, false)
    }
    textEnds.push(text.length)
    headingEnds.push(headings.length)
  }
  return packTerms(recordLengths, text, textEnds, headings, headingEnds, localeBound)
}

/** The distinct terms of a title and its keywords as ids (id × 2, like heading terms), with the paths the keywords name. */
export function titleTerms(document: Pick<IndexedDocument, 'title' | 'keywords'>, locale: string, table: TermTable): number[] {
  const out: number[] = []
  const terms = indexTerms(titleTextOf(document), locale)
  if (document.keywords) terms.joined.push(...pathTerms(document.keywords))
  table.appendDistinct(terms, out, false)
  return out
}
