import { describe, expect, it } from 'vitest'
import { random } from '../../bench/corpus.ts'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { textScore } from '../../search/accumulate.ts'
import { encodeSearchIndex, sectionOf, type LoadedIndex } from '../../search/codec.ts'
import { documentFrequencies } from '../../search/frequencies.ts'
import type { IndexedDocument } from '../../search/index-data.ts'
import { indexDocuments } from '../../search/indexer.ts'
import { SEARCH_OPTIONS, type SearchOptions } from '../../search/options.ts'
import { lengthNormOf } from '../../search/record-lengths.ts'
import { forEachPosting } from '../../search/postings.ts'
import { listWeights, scoreQuery } from '../../search/score.ts'
import { indexTerms } from '../../search/tokenize.ts'
import { wholeIndexOf } from '../shared/search-helpers.ts'

// Few words and short pages, so that scores tie often and words sit in any section of a page.
const WORDS = ['kv', 'worker', 'pointer', 'publish', 'rollback', 'search']

function randomSite(next: () => number): IndexedDocument[] {
  const pick = () => WORDS[Math.floor(next() * WORDS.length)] as string
  const words = (count: number) => Array.from({ length: count }, pick).join(' ')
  const page = (doc: number): IndexedDocument => ({
    docId: `page-${doc}`,
    slug: `page-${doc}`,
    locale: 'en',
    section: next() < 0.5 ? 'guides' : 'api',
    title: words(1 + Math.floor(next() * 2)),
    draft: false,
    tags: [],
    sections: [
      { heading: null, text: words(Math.floor(next() * 6)) },
      ...Array.from({ length: Math.floor(next() * 5) }, (_, n) => ({ heading: { id: `h-${n}`, text: words(1) }, text: words(Math.floor(next() * 6)) })),
    ],
  })
  const pages = Array.from({ length: 4 + Math.floor(next() * 12) }, (_, doc) => page(doc))
  // A copy of a page under another name: the same score, so the earlier page goes first.
  const copied = pages[Math.floor(next() * pages.length)] as IndexedDocument
  return [...pages, { ...copied, docId: 'copy', slug: 'copy' }]
}

const search = (documents: IndexedDocument[]) => wholeIndexOf(encodeSearchIndex(indexDocuments('en', documents), contentHash))

const input = (query: string, limit: number) => {
  const { words, joined } = indexTerms(query, 'en')
  return { terms: words, joined, sectionBoost: new Set(['api']), canReadDrafts: true, limit, sections: null, tags: null }
}

/**
 * The ranking the slow way: every record's score summed posting by posting
 * in the order scoring adds them, every record of a page read, every page
 * scored, and all of them sorted.
 */
function fullRanking(index: LoadedIndex, query: string, options: SearchOptions) {
  const matching = scoreQuery(index, input(query, index.docFirstRecord.length), options).documents.map(({ doc }) => doc)
  const recordScores = new Float64Array(index.recordDoc.length)
  for (const { expansions } of scoreQuery(index, input(query, 1), options).matches) {
    for (const expansion of expansions) {
      const weights = listWeights(index, expansion, options)
      forEachPosting(index, 'text', expansion.term, (record, repeats) => {
        recordScores[record] = (recordScores[record] as number) + textScore(weights.text, repeats, lengthNormOf(index, record))
      })
      forEachPosting(index, 'field', expansion.term, (record, isTitle) => {
        recordScores[record] = (recordScores[record] as number) + (isTitle ? weights.title : weights.heading)
      })
    }
  }
  const ranked = matching.map((doc) => {
    const first = index.docFirstRecord[doc] as number
    const end = doc + 1 < index.docFirstRecord.length ? (index.docFirstRecord[doc + 1] as number) : index.recordDoc.length
    let best = first
    let total = 0
    for (let record = first; record < end; record++) {
      total += recordScores[record] as number
      if ((recordScores[record] as number) > (recordScores[best] as number)) best = record
    }
    const bestScore = recordScores[best] as number
    const boost = sectionOf(index, doc) === 'api' ? options.sectionBoost : 1
    return { doc, bestRecord: best - first, score: (bestScore + options.otherRecordsWeight * (total - bestScore)) * boost }
  })
  return ranked.sort((a, b) => b.score - a.score || a.doc - b.doc)
}

describe('ranking keeps the best documents without sorting them all', () => {
  it('gives for any limit the first documents of a full sort of every match, ties to the earlier page, with the same best section and score', () => {
    const next = random(31)
    for (let trial = 0; trial < 150; trial++) {
      const index = search(randomSite(next))
      const query = Array.from({ length: 1 + Math.floor(next() * 2) }, () => WORDS[Math.floor(next() * WORDS.length)] as string).join(' ')
      const full = fullRanking(index, query, SEARCH_OPTIONS)
      for (const limit of [1, 2, 3, 5, full.length]) {
        expect(scoreQuery(index, input(query, limit)).documents, `trial ${trial}: "${query}", limit ${limit}`).toEqual(full.slice(0, limit))
      }
    }
  })

  it('ranks pages whose sections all score 0 by their order, each at its first section', () => {
    const zero: SearchOptions = { ...SEARCH_OPTIONS, boost: { title: 0, heading: 0, text: 0 } }
    const next = random(32)
    for (let trial = 0; trial < 30; trial++) {
      const index = search(randomSite(next))
      const word = WORDS[trial % WORDS.length] as string
      const ranked = scoreQuery(index, input(word, 5), zero).documents
      expect(ranked, `trial ${trial}: "${word}"`).toEqual(fullRanking(index, word, zero).slice(0, 5))
      expect(ranked.every(({ bestRecord, score }) => bestRecord === 0 && score === 0)).toBe(true)
    }
  })
})

describe('document frequencies, counted as a shard is decoded', () => {
  it('equal the documents found by walking each term’s postings: distinct pages in the body, titles, distinct pages in headings', () => {
    const next = random(33)
    for (let trial = 0; trial < 40; trial++) {
      const index = search(randomSite(next))
      index.terms.forEach((_, term) => {
        const walked = { text: new Set<number>(), title: 0, heading: new Set<number>() }
        forEachPosting(index, 'text', term, (record) => walked.text.add(index.recordDoc[record] as number))
        forEachPosting(index, 'field', term, (record, isTitle) => {
          if (isTitle) walked.title++
          else walked.heading.add(index.recordDoc[record] as number)
        })
        expect(documentFrequencies(index, term), `trial ${trial}, ${index.terms[term]}`).toEqual({ text: walked.text.size, title: walked.title, heading: walked.heading.size })
      })
    }
  })
})

describe('the per-query scratch', () => {
  it('ranks the same after its query counter wraps around, as after any other query', () => {
    const next = random(34)
    for (let trial = 0; trial < 20; trial++) {
      const index = search(randomSite(next))
      const query = `${WORDS[trial % WORDS.length]} ${WORDS[(trial + 1) % WORDS.length]}`
      const expected = scoreQuery(index, input(query, 5)).documents
      ;(index.caches.scratch as NonNullable<typeof index.caches.scratch>).query = 0xffffffff
      for (let again = 0; again < 3; again++) expect(scoreQuery(index, input(query, 5)).documents, `trial ${trial}, query ${again} after the wrap`).toEqual(expected)
    }
  })
})
