import { describe, expect, it } from 'vitest'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { DisplayChunkSchema, SearchIndexBlobSchema, type DisplayChunk } from '../../contract/index.ts'
import { encodeSearchIndex, indexDocuments, jsonValueReader, SEARCH_FORMAT_VERSION, SearchEngine, SearchIndexError, type IndexedDocument } from '../../search/engine.ts'
import { ByteWriter, toBase64 } from '../../search/varint.ts'
import { encodedValues, loadEngine } from '../shared/search-helpers.ts'

const SITE = { title: 't', description: null, defaultLocale: 'en', locales: ['en'], baseUrl: '/', sections: [] }

const DOCUMENTS: IndexedDocument[] = [
  {
    docId: 'guides/publish',
    slug: 'guides/publish',
    locale: 'en',
    section: 'guides',
    title: 'Publishing a build',
    draft: false,
    tags: ['deploy'],
    sections: [
      { heading: null, text: 'A build goes to the namespace before its pointer moves.' },
      { heading: { id: 'rollback', text: 'Rolling back' }, text: 'Rollback moves the pointer to an older build.' },
    ],
  },
  {
    docId: 'guides/search',
    slug: 'guides/search',
    locale: 'en',
    section: 'guides',
    title: 'Searching the docs',
    draft: false,
    tags: [],
    sections: [{ heading: null, text: 'Queries match titles, headings and body text, with typos forgiven.' }],
  },
  {
    docId: 'guides/upcoming',
    slug: 'guides/upcoming',
    locale: 'en',
    section: 'guides',
    title: 'Upcoming rollback tooling',
    draft: true,
    tags: [],
    sections: [{ heading: null, text: 'Not yet written.' }],
  },
]

/** Encodes the documents through the engine and stores them as JSON, as a build writes them. */
function stored() {
  const encoded = encodeSearchIndex(indexDocuments('en', DOCUMENTS), contentHash)
  const chunks = encoded.displayChunks.map((text) => DisplayChunkSchema.parse(JSON.parse(text)))
  return { json: encoded.index, read: encodedValues(encoded), readChunk: async (chunk: number) => chunks[chunk] ?? DisplayChunkSchema.parse({ documents: [] }) }
}

const ask = (query: string, canReadDrafts = false) => ({ query, limit: 10, sectionBoost: [], canReadDrafts })

describe('the search engine', () => {
  it('round-trips: what it encodes, it loads, and the loaded index finds the documents indexed', async () => {
    const { json, read, readChunk } = stored()
    const engine = await loadEngine(json, read)

    const { results } = await engine.search(SITE, ask('rollback'), readChunk)
    expect(results.map((hit) => [hit.slug, hit.heading?.id ?? null])).toEqual([['guides/publish', 'rollback']])
    const withDrafts = await engine.search(SITE, ask('rollback', true), readChunk)
    expect(withDrafts.results.map((hit) => hit.slug).sort()).toEqual(['guides/publish', 'guides/upcoming'])
    expect((await engine.search(SITE, ask('typoes'), readChunk)).results.map((hit) => hit.slug)).toEqual(['guides/search'])
  })

  it('counts facets afresh for each query: a query after others gives the counts it gives on a new engine', async () => {
    const { json, read, readChunk } = stored()
    const fresh = await (await loadEngine(json, read)).search(SITE, ask('rollback', true), readChunk)
    expect(fresh.facets).toEqual({ sections: { guides: 2 }, tags: { deploy: 1 } })
    const engine = await loadEngine(json, read)
    for (const query of ['rollback', 'pointer', 'build', 'typoes']) await engine.search(SITE, ask(query, true), readChunk)
    expect((await engine.search(SITE, ask('rollback', true), readChunk)).facets).toEqual(fresh.facets)
  })

  it('gives the same results from a second load of the same stored index, and encodes the same bytes again', async () => {
    const first = stored()
    const second = stored()
    expect(second.json).toBe(first.json)
    const load = () => loadEngine(first.json, first.read)
    const warm = await load()
    // The first engine answers a query before the comparison, so its caches are filled and the second's are not.
    await warm.search(SITE, ask('build pointer'), first.readChunk)
    for (const query of ['build pointer', 'searching', 'rollback', 'deploy']) {
      expect(await (await load()).search(SITE, ask(query), first.readChunk), query).toEqual(await warm.search(SITE, ask(query), first.readChunk))
    }
  })

  it('reads a fresh engine’s record lengths beside its first query’s shards, not before them', async () => {
    const { json, read, readChunk } = stored()
    const values = jsonValueReader(async (hash) => read(hash))
    let shardAsked: () => void = () => undefined
    const shardWasAsked = new Promise<void>((resolve) => (shardAsked = resolve))
    // Record lengths that arrive only once a shard has been asked for: were they awaited first, the query would never end.
    const reader = {
      ...values,
      shard: (hash: string) => {
        shardAsked()
        return values.shard(hash)
      },
      recordLengths: async (hash: string) => {
        await shardWasAsked
        return values.recordLengths(hash)
      },
    }
    const engine = await SearchEngine.load(SearchIndexBlobSchema.parse(JSON.parse(json)), reader)
    const { results } = await engine.search(SITE, ask('rollback'), readChunk)
    expect(results.map((hit) => hit.slug)).toEqual(['guides/publish'])
  })

  it('reads the record lengths again for the next query when their read failed', async () => {
    const { json, read, readChunk } = stored()
    const values = jsonValueReader(async (hash) => read(hash))
    let failures = 1
    const reader = {
      ...values,
      recordLengths: (hash: string) => (failures-- > 0 ? Promise.reject(new SearchIndexError('record lengths not yet replicated')) : values.recordLengths(hash)),
    }
    const engine = await SearchEngine.load(SearchIndexBlobSchema.parse(JSON.parse(json)), reader)
    await expect(engine.search(SITE, ask('rollback'), readChunk)).rejects.toThrow('record lengths not yet replicated')
    expect((await engine.search(SITE, ask('rollback'), readChunk)).results.map((hit) => hit.slug)).toEqual(['guides/publish'])
  })

  it('refuses a stored index of a format version it cannot read', async () => {
    const { json, read } = stored()
    const blob = SearchIndexBlobSchema.parse(JSON.parse(json))
    for (const schemaVersion of [SEARCH_FORMAT_VERSION - 1, SEARCH_FORMAT_VERSION + 1]) {
      await expect(
        SearchEngine.load(
          { ...blob, schemaVersion },
          jsonValueReader(async (hash) => read(hash)),
        ),
      ).rejects.toThrow(SearchIndexError)
      await expect(
        SearchEngine.load(
          { ...blob, schemaVersion },
          jsonValueReader(async (hash) => read(hash)),
        ),
      ).rejects.toThrow(`format version ${schemaVersion}, this engine reads ${SEARCH_FORMAT_VERSION}`)
    }
  })
})

