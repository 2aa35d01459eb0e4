import { contentHash } from '../../build/pipeline/blob-set.ts'
import { DisplayChunkSchema, SearchIndexBlobSchema, SearchRecordLengthsSchema, SearchShardSchema, type DisplayChunk } from '../../contract/index.ts'
import { decodeHead, type LoadedIndex } from '../../search/codec.ts'
import { jsonValueReader, SEARCH_OPTIONS, SearchEngine, type EncodedSearchIndex, type SearchOptions } from '../../search/engine.ts'
import { decodeRecordLengths } from '../../search/record-lengths.ts'
import { decodeShard, viewOf } from '../../search/shard-codec.ts'

/** Reads a value's JSON by its hash: a build's blobs, an encoder's output. */
export type ReadJson = (hash: string) => string | Promise<string>

/** A locale's engine over a stored head and the values it names, each parsed and checked as the worker does. */
export function loadEngine(headJson: string, read: ReadJson, search?: SearchOptions): Promise<SearchEngine> {
  const head = SearchIndexBlobSchema.parse(JSON.parse(headJson))
  return SearchEngine.load(
    head,
    jsonValueReader(async (hash) => read(hash)),
    search ? { search } : {},
  )
}

/** The values of an encoded index by hash, as a build stores them. */
export function encodedValues(encoded: EncodedSearchIndex): ReadJson {
  const values = new Map([...encoded.parts, ...encoded.displayChunks].map((json) => [contentHash(json), json]))
  return (hash) => {
    const json = values.get(hash)
    if (json === undefined) throw new Error(`no value ${hash}`)
    return json
  }
}

/** The engine's display chunk reader over the same values. */
export function chunkReader(engine: SearchEngine, read: ReadJson): (chunk: number) => Promise<DisplayChunk> {
  return async (chunk) => DisplayChunkSchema.parse(JSON.parse(await read(await engine.displayChunkHash(chunk))))
}

/** The whole index of an encoding, every shard decoded and laid end to end, synchronously: the unsharded index scoring reads. */
export function wholeIndexOf(
  encoded: Pick<EncodedSearchIndex, 'index' | 'parts'>,
  read: ReadJson = encodedValues({ ...encoded, displayChunks: [] }),
  search?: SearchOptions,
): LoadedIndex {
  const text = (hash: string) => {
    const json = read(hash)
    if (typeof json !== 'string') throw new Error('wholeIndexOf reads synchronously')
    return JSON.parse(json) as unknown
  }
  const blob = SearchIndexBlobSchema.parse(JSON.parse(encoded.index))
  const head = decodeHead(blob)
  const lengths = decodeRecordLengths(
    head,
    blob.recordLengths.map((hash) => SearchRecordLengthsSchema.parse(text(hash))),
    search ?? SEARCH_OPTIONS,
  )
  return viewOf(
    { ...head, ...lengths },
    blob.shards.map((entry, position) => decodeShard(head, position, SearchShardSchema.parse(text(entry.hash))).value),
  )
}
