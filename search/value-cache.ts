import type { LoadedLists } from './codec.ts'

/** A decoded search value, by kind. */
type Entry = { kind: 'shard'; value: Promise<LoadedLists> } | { kind: 'vocabulary'; value: Promise<string[]> }

/**
 * Decoded shards, typo buckets and display directories, least recently used first, dropped
 * past a budget of bytes: an isolate keeps one (a deliberate isolate cache,
 * the worker's store makes it), so that a long-lived isolate of a 100k-page
 * site holds the shards its queries keep asking for and never all of them.
 * Keys are blob hashes (content never changes under a name), so a new build
 * reuses the shards it shares with the last one. Entries are promises:
 * concurrent queries for one shard share its read.
 */
export class SearchValueCache {
  private readonly entries = new Map<string, { entry: Entry; bytes: number }>()
  private held = 0
  readonly budget: number

  constructor(budget: number) {
    this.budget = budget
  }

  /** Bytes held by loaded entries. */
  get bytes(): number {
    return this.held
  }

  shard(key: string, load: () => Promise<{ value: LoadedLists; bytes: number }>): Promise<LoadedLists> {
    const found = this.touch(key)
    if (found?.kind === 'shard') return found.value
    const value = this.settle(key, load)
    this.entries.set(key, { entry: { kind: 'shard', value }, bytes: 0 })
    return value
  }

  /** A list of strings: a typo bucket's terms, a display directory's chunk names. */
  vocabulary(key: string, load: () => Promise<{ value: string[]; bytes: number }>): Promise<string[]> {
    const found = this.touch(key)
    if (found?.kind === 'vocabulary') return found.value
    const value = this.settle(key, load)
    this.entries.set(key, { entry: { kind: 'vocabulary', value }, bytes: 0 })
    return value
  }

  /** The entry under `key`, moved to the most recently used end. */
  private touch(key: string): Entry | undefined {
    const found = this.entries.get(key)
    if (!found) return undefined
    this.entries.delete(key)
    this.entries.set(key, found)
    return found.entry
  }

  /** Loads a value, counts its bytes once loaded, and evicts the least recently used past the budget; a failed load is forgotten. */
  private async settle<T>(key: string, load: () => Promise<{ value: T; bytes: number }>): Promise<T> {
    try {
      const { value, bytes } = await load()
      const held = this.entries.get(key)
      if (held) {
        held.bytes = bytes
        this.held += bytes
        this.evict(key)
      }
      return value
    } catch (error) {
      this.entries.delete(key)
      throw error
    }
  }

  private evict(keep: string): void {
    for (const [key, { bytes }] of this.entries) {
      if (this.held <= this.budget) return
      if (key === keep) continue
      this.entries.delete(key)
      this.held -= bytes
    }
  }
}
