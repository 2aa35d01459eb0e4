import type { LoadedIndex } from './codec.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { isJoined, isPath } from './tokenize.ts'

type MatchKind = 'exact' | 'prefix' | 'typo' | 'synonym'

/** A vocabulary term a query term matches, how, and how much that match is worth. */
export interface Expansion {
  term: number
  weight: number
  kind: MatchKind
}

/** First index whose term is >= `value`. */
function lowerBound(terms: string[], value: string): number {
  let low = 0
  let high = terms.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((terms[middle] as string) < value) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The query term's own matches, and those of its synonyms, which count as
 * much as the term itself would.
 */
export function expandQueryTerm(index: LoadedIndex, query: string, options: SearchOptions = SEARCH_OPTIONS): Expansion[] {
  const own = expandTerm(index, query, options)
  const seen = new Set(own.map((expansion) => expansion.term))
  const synonyms = (index.synonyms.get(query) ?? []).flatMap((synonym) => expandTerm(index, synonym, options))
  return [...own, ...synonyms.filter((expansion) => !seen.has(expansion.term) && seen.add(expansion.term)).map((expansion) => ({ ...expansion, kind: 'synonym' as const }))]
}

/** Exact match, then every term it is a prefix of, then (if nothing else) terms one typo away; a word's are words only. */
function expandTerm(index: LoadedIndex, query: string, options: SearchOptions = SEARCH_OPTIONS): Expansion[] {
  const expansions = exactAndPrefix(index, query, options)
  if (expansions.length > 0 || !seeksTypos(query, options)) return expansions
  const { terms } = index
  const eligible = eligibleFor(query)
  for (let term = 0; term < terms.length; term++) {
    if (withinOneEdit(query, terms[term] as string) && eligible(terms[term] as string))
      expansions.push({ term, weight: options.fuzzyWeight * (1 - 1 / query.length), kind: 'typo' })
  }
  return expansions
}

/** Whether a term with no exact or prefix match looks for terms one typo away; a path is found as typed, or by its start. */
export const seeksTypos = (query: string, options: SearchOptions) => query.length >= options.fuzzyMinLength && !isPath(query)

/** A word matches words only; a joined form, any term. */
const eligibleFor = (query: string) => (isJoined(query) ? () => true : (term: string) => !isJoined(term))

/**
 * The exact match and the prefix matches of `query`: every term of
 * [query, query + '\uffff'), so an index holding that range answers as the whole one would.
 */
export function exactAndPrefix(index: Pick<LoadedIndex, 'terms'>, query: string, options: SearchOptions = SEARCH_OPTIONS): Expansion[] {
  const { terms } = index
  const start = lowerBound(terms, query)
  const end = lowerBound(terms, `${query}\uffff`)
  const expansions: Expansion[] = []
  if (terms[start] === query) expansions.push({ term: start, weight: 1, kind: 'exact' })
  const eligible = eligibleFor(query)
  const prefixed: number[] = []
  for (let term = terms[start] === query ? start + 1 : start; term < end; term++) if (eligible(terms[term] as string)) prefixed.push(term)
  // A short prefix can match thousands of terms; the closest ones carry the meaning.
  prefixed.sort((a, b) => (terms[a] as string).length - (terms[b] as string).length)
  for (const term of prefixed.slice(0, options.maxPrefixExpansions)) {
    expansions.push({ term, weight: (options.prefixWeight * query.length) / (terms[term] as string).length, kind: 'prefix' })
  }
  return expansions
}

/** One insertion, deletion, substitution or swap of neighbours (Damerau) apart. */
export function withinOneEdit(a: string, b: string): boolean {
  const difference = a.length - b.length
  if (difference > 1 || difference < -1 || a === b) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (difference === 0) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  }
  return difference > 0 ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}
