import { describe, expect, it } from 'vitest'
import type { IndexedSection } from '../../search/index-data.ts'
import { cachedSectionsTerms, createTokenCache } from '../../search/page-terms.ts'
import { headingStartOf, sectionsTerms, textStartOf } from '../../search/records.ts'
import { TermTable } from '../../search/term-table.ts'

const spaced: IndexedSection[] = [
  { heading: null, text: 'Publish the build, then roll back if a pointer moved.' },
  { heading: { id: 'limits', text: 'Limits' }, text: 'Values up to 25 MiB, keys up to 512 bytes.' },
]
const cjk: IndexedSection[] = [{ heading: { id: 'kensaku', text: '検索の設定' }, text: '検索エンジンの設定を変える' }]

/** The words of a record as strings, to compare two tokenizations made with different term tables. */
const words = (terms: ReturnType<typeof sectionsTerms>, table: TermTable) =>
  [...terms.packed.subarray(0, textStartOf(terms, terms.recordLengths.length))].map((value) => table.terms[value >> 1])

describe('a page’s terms, packed in one array', () => {
  it('give each record its own body and heading terms', () => {
    const table = new TermTable()
    const terms = sectionsTerms(spaced, 'en', table)
    const of = (start: number, end: number) => [...terms.packed.subarray(start, end)].map((value) => table.terms[value >> 1])
    const records = terms.recordLengths.map((_, record) => ({
      text: of(textStartOf(terms, record), textStartOf(terms, record + 1)),
      headings: of(headingStartOf(terms, record), headingStartOf(terms, record + 1)),
    }))
    expect(records).toEqual([
      { text: ['publish', 'the', 'build', 'then', 'roll', 'back', 'if', 'a', 'pointer', 'moved'], headings: [] },
      { text: ['values', 'up', 'to', '25', 'mib', 'keys', '512', 'bytes'], headings: ['limits'] },
    ])
  })
})

describe('a token cache', () => {
  it('tokenizes sections in a spaced script once for every locale', () => {
    const cache = createTokenCache()
    const english = cachedSectionsTerms(cache, spaced, 'en')
    expect(cachedSectionsTerms(cache, spaced, 'de')).toBe(english)
    expect(english.localeBound).toBe(false)
  })

  it('keeps sections in a script split by dictionary apart per locale, and gives each what tokenizing afresh gives', () => {
    const cache = createTokenCache()
    const japanese = cachedSectionsTerms(cache, cjk, 'ja')
    const chinese = cachedSectionsTerms(cache, cjk, 'zh')
    expect(japanese.localeBound).toBe(true)
    expect(chinese).not.toBe(japanese)
    expect(cachedSectionsTerms(cache, cjk, 'ja')).toBe(japanese)
    const table = new TermTable()
    expect(words(japanese, cache.table)).toEqual(words(sectionsTerms(cjk, 'ja', table), table))
  })

  it('reads a new sections array as an edit, even with the same text', () => {
    const cache = createTokenCache()
    const first = cachedSectionsTerms(cache, spaced, 'en')
    expect(cachedSectionsTerms(cache, [...spaced], 'en')).not.toBe(first)
  })
})
