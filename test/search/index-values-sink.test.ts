import { describe, expect, it } from 'vitest'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { SearchIndexes } from '../../build/pipeline/search-index.ts'
import { encodeSearchIndex } from '../../search/codec.ts'
import { createIndexBuilder, type IndexValueSink } from '../../search/index-builder.ts'
import { indexDocuments } from '../../search/indexer.ts'
import { SEARCH_OPTIONS } from '../../search/options.ts'
import { EditSequence } from './edit-sequence.ts'
import { isDisplayChunk } from './stored-values.ts'
import { exposedGc } from '../shared/gc.ts'

/** A sink that collects what it is handed, in order, as `update` gives it. */
function collectingSink() {
  const values = { parts: [] as string[], partHashes: [] as string[], displayChunks: [] as string[], displayChunkHashes: [] as string[] }
  const sink: IndexValueSink = {
    part: (json, hash) => {
      values.parts.push(json)
      values.partHashes.push(hash)
    },
    displayChunk: (json, hash) => {
      values.displayChunks.push(json)
      values.displayChunkHashes.push(hash)
    },
  }
  return { values, sink }
}

describe('an index written to a sink', () => {
  it('hands the sink every value of the one-shot encoding, in order, with its name', () => {
    const edits = new EditSequence(7)
    const documents = Array.from({ length: 60 }, () => edits.document())
    const expected = encodeSearchIndex(indexDocuments('en', documents, {}), contentHash)
    for (const once of [true, false]) {
      const { values, sink } = collectingSink()
      const written = createIndexBuilder('en', {}, { hashOf: contentHash, once }).write(documents, sink)
      expect(written.index).toBe(expected.index)
      expect(values.parts).toEqual(expected.parts)
      expect(values.displayChunks).toEqual(expected.displayChunks)
      expect(values.partHashes).toEqual(written.partHashes)
      expect(values.partHashes).toEqual(expected.parts.map(contentHash))
      expect(values.displayChunkHashes).toEqual(written.displayChunkHashes)
    }
  })

  it('holds none of the values it handed over while a one-shot build writes the rest', () => {
    const edits = new EditSequence(8)
    const documents = Array.from({ length: 3000 }, () => edits.document())
    const gc = exposedGc()
    let handed = 0
    let count = 0
    let first: number | undefined
    let most = 0
    // Each value is dropped by the sink: what the heap gains meanwhile (looked at every 64th value, from the first
    // past the display chunks, which come while documents are still read) is what the builder keeps of them.
    const take = (json: string) => {
      handed += json.length
      if (count++ % 64 !== 0) return
      gc()
      const used = process.memoryUsage().heapUsed
      if (first === undefined && !isDisplayChunk(json)) first = used
      most = Math.max(most, used - (first ?? used))
    }
    const written = new SearchIndexes({ keepBuilders: false }).write('en', documents, {}, { part: take, displayChunk: take })
    expect(written.partHashes.length + written.displayChunkHashes.length).toBeGreaterThan(100)
    // Held, the values would add about their own size (one byte a character, as most are ASCII).
    expect(handed).toBeGreaterThan(1_000_000)
    expect(most).toBeLessThan(handed / 5)
  })

  it('made for one build, hands each display chunk over as soon as its documents are read, before reading the next', () => {
    const edits = new EditSequence(9)
    let read = 0
    const documents = Array.from({ length: 100 }, () => {
      const { sections, ...document } = edits.document()
      return {
        ...document,
        get sections() {
          read++
          return sections
        },
      }
    })
    const readAtChunk: number[] = []
    const { values, sink } = collectingSink()
    const written = createIndexBuilder('en', {}, { hashOf: contentHash, once: true }).write(documents, {
      part: sink.part,
      displayChunk: (json, hash) => {
        readAtChunk.push(read)
        sink.displayChunk(json, hash)
      },
    })
    const size = SEARCH_OPTIONS.displayChunkSize
    expect(readAtChunk).toEqual(written.displayChunkHashes.map((_, chunk) => Math.min((chunk + 1) * size, documents.length)))
    expect(values.displayChunks).toEqual(encodeSearchIndex(indexDocuments('en', documents, {}), contentHash).displayChunks)
  })
})
