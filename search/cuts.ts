/** How runs are cut: a hashed cut every `every` terms on average (a power of two), none before `min` bytes, always before `cap`. */
export interface CutRule {
  every: number
  min: number
  cap: number
}

/**
 * Where to cut a sorted run of terms into values, by content: after a term
 * whose hash is 0 modulo `every`, once the run holds `min` bytes, or before
 * it would pass `cap` bytes (as FastCDC cuts files). A boundary depends only
 * on the terms around it, so a change to one term's lists moves no boundary
 * but maybe its own shard's (the next hashed cut resyncs), and `every`, taken
 * from the index's bytes per term, changes only when that figure doubles or halves.
 * Returns the end (exclusive) of each run; a term larger than `cap` is a run of its own.
 */
export function contentCuts(terms: readonly string[], sizeOf: (term: number) => number, rule: CutRule): number[] {
  const ends: number[] = []
  let bytes = 0
  for (let term = 0; term < terms.length; term++) {
    const size = sizeOf(term)
    if (bytes > 0 && bytes + size > rule.cap) {
      ends.push(term)
      bytes = 0
    }
    bytes += size
    if (bytes >= rule.min && (termHash(terms[term] as string) & (rule.every - 1)) === 0) {
      ends.push(term + 1)
      bytes = 0
    }
  }
  if (bytes > 0) ends.push(terms.length)
  return ends
}

/**
 * The rule that makes runs of `target` bytes or a little less on average,
 * never under a quarter of it (but the last) nor over four times it (but a
 * single term), from the index's size. `room` is what a value spends besides
 * its terms (keys, quotes), kept out of the cap.
 */
export function cutRule(termCount: number, totalBytes: number, target: number, room: number): CutRule {
  const min = Math.floor(target / 4)
  const cap = target * 4 - room
  if (termCount === 0 || totalBytes <= target) return { every: 2 ** 30, min, cap }
  const every = 2 ** Math.max(0, Math.floor(Math.log2(((target - min) * termCount) / totalBytes)))
  return { every, min, cap }
}

/** FNV-1a's offset basis: the state fnv1a starts from. */
export const FNV_OFFSET = 0x811c9dc5

/**
 * FNV-1a's state after the UTF-16 code units `text[start..end)`, from `state`:
 * callers hash part of a longer text, or a term with a letter left out,
 * without making the string (term-table.ts, typo-buckets.ts).
 */
export function fnv1a(text: string, start = 0, end = text.length, state = FNV_OFFSET): number {
  let hash = state
  for (let at = start; at < end; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193)
  return hash
}

/** FNV-1a over UTF-16 code units, finished with murmur3's mix so that its low bits are as good as its high ones. */
export function termHash(term: string): number {
  return finishHash(fnv1a(term))
}

/** termHash's last step, over an FNV-1a state. */
export function finishHash(state: number): number {
  let hash = state
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}
