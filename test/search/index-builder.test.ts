import { describe, expect, it } from 'vitest'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { SearchIndexBlobSchema } from '../../contract/index.ts'
import { encodeSearchIndex } from '../../search/codec.ts'
import { createIndexBuilder, type IndexBuilder } from '../../search/index-builder.ts'
import { SECTIONS_SOURCE, type IndexedDocument, type IndexSettings } from '../../search/index-data.ts'
import { indexDocuments } from '../../search/indexer.ts'
import { SEARCH_OPTIONS, type SearchOptions } from '../../search/options.ts'
import { createTokenCache } from '../../search/page-terms.ts'
import { EditSequence, spreadWord } from './edit-sequence.ts'
import { exposedGc } from '../shared/gc.ts'

// Small chunks, shards and a low stop-term floor, so that a few dozen documents cross chunk and shard bounds and make stop terms.
const OPTIONS: SearchOptions = {
  ...SEARCH_OPTIONS,
  displayChunkSize: 4,
  previewLength: 40,
  stopTermMinRecords: 60,
  shardBytes: 300,
  typoBucketBytes: 200,
  recordLengthsPerChunk: 64,
}
const SETTINGS: IndexSettings = {
  synonyms: [
    ['KV', 'store'],
    ['cache', 'キャッシュ'],
  ],
}

const oneShot = (locale: string, documents: IndexedDocument[], options = OPTIONS) => encodeSearchIndex(indexDocuments(locale, documents, SETTINGS, options), contentHash, options)

const stopTermsOf = (index: string) => SearchIndexBlobSchema.parse(JSON.parse(index)).stopTerms

function expectSameAsOneShot(builder: IndexBuilder, locale: string, documents: IndexedDocument[], step: string, options = OPTIONS) {
  const built = builder.update(documents)
  const expected = oneShot(locale, documents, options)
  // Compared as strings first: a mismatch names the step without printing megabytes.
  expect(built.index === expected.index, `index after: ${step}`).toBe(true)
  expect(built.parts, `parts after: ${step}`).toEqual(expected.parts)
  expect(built.partHashes, `part names after: ${step}`).toEqual(expected.parts.map(contentHash))
  expect(built.displayChunks, `display chunks after: ${step}`).toEqual(expected.displayChunks)
  expect(built.displayChunkHashes, `display chunk names after: ${step}`).toEqual(expected.displayChunks.map(contentHash))
  return built
}

