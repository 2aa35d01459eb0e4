import { describe, expect, it } from 'vitest'
import { random } from '../../bench/corpus.ts'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { encodeSearchIndex } from '../../search/codec.ts'
import type { IndexedDocument, IndexedSection } from '../../search/index-data.ts'
import { indexDocuments } from '../../search/indexer.ts'
import { scoreQuery } from '../../search/score.ts'
import { indexTerms } from '../../search/tokenize.ts'
import { wholeIndexOf } from '../shared/search-helpers.ts'

// A small vocabulary, so that words meet in titles, headings and text of several pages.
const WORDS = ['kv', 'worker', 'pointer', 'publish', 'rollback', 'search', 'index', 'locale', 'draft', 'token', 'cache', 'edge']

function randomSite(next: () => number): IndexedDocument[] {
  const pick = () => WORDS[Math.floor(next() * WORDS.length)] as string
  const words = (count: number) => Array.from({ length: count }, pick).join(' ')
  return Array.from({ length: 2 + Math.floor(next() * 8) }, (_, doc) => ({
    docId: `page-${doc}`,
    slug: `page-${doc}`,
    locale: 'en',
    section: 'docs',
    title: words(1 + Math.floor(next() * 3)),
    draft: false,
    tags: [],
    sections: [
      ...(next() < 0.8 ? [{ heading: null, text: words(Math.floor(next() * 20)) }] : []),
      ...Array.from({ length: Math.floor(next() * 5) }, (_, n) => ({ heading: { id: `h-${n}`, text: words(1 + Math.floor(next() * 3)) }, text: words(Math.floor(next() * 25)) })),
    ],
  }))
}

/** The score of page `doc` for `query` over `documents`, through the encoded index; 0 when it does not match. */
function scoreOf(documents: IndexedDocument[], doc: number, query: string): number {
  const loaded = wholeIndexOf(encodeSearchIndex(indexDocuments('en', documents), contentHash))
  const { words, joined } = indexTerms(query, 'en')
  const input = { terms: words, joined, sectionBoost: new Set<string>(), canReadDrafts: true, limit: documents.length, sections: null, tags: null }
  return scoreQuery(loaded, input).documents.find((ranked) => ranked.doc === doc)?.score ?? 0
}

/** `documents` with one more `word` in one place of page `doc`: its title, a heading or the text of a section. */
function withWord(documents: IndexedDocument[], doc: number, word: string, place: 'title' | 'heading' | 'text', next: () => number): IndexedDocument[] | null {
  const page = documents[doc] as IndexedDocument
  const sections = page.sections
  const candidates = place === 'heading' ? sections.filter((section) => section.heading !== null) : sections
  const chosen = candidates[Math.floor(next() * candidates.length)]
  if (place !== 'title' && !chosen) return null
  const changed = (section: IndexedSection): IndexedSection => {
    if (section !== chosen) return section
    if (place === 'text') return { ...section, text: `${section.text} ${word}` }
    return { ...section, heading: section.heading && { ...section.heading, text: `${section.heading.text} ${word}` } }
  }
  const edited = place === 'title' ? { ...page, title: `${page.title} ${word}` } : { ...page, sections: sections.map(changed) }
  return documents.map((other, position) => (position === doc ? edited : other))
}

const TRIALS = 400

// Text is checked for one-word queries: with several words, a longer section
// lowers the other words' BM25 share (length normalisation, as intended), and
// a word already used there more than once adds nothing to set against it.
// Titles and headings have no length, so any query holds there.

describe('ranking never punishes a match', () => {
  it('gives a page at least its score when one more use of a word it is searched for is added to its text', () => {
    const next = random(19)
    for (let trial = 0; trial < TRIALS; trial++) {
      const documents = randomSite(next)
      const doc = Math.floor(next() * documents.length)
      const word = WORDS[Math.floor(next() * WORDS.length)] as string
      const edited = withWord(documents, doc, word, 'text', next)
      if (!edited) continue
      expect(scoreOf(edited, doc, word), `trial ${trial}: "${word}" added to the text of page ${doc}`).toBeGreaterThanOrEqual(scoreOf(documents, doc, word))
    }
  })

  it('gives a page at least its score when a word of a query of several words is added to its title or a heading', () => {
    const next = random(20)
    for (let trial = 0; trial < TRIALS; trial++) {
      const documents = randomSite(next)
      const doc = Math.floor(next() * documents.length)
      const query = Array.from({ length: 1 + Math.floor(next() * 3) }, () => WORDS[Math.floor(next() * WORDS.length)] as string)
      const word = query[Math.floor(next() * query.length)] as string
      const place = next() < 0.5 ? 'title' : 'heading'
      const edited = withWord(documents, doc, word, place, next)
      if (!edited) continue
      expect(scoreOf(edited, doc, query.join(' ')), `trial ${trial}: "${word}" of "${query.join(' ')}" added to the ${place} of page ${doc}`).toBeGreaterThanOrEqual(
        scoreOf(documents, doc, query.join(' ')),
      )
    }
  })
})
