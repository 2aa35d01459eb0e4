import type { SearchDisplayDirectory, SearchRecordLengths, SearchShard, SearchVocabulary } from '../contract/index.ts'
import type { LoadedHead, LoadedIndex, LoadedLists } from './codec.ts'
import type { RecordLengths } from './record-lengths.ts'
import { SearchIndexError } from './errors.ts'
import { exactAndPrefix, seeksTypos, withinOneEdit } from './expand.ts'
import type { SearchOptions } from './options.ts'
import { keptTerms } from './score.ts'
import { decodeShard, viewOf } from './shard-codec.ts'
import { queryTerms } from './tokenize.ts'
import { holdsOwnTerms, typoBucketsOf } from './typo-buckets.ts'
import type { SearchValueCache } from './value-cache.ts'

/** Reads the values a head names by hash, checked against their schemas (the worker's store, or a test's map). */
export interface SearchValueReader {
  shard(hash: string): Promise<SearchShard>
  vocabulary(hash: string): Promise<SearchVocabulary>
  recordLengths(hash: string): Promise<SearchRecordLengths>
  displayDirectory(hash: string): Promise<SearchDisplayDirectory>
}

/**
 * The part of a sharded index one query needs: the shards of every term it
 * looks up, found before scoring exactly as scoring will look them up
 * (words, joined forms, their synonyms; no stop term, at most maxQueryTerms),
 * each by its prefix range. A term with no exact or prefix match that seeks
 * typos reads its typo buckets to find every term one edit away, then their
 * shards. Scoring over the view then sees every term it would see in the
 * whole index, in the same order, and ranks as it would there. The head's
 * record lengths are awaited beside the first shards, not before them: a
 * fresh isolate reads both in one round.
 */
export async function queryView(
  head: LoadedHead,
  lengths: Promise<RecordLengths>,
  reader: SearchValueReader,
  cache: SearchValueCache,
  query: string,
  options: SearchOptions,
): Promise<LoadedIndex> {
  const { words, joined } = queryTerms(query, head.locale)
  const kept = keptTerms(head.stopTerms, words, joined, options)
  const keys = new Set<string>()
  for (const term of [...kept.words, ...kept.joined]) {
    keys.add(term)
    for (const synonym of head.synonyms.get(term) ?? []) keys.add(synonym)
  }
  const positions = new Set<number>()
  for (const key of keys) for (let at = shardOf(head, key), end = shardOf(head, `${key}\uffff`); at <= end; at++) positions.add(at)
  const [lists, recordLengths] = await Promise.all([loadShards(head, reader, cache, positions), lengths])
  const scoring = { ...head, ...recordLengths }
  const view = viewOf(scoring, lists)
  const typos = [...keys].filter((key) => seeksTypos(key, options) && exactAndPrefix(view, key, options).length === 0)
  if (typos.length === 0) return view
  const before = positions.size
  const { typoShards } = head.caches
  const unknown = typos.filter((key) => !typoShards.has(key))
  if (unknown.length > 0) {
    const count = head.typoBuckets.length
    const wanted = [...new Set(unknown.flatMap((key) => typoBucketsOf(key, count)))]
    const buckets = new Map(await Promise.all(wanted.map(async (bucket) => [bucket, await typoBucket(head, reader, cache, bucket)] as const)))
    for (const key of unknown) {
      const shards = new Set<number>()
      for (const bucket of typoBucketsOf(key, count)) for (const term of buckets.get(bucket) ?? []) if (withinOneEdit(key, term)) shards.add(shardOf(head, term))
      typoShards.set(key, [...shards])
    }
  }
  for (const key of typos) for (const position of typoShards.get(key) ?? []) positions.add(position)
  return positions.size === before ? view : viewOf(scoring, await loadShards(head, reader, cache, positions))
}

/** Every shard of the index: the whole index, as one value held it before it was sharded. */
export async function wholeIndex(head: LoadedHead, lengths: Promise<RecordLengths>, reader: SearchValueReader, cache: SearchValueCache): Promise<LoadedIndex> {
  const [shards, recordLengths] = await Promise.all([loadShards(head, reader, cache, new Set(head.shards.keys())), lengths])
  return viewOf({ ...head, ...recordLengths }, shards)
}

/** The shard that would hold `term`: the last whose first term is not after it (0 before the first). */
function shardOf(head: LoadedHead, term: string): number {
  let low = 0
  let high = head.shards.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((head.shards[middle]?.first as string) <= term) low = middle
    else high = middle - 1
  }
  return low
}

function loadShards(head: LoadedHead, reader: SearchValueReader, cache: SearchValueCache, positions: Set<number>): Promise<LoadedLists[]> {
  const sorted = [...positions].filter((position) => position < head.shards.length).sort((a, b) => a - b)
  return Promise.all(
    sorted.map((position) => {
      const entry = head.shards[position] as LoadedHead['shards'][number]
      // A decoded shard was checked against its place in a head: the key says which place.
      const key = JSON.stringify([entry.hash, entry.first, entry.terms, head.shards[position + 1]?.first ?? null, head.recordDoc.length])
      return cache.shard(key, async () => decodeShard(head, position, await reader.shard(entry.hash)))
    }),
  )
}

/** Typo bucket `bucket` of the head, its terms checked to be the bucket's own. */
function typoBucket(head: LoadedHead, reader: SearchValueReader, cache: SearchValueCache, bucket: number): Promise<string[]> {
  const hash = head.typoBuckets[bucket] as string
  const count = head.typoBuckets.length
  // A bucket was checked against its place among so many: the key says which.
  return cache.vocabulary(JSON.stringify([hash, bucket, count]), async () => {
    const { terms: joined } = await reader.vocabulary(hash)
    const terms = joined === '' ? [] : joined.split('\n')
    if (!holdsOwnTerms(terms, bucket, count)) throw new SearchIndexError(`search index of ${head.locale}: typo bucket ${bucket} holds terms of other buckets`)
    return { value: terms, bytes: joined.length * 2 + 64 }
  })
}

/** The name of display chunk `chunk`, from its directory, which must name as many chunks as the head says. */
export async function displayChunkHash(head: LoadedHead, reader: SearchValueReader, cache: SearchValueCache, chunk: number): Promise<string> {
  const { displayDirectories, displayDirectorySize, displayChunkCount } = head
  const position = Math.floor(chunk / displayDirectorySize)
  const hash = displayDirectories[position]
  if (hash === undefined || chunk < 0 || chunk >= displayChunkCount) throw new SearchIndexError(`search index of ${head.locale}: no display chunk ${chunk}`)
  const expected = Math.min(displayDirectorySize, displayChunkCount - position * displayDirectorySize)
  // A directory was checked against how many chunks its place holds: the key says how many.
  const chunks = await cache.vocabulary(JSON.stringify([hash, expected]), async () => {
    const { chunks } = await reader.displayDirectory(hash)
    if (chunks.length !== expected) throw new SearchIndexError(`search index of ${head.locale}: display directory ${position} names ${chunks.length} chunks, not ${expected}`)
    return { value: chunks, bytes: chunks.length * 80 + 64 }
  })
  return chunks[chunk - position * displayDirectorySize] as string
}
