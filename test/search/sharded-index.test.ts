import { beforeAll, describe, expect, it } from 'vitest'
import { generateCorpus } from '../../bench/corpus.ts'
import { queryMix } from '../../bench/queries.ts'
import { corpusQueries } from '../../bench/relevance-queries.ts'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { DisplayChunkSchema, SearchIndexBlobSchema, type SearchIndexBlob } from '../../contract/index.ts'
import { encodeSearchIndex, type EncodedSearchIndex } from '../../search/codec.ts'
import type { SearchEngine } from '../../search/engine.ts'
import { createIndexBuilder } from '../../search/index-builder.ts'
import type { IndexedDocument } from '../../search/index-data.ts'
import { indexDocuments } from '../../search/indexer.ts'
import { SEARCH_OPTIONS, type SearchOptions } from '../../search/options.ts'
import { runSearch, type SearchQuery } from '../../search/results.ts'
import { chunkReader, encodedValues, loadEngine, wholeIndexOf } from '../shared/search-helpers.ts'
import { corpusDocuments } from './corpus-documents.ts'

const SITE = { title: 't', description: null, defaultLocale: 'en', locales: ['en', 'de'], baseUrl: '/docs/', sections: [] }
/** Small shards, so that 2,000 documents make hundreds and most lookups cross a boundary. */
const SHARDED: SearchOptions = { ...SEARCH_OPTIONS, shardBytes: 8 * 1024, typoBucketBytes: 4 * 1024, recordLengthsPerChunk: 4096 }
/** One shard holding the whole vocabulary and every list: the index as one value held it before it was sharded. */
const UNSHARDED: SearchOptions = { ...SEARCH_OPTIONS, shardBytes: Number.MAX_SAFE_INTEGER, typoBucketBytes: Number.MAX_SAFE_INTEGER }

const corpus = generateCorpus({ documents: 2000, seed: 42 })
/** Each locale's documents, parsed once: 2,000 pages take seconds. */
const documentsOf = new Map<string, IndexedDocument[]>()

interface Locale {
  sharded: EncodedSearchIndex
  head: SearchIndexBlob
  engine: SearchEngine
  /** Answers of the unsharded index, scored as the engine scored before shards. */
  unsharded: (query: SearchQuery) => ReturnType<typeof runSearch>
}
const locales = new Map<string, Locale>()

beforeAll(async () => {
  for (const locale of ['en', 'de']) {
    const documents = corpusDocuments(corpus, locale)
    documentsOf.set(locale, documents)
    const whole = encodeSearchIndex(indexDocuments(locale, documents, {}, UNSHARDED), contentHash, UNSHARDED)
    expect(SearchIndexBlobSchema.parse(JSON.parse(whole.index)).shards).toHaveLength(1)
    const index = wholeIndexOf(whole)
    const chunks = whole.displayChunks.map((text) => DisplayChunkSchema.parse(JSON.parse(text)))
    const readChunk = async (chunk: number) => chunks[chunk] as (typeof chunks)[number]
    const sharded = encodeSearchIndex(indexDocuments(locale, documents, {}, SHARDED), contentHash, SHARDED)
    const engine = await loadEngine(sharded.index, encodedValues(sharded), SHARDED)
    locales.set(locale, {
      sharded,
      head: SearchIndexBlobSchema.parse(JSON.parse(sharded.index)),
      engine,
      unsharded: (query) => runSearch(index, SITE, query, readChunk),
    })
  }
}, 120_000)

const ask = (query: string, canReadDrafts: boolean): SearchQuery => ({ query, limit: 20, sectionBoost: [corpus.sections[1] as string], canReadDrafts, explain: true })

/** The shard of the head that holds `term`. */
const shardOfTerm = (head: SearchIndexBlob, term: string) => head.shards.findLastIndex((shard) => shard.first <= term)

async function expectSameAnswers(locale: string, queries: string[]) {
  const { engine, unsharded } = locales.get(locale) as Locale
  let answered = 0
  for (const query of queries) {
    for (const canReadDrafts of [false, true]) {
      const expected = await unsharded(ask(query, canReadDrafts))
      const readChunk = async (chunk: number) => DisplayChunkSchema.parse(JSON.parse(locales.get(locale)?.sharded.displayChunks[chunk] as string))
      expect(await engine.search(SITE, ask(query, canReadDrafts), readChunk), `${locale}: ${query}`).toEqual(expected)
      if (expected.results.length > 0) answered++
    }
  }
  return answered
}

