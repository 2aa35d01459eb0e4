import { describe, expect, it } from 'vitest'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { generateCorpus } from '../../bench/corpus.ts'
import { encodeSearchIndex } from '../../search/codec.ts'
import { createIndexBuilder } from '../../search/index-builder.ts'
import { SECTIONS_SOURCE, WRITTEN_TERMS, type IndexedDocument, type IndexedSection } from '../../search/index-data.ts'
import { indexDocuments } from '../../search/indexer.ts'
import { cachedSectionsTerms, createTokenCache, readTermsAhead, recordTermsText } from '../../search/page-terms.ts'
import { sectionsTerms } from '../../search/records.ts'
import { TermTable } from '../../search/term-table.ts'
import { corpusDocuments } from './corpus-documents.ts'

// Repeats, dotted identifiers, numbers with dots and commas, elisions, accents, full-width forms,
// an empty intro, a heading without text below it, and words that only a heading has.
const varied: IndexedSection[][] = [
  [
    { heading: null, text: '' },
    { heading: { id: 'a', text: 'Set up c.req.param' }, text: 'Call c.req.param twice: c.req.param and param again, v2.1.0 or 3,14.' },
    { heading: { id: 'b', text: 'Ｆｕｌｌ-width ÉCRAN' }, text: "L'installateur don't écran Écran ÉCRAN 1,000 package.json package.json" },
    { heading: { id: 'c', text: 'Only here' }, text: '' },
  ],
  [{ heading: null, text: 'A page with an intro and no heading at all, the the the.' }],
  [],
]

const idsOf = (sections: IndexedSection[], read: boolean) => {
  const cache = createTokenCache()
  return cachedSectionsTerms(cache, sections, 'en', sections, () => (read ? recordTermsText(sections) : null))
}

describe("a page's terms written where it renders", () => {
  it.each(varied.map((sections, position) => [position, sections] as const))('read back as tokenizing gives them, ids and repeat flags included (case %i)', (_, sections) => {
    const written = idsOf(sections, true)
    const tokenized = idsOf(sections, false)
    expect(written).toEqual(tokenized)
    expect(written.recordLengths.length).toBeGreaterThan(0)
  })

  it('give the same ids as tokenizing when read into a table that already holds other terms', () => {
    const [first, second] = varied as [IndexedSection[], IndexedSection[]]
    const tokenizedTable = new TermTable()
    sectionsTerms(first, 'en', tokenizedTable)
    const tokenized = sectionsTerms(second, 'en', tokenizedTable)
    const cache = createTokenCache()
    cachedSectionsTerms(cache, first, 'en', first, () => recordTermsText(first))
    const written = cachedSectionsTerms(cache, second, 'en', second, () => recordTermsText(second))
    expect(written).toEqual(tokenized)
    expect(cache.table.terms).toEqual(tokenizedTable.terms)
  })

  it('are not written for text split by a dictionary, whose words depend on the locale', () => {
    expect(recordTermsText([{ heading: { id: 'k', text: '検索の設定' }, text: 'Search settings' }])).toBeNull()
    expect(recordTermsText([{ heading: null, text: 'ภาษาไทย and English' }])).toBeNull()
  })

  it('make a locale index byte for byte the one made by tokenizing, on the bench corpus', () => {
    const documents = corpusDocuments(generateCorpus({ documents: 150, seed: 7 }), 'en')
    const withTerms = documents.map((document): IndexedDocument => ({ ...document, [WRITTEN_TERMS]: recordTermsText(document.sections) }))
    expect(withTerms.every((document) => document[WRITTEN_TERMS] !== null)).toBe(true)
    const built = createIndexBuilder('en', {}, { hashOf: contentHash, once: true }).update(withTerms)
    const expected = encodeSearchIndex(indexDocuments('en', documents, {}), contentHash)
    expect(built.index === expected.index).toBe(true)
    expect(built.parts).toEqual(expected.parts)
    expect(built.displayChunks).toEqual(expected.displayChunks)
  })

  it('read ahead under what stands for each page, make the one-shot indexes of two locales byte for byte, neither reading them again', () => {
    const documents = corpusDocuments(generateCorpus({ documents: 120, seed: 9 }), 'en')
    let reads = 0
    const pages = documents.map((document): IndexedDocument => {
      const written = recordTermsText(document.sections)
      return {
        ...document,
        [SECTIONS_SOURCE]: { of: document.docId },
        get [WRITTEN_TERMS]() {
          reads++
          return written
        },
      }
    })
    const tokens = createTokenCache()
    for (const page of pages) readTermsAhead(tokens, page[SECTIONS_SOURCE] as object, page[WRITTEN_TERMS] as NonNullable<IndexedDocument[typeof WRITTEN_TERMS]>)
    const readAhead = reads
    for (const locale of ['en', 'de']) {
      // The second locale shows every other page, as one shows the default locale's pages it has no translation of.
      const shown = locale === 'en' ? pages : pages.filter((_, position) => position % 2 === 0)
      const built = createIndexBuilder(locale, {}, { hashOf: contentHash, once: true, tokens }).update(shown)
      const expected = encodeSearchIndex(indexDocuments(locale, shown, {}), contentHash)
      expect(built.index === expected.index).toBe(true)
      expect(built.parts).toEqual(expected.parts)
      expect(built.displayChunks).toEqual(expected.displayChunks)
    }
    expect(reads).toBe(readAhead)
  })

  it('are what the index reads: a page is found by its written terms, not by tokenizing its sections again', () => {
    const sections: IndexedSection[] = [{ heading: null, text: 'plain words only' }]
    const written = recordTermsText([{ heading: null, text: 'zqwritten plain words only' }])
    const document: IndexedDocument = { docId: 'd', slug: 'd', locale: 'en', section: 'd', title: 'D', draft: false, tags: [], sections, [WRITTEN_TERMS]: written }
    const built = createIndexBuilder('en', {}, { hashOf: contentHash, once: true }).update([document])
    expect(built.parts.some((part) => part.includes('zqwritten'))).toBe(true)
  })
})
