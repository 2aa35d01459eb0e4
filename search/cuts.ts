/**
 * Where to cut a sorted run of terms into values, by content: after a term
 * whose hash is 0 modulo `every` (a power of two), or before the run would
 * pass `cap` bytes. A boundary depends only on the terms around it, so a
 * change to one term's lists moves no boundary but its own shard's (a cut
 * forced by the cap resyncs at the next hashed one), and `every`, taken from
 * the index's bytes per term, changes only when that figure doubles or halves.
 * Returns the end (exclusive) of each run; a term larger than `cap` is a run of its own.
 */
export function contentCuts(terms: readonly string[], sizeOf: (term: number) => number, every: number, cap: number): number[] {
  const ends: number[] = []
  let bytes = 0
  for (let term = 0; term < terms.length; term++) {
    const size = sizeOf(term)
    if (bytes > 0 && bytes + size > cap) {
      ends.push(term)
      bytes = 0
    }
    bytes += size
    if ((termHash(terms[term] as string) & (every - 1)) === 0) {
      ends.push(term + 1)
      bytes = 0
    }
  }
  if (bytes > 0) ends.push(terms.length)
  return ends
}

/**
 * The power of two that makes runs of `target` bytes or a little less on
 * average (a hashed cut comes every `every` terms), from the index's size.
 */
export function cutEvery(termCount: number, totalBytes: number, target: number): number {
  if (termCount === 0 || totalBytes <= target) return 2 ** 31
  return 2 ** Math.max(0, Math.floor(Math.log2((target * termCount) / totalBytes)))
}

/** FNV-1a over UTF-16 code units, finished with murmur3's mix so that its low bits are as good as its high ones. */
function termHash(term: string): number {
  let hash = 0x811c9dc5
  for (let at = 0; at < term.length; at++) hash = Math.imul(hash ^ term.charCodeAt(at), 0x01000193)
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}
