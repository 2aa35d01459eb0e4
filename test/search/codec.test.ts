import { describe, expect, it } from 'vitest'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { DisplayChunkSchema, SearchDisplayDirectorySchema, SearchIndexBlobSchema } from '../../contract/index.ts'
import { encodeSearchIndex, sectionOf } from '../../search/codec.ts'
import { readPostings } from '../../search/postings.ts'
import { withinOneEdit } from '../../search/expand.ts'
import type { IndexedDocument } from '../../search/index-data.ts'
import { indexDocuments } from '../../search/indexer.ts'
import { SEARCH_OPTIONS } from '../../search/options.ts'
import { ByteReader, ByteWriter, fromBase64 } from '../../search/varint.ts'
import { encodedValues, wholeIndexOf } from '../shared/search-helpers.ts'

/** A deterministic pseudo-random source, so a failing size can be reproduced. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

const WORDS = ['kv', 'worker', 'pointer', 'publish', 'rollback', 'search', 'index', 'locale', 'draft', 'token', 'heading', 'élan', 'naïve', 'straße', '検索']

/** `count` documents with sections, headings, drafts and several sections; text repeats words so flags are set. */
function generatedDocuments(count: number, seed: number): IndexedDocument[] {
  const next = random(seed)
  const pick = () => WORDS[Math.floor(next() * WORDS.length)] as string
  const sentence = (length: number) => Array.from({ length }, pick).join(' ')
  return Array.from({ length: count }, (_, doc) => ({
    docId: `section-${doc % 7}/page-${doc}`,
    slug: `section-${doc % 7}/page-${doc}`,
    locale: 'en',
    section: `section-${doc % 7}`,
    title: `${sentence(3)} ${doc}`,
    draft: next() < 0.1,
    tags: next() < 0.5 ? [`tag-${doc % 3}`, 'common'] : [],
    sections: [
      { heading: null, text: sentence(Math.floor(next() * 40)) },
      ...Array.from({ length: Math.floor(next() * 4) }, (_, n) => ({ heading: { id: `h-${n}`, text: sentence(2) }, text: sentence(Math.floor(next() * 60) + 1) })),
    ],
  }))
}

describe('the search index codec', () => {
  it.each([0, 1, 17, 450, 2_500])('round-trips a generated index of %i documents: encode, store as JSON, check, decode', (count) => {
    const data = indexDocuments('en', generatedDocuments(count, count + 1))
    const encoded = encodeSearchIndex(data, contentHash)
    const blob = SearchIndexBlobSchema.parse(JSON.parse(encoded.index))
    const index = wholeIndexOf(encoded)

    expect(index.terms).toEqual(data.terms)
    data.terms.forEach((_, term) => {
      expect(readPostings(index, 'text', term)).toEqual(data.textLists[term])
      expect(readPostings(index, 'field', term)).toEqual(data.fieldLists[term])
      expect(index.textCount[term]).toBe(data.textLists[term]?.length)
    })
    expect([...index.recordLength]).toEqual(data.recordLengths)
    expect([...index.docDraft].map((draft) => draft === 1)).toEqual(data.docDraft)
    expect(data.docSection.map((_, doc) => sectionOf(index, doc))).toEqual(data.docSection.map((position) => data.sections[position]))
    expect([...index.stopTerms].sort()).toEqual([...data.stopTerms].sort())
    expect(index.tags).toEqual(data.tags)
    data.docTags.forEach((positions, doc) => {
      expect([...index.docTagList.subarray(index.docTagStart[doc], index.docTagStart[doc + 1])]).toEqual(positions)
    })

    const chunks = encoded.displayChunks.map((text) => DisplayChunkSchema.parse(JSON.parse(text)))
    expect(chunks.flatMap((chunk) => chunk.documents)).toEqual(data.display)
    const named = blob.displayDirectories.flatMap((hash) => SearchDisplayDirectorySchema.parse(JSON.parse(encodedValues(encoded)(hash) as string)).chunks)
    expect(named).toEqual(encoded.displayChunks.map(contentHash))
    expect(chunks.every((chunk) => chunk.documents.length <= SEARCH_OPTIONS.displayChunkSize)).toBe(true)
  })

  it('leaves out stop terms on large sites and still round-trips the rest', () => {
    const data = indexDocuments('en', generatedDocuments(2_500, 7))
    expect(data.stopTerms.length).toBeGreaterThan(0)
    const index = wholeIndexOf(encodeSearchIndex(data, contentHash))
    for (const term of data.stopTerms) expect(readPostings(index, 'text', data.terms.indexOf(term))).toEqual([])
  })
})

describe('varints', () => {
  it('round-trip through base64, from one byte to numbers past 32 bits', () => {
    const values = [0, 1, 127, 128, 300, 16_383, 16_384, 2 ** 31 + 5, 2 ** 40]
    const writer = new ByteWriter()
    for (const value of values) writer.varint(value)
    const reader = new ByteReader(fromBase64(writer.toBase64()))
    expect(values.map(() => reader.varint())).toEqual(values)
    expect(reader.atEnd()).toBe(true)
    expect(writer.length).toBe(1 + 1 + 1 + 2 + 2 + 2 + 3 + 5 + 6)
  })

  it('writes base64 exactly as btoa does, at every length modulo 3 and for every byte value', () => {
    const next = random(3)
    for (let length = 0; length < 40; length++) {
      const writer = new ByteWriter(4)
      const bytes = Uint8Array.from({ length: length + 256 }, (_, index) => (index < 256 ? index : Math.floor(next() * 256)))
      writer.bytes(bytes)
      expect(writer.toBase64()).toBe(btoa(String.fromCharCode(...bytes)))
    }
    expect(new ByteWriter().toBase64()).toBe('')
  })

  it('refuses a varint cut off at the end of its bytes', () => {
    expect(() => new ByteReader(Uint8Array.of(0x80, 0x80)).varint()).toThrow(/past the end/)
  })
})

describe('withinOneEdit', () => {
  it.each([
    ['installation', 'instalation'],
    ['installation', 'installlation'],
    ['installation', 'installatoin'],
    ['installation', 'installatiom'],
  ])('accepts %s and %s as one typo apart', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(true)
    expect(withinOneEdit(b, a)).toBe(true)
  })

  it.each([
    ['installation', 'installation'],
    ['installation', 'instalatoin'],
    ['installation', 'nstallatio'],
  ])('rejects %s and %s', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(false)
  })
})
