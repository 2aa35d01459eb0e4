import { SCHEMA_VERSION, type SearchVocabulary } from '../contract/index.ts'
import { finishHash, FNV_OFFSET, fnv1a, termHash } from './cuts.ts'

/**
 * A term and every form of it with one letter left out. Two terms one edit
 * apart (expand.ts withinOneEdit: an insertion, a deletion, a substitution or
 * a swap of neighbours) always share one: the shorter term itself, the two
 * with the differing letter left out, or (a swap) either with one of the
 * swapped letters left out.
 */
function deletionKeys(term: string): Set<string> {
  const keys = new Set([term])
  for (let at = 0; at < term.length; at++) keys.add(term.slice(0, at) + term.slice(at + 1))
  return keys
}

/**
 * The typo buckets, of `count`, that hold every term one edit away from
 * `term`: each vocabulary term is stored in the bucket of each of its keys,
 * so the buckets of the query term's keys hold all its neighbours (and some
 * others, which the caller checks with withinOneEdit).
 */
export function typoBucketsOf(term: string, count: number): number[] {
  const buckets = new Set<number>()
  for (const key of deletionKeys(term)) buckets.add(termHash(key) % count)
  return [...buckets].sort((a, b) => a - b)
}

/**
 * The vocabulary as typo buckets of about `target` bytes of JSON, each named
 * by `part`: a typo then reads the few buckets of its keys (one per letter
 * and one) instead of the whole vocabulary. Their number is a power of two,
 * so it changes only when the vocabulary doubles or halves; a term that
 * comes or goes rewrites the buckets of its keys alone.
 */
export function writeTypoBuckets(terms: string[], part: (json: string) => string, target: number): string[] {
  let bytes = 0
  for (const term of terms) bytes += deletionKeys(term).size * (term.length + 2)
  const count = 2 ** Math.max(0, Math.round(Math.log2(bytes / target)))
  const buckets: string[][] = Array.from({ length: count }, () => [])
  // Terms come sorted, so each bucket's terms do too.
  for (const term of terms) for (const bucket of typoBucketsOf(term, count)) buckets[bucket]?.push(term)
  return buckets.map((bucket) => part(JSON.stringify({ schemaVersion: SCHEMA_VERSION, terms: bucket.join('\n') } satisfies SearchVocabulary)))
}

/** Whether every term of bucket `bucket` (of `count`) belongs there: else the value is another bucket's, or damaged. */
export function holdsOwnTerms(terms: string[], bucket: number, count: number): boolean {
  for (let at = 0; at < terms.length; at++) {
    const term = terms[at] as string
    if (at > 0 && (terms[at - 1] as string) >= term) return false
    if (!hasKeyIn(term, bucket, count)) return false
  }
  return true
}

/**
 * Whether one of `term`'s keys (deletionKeys) falls in `bucket`, hashed as
 * termHash would hash each key but without making it: a fresh isolate checks
 * every term of each bucket it reads (thousands) before its first typo is answered.
 */
function hasKeyIn(term: string, bucket: number, count: number): boolean {
  if (termHash(term) % count === bucket) return true
  let prefix = FNV_OFFSET
  for (let left = 0; left < term.length; left++) {
    if (finishHash(fnv1a(term, left + 1, term.length, prefix)) % count === bucket) return true
    prefix = fnv1a(term, left, left + 1, prefix)
  }
  return false
}
