import { describe, expect, it } from 'vitest'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { DisplayChunkSchema, SearchIndexBlobSchema, type DisplayChunk } from '../../contract/index.ts'
import { recordCountNibbles, recordCountsOf } from '../../search/document-columns.ts'
import { encodeSearchIndex, indexDocuments, type IndexedDocument } from '../../search/engine.ts'
import { SearchIndexError } from '../../search/errors.ts'
import { ByteWriter, fromBase64, toBase64 } from '../../search/varint.ts'
import { encodedValues, loadEngine } from '../shared/search-helpers.ts'

const fail = (what: string) => new SearchIndexError(what)
const decode = ({ nibbles, over }: { nibbles: string; over: string }, docCount: number) => [...recordCountsOf(fromBase64(nibbles), fromBase64(over), docCount, fail)]
const varints = (numbers: number[]) => {
  const writer = new ByteWriter()
  for (const number of numbers) writer.varint(number)
  return toBase64(writer.toBytes())
}

describe('record counts in the head, half a byte a page', () => {
  it('round-trip counts from 1 to past what a nibble holds, for an odd and an even number of pages', () => {
    for (const counts of [[1], [15, 16], [3, 200, 1, 15, 16, 17, 1_000_000], Array.from({ length: 101 }, (_, doc) => 1 + ((doc * 7) % 40))]) {
      const written = recordCountNibbles(counts)
      expect(fromBase64(written.nibbles).length).toBe(Math.ceil(counts.length / 2))
      expect(decode(written, counts.length)).toEqual(counts)
    }
  })

  it('refuses bytes for more or fewer pages, a page of no records, a set padding nibble and counts left over', () => {
    const written = recordCountNibbles([2, 30, 4])
    for (const [what, nibbles, over, docCount] of [
      ['fewer pages', written.nibbles, written.over, 2],
      ['more pages', written.nibbles, written.over, 5],
      ['a count of 0', toBase64(Uint8Array.of(0x02)), '', 2],
      ['a set padding nibble', toBase64(Uint8Array.of(0x42, 0x53)), '', 3],
      ['a count left over', written.nibbles, varints([30, 9]), 3],
      ['a missing count', written.nibbles, '', 3],
    ] as const) {
      expect(() => decode({ nibbles, over }, docCount), what).toThrow(SearchIndexError)
    }
  })

  it('finds a page by its twentieth heading: records past the fifteenth are where the index says', async () => {
    const page = (slug: string, headings: number): IndexedDocument => ({
      docId: slug,
      slug,
      locale: 'en',
      section: 'guides',
      title: slug,
      draft: false,
      tags: [],
      sections: [
        { heading: null, text: 'Intro.' },
        ...Array.from({ length: headings }, (_, n) => ({ heading: { id: `h${n + 1}`, text: `Part ${n + 1}` }, text: n === 19 ? 'zebra crossing' : `text ${n}` })),
      ],
    })
    const encoded = encodeSearchIndex(indexDocuments('en', [page('short', 2), page('long', 24), page('after', 3)]), contentHash)
    expect(SearchIndexBlobSchema.parse(JSON.parse(encoded.index)).docRecordsOver).toBe(varints([25]))
    const chunks = encoded.displayChunks.map((text) => DisplayChunkSchema.parse(JSON.parse(text)))
    const engine = await loadEngine(encoded.index, encodedValues(encoded))
    const site = { title: 't', description: null, defaultLocale: 'en', locales: ['en'], baseUrl: '/', sections: [] }
    const { results } = await engine.search(site, { query: 'zebra', limit: 5, sectionBoost: [], canReadDrafts: false }, async (chunk) => chunks[chunk] as DisplayChunk)
    expect(results.map((hit) => [hit.slug, hit.heading?.id])).toEqual([['long', 'h20']])
  })
})