describe('the head keeps each document’s section as runs of documents in a row', () => {
  const page = (slug: string, section: string): IndexedDocument => ({
    docId: slug,
    slug,
    locale: 'en',
    section,
    title: `Rollback in ${slug}`,
    draft: false,
    tags: [],
    sections: [{ heading: null, text: 'Rollback moves the pointer.' }],
  })
  const pages = [page('guides/a', 'guides'), page('api/b', 'api'), page('api/c', 'api'), page('guides/d', 'guides')]
  const encoded = encodeSearchIndex(indexDocuments('en', pages), contentHash)
  const chunks = encoded.displayChunks.map((text) => DisplayChunkSchema.parse(JSON.parse(text)))
  const readChunk = async (chunk: number) => chunks[chunk] as DisplayChunk
  const head = SearchIndexBlobSchema.parse(JSON.parse(encoded.index))
  const runs = (numbers: number[]) => {
    const writer = new ByteWriter()
    for (const number of numbers) writer.varint(number)
    return toBase64(writer.toBytes())
  }

  it('stores one run per stretch of one section, and every document gets its own section back', async () => {
    expect(head.docSectionRuns).toBe(runs([head.sections.indexOf('guides'), 1, head.sections.indexOf('api'), 2, head.sections.indexOf('guides'), 1]))
    const engine = await loadEngine(encoded.index, encodedValues(encoded))
    const { results, facets } = await engine.search(SITE, { ...ask('rollback'), limit: 4 }, readChunk)
    expect(Object.fromEntries(results.map((hit) => [hit.slug, hit.section]))).toEqual({ 'guides/a': 'guides', 'api/b': 'api', 'api/c': 'api', 'guides/d': 'guides' })
    expect(facets.sections).toEqual({ guides: 2, api: 2 })
  })

  it('refuses runs that do not cover the documents exactly or name no section', async () => {
    const read = encodedValues(encoded)
    for (const wrong of [
      [0, 1, 1, 2],
      [0, 1, 1, 2, 0, 2],
      [0, 1, 1, 0, 1, 2, 0, 1],
      [head.sections.length, 4],
      [0, 1, 1, 2, 0],
    ]) {
      await expect(
        SearchEngine.load(
          { ...head, docSectionRuns: runs(wrong) },
          jsonValueReader(async (hash) => read(hash)),
        ),
        JSON.stringify(wrong),
      ).rejects.toThrow('document sections do not match the documents')
    }
  })
})