describe('a sharded search index', () => {
  it('is cut into hundreds of shards, each within four times its target unless one term’s lists alone pass it, and a head of the rest', () => {
    const { head, sharded } = locales.get('en') as Locale
    expect(head.shards.length).toBeGreaterThan(100)
    const sizeOf = (hash: string) => (sharded.parts.find((part) => contentHash(part) === hash) as string).length
    const oversized = head.shards.filter((shard) => sizeOf(shard.hash) > 4 * SHARDED.shardBytes)
    expect(oversized.every((shard) => shard.terms === 1)).toBe(true)
    expect(head.shards.filter((shard) => sizeOf(shard.hash) <= SHARDED.shardBytes).length).toBeGreaterThan(head.shards.length / 2)
    expect(head.typoBuckets.length).toBeGreaterThan(1)
    expect(head.recordLengths.length).toBeGreaterThan(1)
  })

  it('keeps each display chunk of the bench corpus under 64 KiB, so that the ten hits of a cold query read well under a MiB of them', () => {
    const { sharded } = locales.get('en') as Locale
    expect(sharded.displayChunks.length).toBeGreaterThan(100)
    expect(Math.max(...sharded.displayChunks.map((chunk) => Buffer.byteLength(chunk)))).toBeLessThan(64 * 1024)
  })

  it('names its display chunks in display directories, so that the head holds one name per directory and none per chunk', () => {
    const { sharded, head } = locales.get('en') as Locale
    expect(head.displayDirectories).toHaveLength(Math.ceil(sharded.displayChunks.length / SEARCH_OPTIONS.displayDirectorySize))
    expect(sharded.displayChunks.filter((chunk) => sharded.index.includes(contentHash(chunk)))).toEqual([])
  })

  it('answers the bench query mix and relevance set exactly as the unsharded index does: slugs, order, scores, excerpts, facets, explain', async () => {
    const queries = [...queryMix(corpus.words, corpus.sections).map((query) => query.body.query), ...corpusQueries(corpus).map((query) => query.query)]
    expect(await expectSameAnswers('en', queries)).toBeGreaterThan(queries.length)
    expect(await expectSameAnswers('de', queries.slice(0, 20))).toBeGreaterThan(0)
  })

  it('finds prefix matches on both sides of shard boundaries as the unsharded index does', async () => {
    const { head } = locales.get('en') as Locale
    // The common prefix of each boundary's last and first terms: its matches straddle the boundary.
    const terms = wholeIndexOf(locales.get('en')?.sharded as EncodedSearchIndex).terms
    const prefixes: string[] = []
    for (const shard of head.shards.slice(1, 50)) {
      const before = terms[terms.indexOf(shard.first) - 1] as string
      let length = 0
      while (length < before.length && before[length] === shard.first[length]) length++
      if (length >= 2) prefixes.push(shard.first.slice(0, length))
    }
    expect(prefixes.length).toBeGreaterThan(15)
    expect(await expectSameAnswers('en', prefixes)).toBeGreaterThan(15)
  })

  it('finds terms one typo away in shards other than the query’s own range, as the unsharded index does', async () => {
    const { head } = locales.get('en') as Locale
    const vocabulary = new Set(wholeIndexOf(locales.get('en')?.sharded as EncodedSearchIndex).terms)
    // A swap of the first two letters, a dropped first letter: the query's own range is elsewhere in the vocabulary.
    const typos = corpus.words
      .filter((word) => word.length >= 6 && vocabulary.has(word))
      .slice(0, 25)
      .flatMap((word) => [`${word[1]}${word[0]}${word.slice(2)}`, word.slice(1)])
      .filter((typo) => ![...vocabulary].some((term) => term.startsWith(typo)))
    expect(typos.length).toBeGreaterThan(15)
    const crossing = typos.filter((typo) => {
      const word = corpus.words.find((candidate) => (candidate.length === typo.length + 1 ? candidate.slice(1) === typo : candidate === `${typo[1]}${typo[0]}${typo.slice(2)}`))
      return word !== undefined && shardOfTerm(head, word) !== shardOfTerm(head, typo)
    })
    expect(crossing.length).toBeGreaterThan(8)
    expect(await expectSameAnswers('en', typos)).toBeGreaterThan(15)
  })
})

