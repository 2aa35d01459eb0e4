import type { z } from 'zod'
import { SearchDisplayDirectorySchema, SearchRecordLengthsSchema, SearchShardSchema, SearchVocabularySchema } from '../contract/index.ts'
import { SearchIndexError } from './errors.ts'
import type { SearchValueReader } from './query-view.ts'

/**
 * A reader of an index's values from their JSON by hash (a build's output
 * folder, the encoder's output in memory), each checked against its schema.
 * The worker's store has its own, which also checks each value's hash.
 */
export function jsonValueReader(read: (hash: string) => Promise<string>): SearchValueReader {
  const parsed = async <T>(hash: string, schema: z.ZodType<T>): Promise<T> => {
    const text = await read(hash)
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw new SearchIndexError(`search value ${hash} is not JSON`)
    }
    const result = schema.safeParse(value)
    if (!result.success) throw new SearchIndexError(`search value ${hash} does not match its schema`)
    return result.data
  }
  return {
    shard: (hash) => parsed(hash, SearchShardSchema),
    vocabulary: (hash) => parsed(hash, SearchVocabularySchema),
    recordLengths: (hash) => parsed(hash, SearchRecordLengthsSchema),
    displayDirectory: (hash) => parsed(hash, SearchDisplayDirectorySchema),
  }
}
