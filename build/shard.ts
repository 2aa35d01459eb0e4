/** One slice of a build split across machines: the `index`th of `count`, counted from 1 (`--shard 2/4`). */
export interface Shard {
  index: number
  count: number
}

/** A `--shard` value that names no slice; its message is one line, for the command line. */
export class ShardArgumentError extends Error {
  override name = 'ShardArgumentError'
}

const SHARD_PATTERN = /^(\d+)\/(\d+)$/

/** `i/n`, as Playwright's `--shard` reads it: 1 ≤ i ≤ n. */
export function parseShard(text: string): Shard {
  const match = SHARD_PATTERN.exec(text.trim())
  if (!match) throw new ShardArgumentError(`--shard "${text}": expected i/n, the shard's number and the number of shards (such as 1/4)`)
  const index = Number(match[1])
  const count = Number(match[2])
  if (count < 1) throw new ShardArgumentError(`--shard ${text}: the number of shards must be 1 or more`)
  if (index < 1 || index > count) throw new ShardArgumentError(`--shard ${text}: the shard's number must be from 1 to ${count}`)
  return { index, count }
}

/**
 * Whether a rendering belongs to the shard, by its cache key (a SHA-256 in
 * hex): every runner agrees without talking to the others, each key is in
 * exactly one shard, and the hash spreads keys evenly over the shards.
 * A page the same in two versions or locales has one key, rendered once.
 */
export function inShard(renderKey: string, shard: Shard): boolean {
  return Number.parseInt(renderKey.slice(0, 12), 16) % shard.count === shard.index - 1
}