describe('a typo lookup', () => {
  it('reads at most one typo bucket per letter of the typo and one more, a small share of the vocabulary, and finds its neighbours', async () => {
    const encoded = encodeSearchIndex(indexDocuments('en', documentsOf.get('en') as IndexedDocument[]), contentHash)
    const head = SearchIndexBlobSchema.parse(JSON.parse(encoded.index))
    const read = encodedValues(encoded)
    const buckets = new Set(head.typoBuckets)
    const bucketBytes = head.typoBuckets.reduce((total, hash) => total + (read(hash) as string).length, 0)
    let readBytes = 0
    let reads = 0
    const engine = await loadEngine(encoded.index, (hash) => {
      const json = read(hash) as string
      if (buckets.has(hash)) {
        reads++
        readBytes += json.length
      }
      return json
    })
    const typo = queryMix(corpus.words, corpus.sections).find((query) => query.name === 'typo')?.body.query as string
    const answer = await engine.search(SITE, ask(typo, false), chunkReader(engine, read))
    expect(answer.results.length).toBeGreaterThan(0)
    expect(head.typoBuckets.length).toBeGreaterThan(32)
    expect(reads).toBeGreaterThan(0)
    expect(reads).toBeLessThanOrEqual(typo.length + 1)
    expect(readBytes).toBeLessThan(bucketBytes / 8)
  })
})

describe('an incremental build of a sharded index', () => {
  it('rewrites only the shards of the terms an edit touches', () => {
    const documents = (documentsOf.get('en') as IndexedDocument[]).slice(0, 400)
    const builder = createIndexBuilder('en', {}, { hashOf: contentHash, search: SHARDED })
    const before = builder.update(documents)
    const head = SearchIndexBlobSchema.parse(JSON.parse(before.index))
    // One word of one section becomes another word of the same length, both used by other pages too: the records,
    // their lengths and the vocabulary stay, and only the two terms' lists change.
    const at = 123
    const document = documents[at] as IndexedDocument
    const wordsOf = (text: string) => text.split(/[^a-z]+/)
    const elsewhere = new Set(documents.filter((_, index) => index !== at).flatMap((other) => other.sections.flatMap((kept) => wordsOf(kept.text))))
    const inDocument = new Set([document.title, ...document.sections.flatMap((kept) => [kept.heading?.text ?? '', kept.text])].flatMap((text) => wordsOf(text.toLowerCase())))
    const usable = (word: string) => word.length >= 6 && elsewhere.has(word) && !head.stopTerms.includes(word)
    const section = document.sections[1] as IndexedDocument['sections'][number]
    const words = section.text.split(' ')
    const position = words.findIndex(
      (word) => /^[a-z]+$/.test(word) && usable(word) && section.text.split(word).length === 2 && document.sections.filter((kept) => kept.text.includes(word)).length === 1,
    )
    const old = words[position] as string
    const replacement = [...elsewhere].find((word) => usable(word) && word.length === old.length && !inDocument.has(word)) as string
    expect([old, replacement].every((word) => word !== undefined)).toBe(true)
    words[position] = replacement
    const edited = documents.map((other, index) =>
      index === at ? { ...other, sections: other.sections.map((kept) => (kept === section ? { ...kept, text: words.join(' ') } : kept)) } : other,
    )
    const after = builder.update(edited)
    const afterHead = SearchIndexBlobSchema.parse(JSON.parse(after.index))

    const changed = afterHead.shards.filter((shard) => !head.shards.some((old) => old.hash === shard.hash)).map((shard) => shard.first)
    const touched = [...new Set([shardOfTerm(afterHead, old), shardOfTerm(afterHead, replacement)])].map((shard) => afterHead.shards[shard]?.first)
    expect(new Set(changed)).toEqual(new Set(touched))
    expect(afterHead.shards).toHaveLength(head.shards.length)
    expect(afterHead.typoBuckets).toEqual(head.typoBuckets)
    expect(afterHead.recordLengths).toEqual(head.recordLengths)
    // And the builder's parts are the one-shot encoding's, byte for byte.
    expect(after.parts).toEqual(encodeSearchIndex(indexDocuments('en', edited, {}, SHARDED), contentHash, SHARDED).parts)
  })
})