describe('an index builder', () => {
  it.each([1, 2, 3])('gives the one-shot encoding byte for byte after every step of a random edit sequence (seed %i)', (seed) => {
    const edits = new EditSequence(seed)
    // 70 documents: a shuffle changes more than the builder patches, so it rebuilds from cached tokens.
    let documents = Array.from({ length: 70 }, () => edits.document())
    const builder = createIndexBuilder('en', SETTINGS, { hashOf: contentHash, search: OPTIONS })
    expectSameAsOneShot(builder, 'en', documents, 'the first build')
    const kinds = new Set<string>()
    for (let step = 0; step < 120; step++) {
      const edit = edits.edit(documents)
      documents = edit.documents
      kinds.add(edit.kind)
      expectSameAsOneShot(builder, 'en', documents, `step ${step}: ${edit.kind}`)
    }
    expect(kinds.size).toBeGreaterThanOrEqual(9)
  })

  it('gives the one-shot encoding when every document comes as a new array of the same content, as the same page rendered for another docs version does', () => {
    const edits = new EditSequence(4)
    let documents = Array.from({ length: 70 }, () => edits.document())
    const builder = createIndexBuilder('en', SETTINGS, { hashOf: contentHash, search: OPTIONS })
    expectSameAsOneShot(builder, 'en', documents, 'the first build')
    for (let step = 0; step < 40; step++) {
      // A deep copy: no sections array is the one the builder saw, so it matches them by content.
      documents = structuredClone(edits.edit(documents).documents)
      expectSameAsOneShot(builder, 'en', documents, `step ${step}, copied`)
    }
  })

  it('follows a term that becomes a stop term and stops being one', () => {
    const edits = new EditSequence(7)
    let documents = Array.from({ length: 40 }, () => edits.document())
    const builder = createIndexBuilder('en', SETTINGS, { hashOf: contentHash, search: OPTIONS })
    expect(stopTermsOf(expectSameAsOneShot(builder, 'en', documents, 'the first build').index)).not.toContain('zqcommon')
    documents = spreadWord(documents, 'zqcommon', 0.5)
    expect(stopTermsOf(expectSameAsOneShot(builder, 'en', documents, 'the word spread').index)).toContain('zqcommon')
    documents = edits.edit(documents).documents
    expectSameAsOneShot(builder, 'en', documents, 'an edit while it is a stop term')
    documents = spreadWord(documents, 'zqcommon', 0)
    expect(stopTermsOf(expectSameAsOneShot(builder, 'en', documents, 'the word taken out').index)).not.toContain('zqcommon')
  })

  it('crosses the record count at which stop terms start, both ways', () => {
    const edits = new EditSequence(11)
    const builder = createIndexBuilder('en', SETTINGS, { hashOf: contentHash, search: OPTIONS })
    let documents = spreadWord(
      Array.from({ length: 10 }, () => edits.document()),
      'zqcommon',
      1,
    )
    expect(stopTermsOf(expectSameAsOneShot(builder, 'en', documents, 'too few records').index)).toEqual([])
    const grown = spreadWord([...documents, ...Array.from({ length: 30 }, () => edits.document())], 'zqcommon', 1)
    expect(stopTermsOf(expectSameAsOneShot(builder, 'en', grown, 'enough records').index)).toContain('zqcommon')
    documents = grown.slice(0, 10)
    expect(stopTermsOf(expectSameAsOneShot(builder, 'en', documents, 'back to too few').index)).toEqual([])
  })

  it('shares tokens between the builders of two locales, also for CJK text that each locale splits its own way', () => {
    const edits = new EditSequence(5)
    const english = Array.from({ length: 20 }, () => edits.document('en'))
    const japanese = english.map((document, position) => (position % 3 === 0 ? { ...edits.document('ja'), docId: document.docId } : document))
    const tokens = createTokenCache()
    const builders = {
      en: createIndexBuilder('en', SETTINGS, { hashOf: contentHash, search: OPTIONS, tokens }),
      ja: createIndexBuilder('ja', SETTINGS, { hashOf: contentHash, search: OPTIONS, tokens }),
    }
    expectSameAsOneShot(builders.en, 'en', english, 'en, first build')
    expectSameAsOneShot(builders.ja, 'ja', japanese, 'ja, first build with en fallbacks')
    const edited = edits.edit(english).documents
    expectSameAsOneShot(builders.en, 'en', edited, 'en, after an edit')
    expectSameAsOneShot(
      builders.ja,
      'ja',
      japanese.map((document) => edited.find((other) => other.docId === document.docId && document.locale === 'en') ?? document),
      'ja, after the same edit',
    )
  })

  it('gives the one-shot encoding when only the keywords or the operation of a page change, its sections array kept', () => {
    const edits = new EditSequence(6)
    // Every third page an API operation: keywords with its id, method and path, and the operation shown.
    let documents: IndexedDocument[] = Array.from({ length: 70 }, (_, position) => {
      const document = edits.document()
      return position % 3 === 0 ? { ...document, keywords: `op${position} GET /things/{id${position}}`, operation: { method: 'GET', path: `/things/{id${position}}` } } : document
    })
    const builder = createIndexBuilder('en', SETTINGS, { hashOf: contentHash, search: OPTIONS })
    expectSameAsOneShot(builder, 'en', documents, 'the first build')
    const change = (at: number, changed: (document: IndexedDocument) => IndexedDocument) => documents.map((document, position) => (position === at ? changed(document) : document))
    const without = ({ keywords: _keywords, operation: _operation, ...rest }: IndexedDocument): IndexedDocument => rest
    const steps: Array<[string, () => IndexedDocument[]]> = [
      ['keywords changed', () => change(3, (document) => ({ ...document, keywords: 'renamedOp PUT /things/{id3}' }))],
      ['operation changed, keywords as they were', () => change(6, (document) => ({ ...document, operation: { method: 'DELETE', path: '/other' } }))],
      ['a word moved from the keywords to the title', () => change(9, (document) => ({ ...document, title: `${document.title} op9`, keywords: 'GET /things/{id9}' }))],
      [
        'keywords and operation given to an ordinary page',
        () => change(1, (document) => ({ ...document, keywords: 'newOp POST /new', operation: { method: 'POST', path: '/new' } })),
      ],
      ['keywords and operation taken away', () => change(12, without)],
      ['empty keywords', () => change(15, (document) => ({ ...document, keywords: '' }))],
      ['keywords changed while every page moved', () => [...change(18, (document) => ({ ...document, keywords: 'moved GET /moved' }))].reverse()],
      ['keywords changed in a copy of every page', () => structuredClone(change(21, (document) => ({ ...document, keywords: 'copied GET /copied/{id}' })))],
    ]
    for (const [step, apply] of steps) {
      documents = apply()
      expectSameAsOneShot(builder, 'en', documents, step)
    }
  })

  it('gives the same index with the default options, and for an empty list', () => {
    const edits = new EditSequence(9)
    let documents = Array.from({ length: 150 }, () => edits.document())
    const builder = createIndexBuilder('en', {}, { hashOf: contentHash })
    const check = (step: string) => {
      const built = builder.update(documents)
      const expected = encodeSearchIndex(indexDocuments('en', documents), contentHash)
      expect(built.index === expected.index, step).toBe(true)
      expect(built.parts, step).toEqual(expected.parts)
      expect(built.displayChunks, step).toEqual(expected.displayChunks)
    }
    check('the first build')
    for (let step = 0; step < 10; step++) {
      documents = edits.edit(documents).documents
      check(`step ${step}`)
    }
    documents = []
    check('every document removed')
    documents = [edits.document()]
    check('one document again')
  })

  it('made once, reads the sections of each document once, keeps none of the arrays it read, and gives the one-shot encoding, also on a later update', async () => {
    const edits = new EditSequence(4)
    const texts = Array.from({ length: 40 }, () => edits.document())
    // Each read gives a new array, as a rendering read back from the renderings' file does; each is watched.
    const read: Array<WeakRef<object>> = []
    const lazily = (documents: IndexedDocument[]) =>
      documents.map((document): IndexedDocument => {
        const { sections, ...rest } = document
        return {
          ...rest,
          get sections() {
            const copy = structuredClone(sections)
            read.push(new WeakRef(copy))
            return copy
          },
        }
      })
    const live = async () => {
      // A WeakRef holds its target until the job that made it ends.
      await new Promise((resolve) => setTimeout(resolve, 0))
      collectGarbage()
      return read.filter((ref) => ref.deref() !== undefined).length
    }
    const kept = createIndexBuilder('en', SETTINGS, { hashOf: contentHash, search: OPTIONS })
    expectSameAsOneShot(kept, 'en', lazily(texts), 'the first build, patching builder')
    expect(await live()).toBe(texts.length)
    read.length = 0
    const once = createIndexBuilder('en', SETTINGS, { hashOf: contentHash, search: OPTIONS, once: true })
    const built = once.update(lazily(texts))
    expect(read.length, 'each document read once').toBe(texts.length)
    expect(await live()).toBe(0)
    const expected = oneShot('en', texts)
    expect(built.index === expected.index).toBe(true)
    expect(built.parts).toEqual(expected.parts)
    expect(built.displayChunks).toEqual(expected.displayChunks)
    const edited = edits.edit(texts).documents
    expectSameAsOneShot(once, 'en', lazily(edited), 'an update after the one build')
  })

  it('kept between builds, tells an unchanged page by the object its sections were made from, reads only the edited page again and holds none of the arrays it read', async () => {
    const edits = new EditSequence(5)
    const texts = Array.from({ length: 40 }, () => edits.document())
    // One object per page's text, as a rendering is; its sections are read back anew on each read, as from the renderings' file.
    const renderings = new Map<IndexedDocument['sections'], object>()
    const read: Array<WeakRef<object>> = []
    const readTexts: Array<IndexedDocument['sections']> = []
    const lazily = (documents: IndexedDocument[]) =>
      documents.map((document): IndexedDocument => {
        const { sections, ...rest } = document
        if (!renderings.has(sections)) renderings.set(sections, {})
        return {
          ...rest,
          get sections() {
            const copy = structuredClone(sections)
            read.push(new WeakRef(copy))
            readTexts.push(sections)
            return copy
          },
          [SECTIONS_SOURCE]: renderings.get(sections) as object,
        }
      })
    const sameAsOneShot = (built: ReturnType<IndexBuilder['update']>, documents: IndexedDocument[]) => {
      const expected = oneShot('en', documents)
      expect(built.index === expected.index).toBe(true)
      expect(built.parts).toEqual(expected.parts)
      expect(built.displayChunks).toEqual(expected.displayChunks)
    }
    const builder = createIndexBuilder('en', SETTINGS, { hashOf: contentHash, search: OPTIONS })
    sameAsOneShot(builder.update(lazily(texts)), texts)
    expect(read.length, 'each document read once').toBe(texts.length)
    await new Promise((resolve) => setTimeout(resolve, 0))
    collectGarbage()
    expect(read.filter((ref) => ref.deref() !== undefined)).toEqual([])
    readTexts.length = 0
    const edited = [...texts]
    edited[7] = { ...(texts[7] as IndexedDocument), sections: [{ heading: null, text: 'a saved edit of one page' }] }
    sameAsOneShot(builder.update(lazily(edited)), edited)
    // The edited page only, before and after (compared by content first, as another version's copy of a page would be).
    expect(readTexts.length).toBeGreaterThan(0)
    expect(readTexts.filter((text) => text !== texts[7]?.sections && text !== edited[7]?.sections)).toEqual([])
  })
})

/** A full collection, to see what a WeakRef still holds. */
function collectGarbage(): void {
  exposedGc()()
}
