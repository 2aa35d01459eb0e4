import { SEARCH_OPTIONS, type SearchOptions } from '../search/engine.ts'
import type { RelevanceRow } from './relevance-figures.ts'
import { RELEVANCE_KINDS } from './relevance-queries.ts'
import { prepareRelevance, RELEVANCE_CORPUS_DOCUMENTS, summarize, warnProblems } from './relevance.ts'
import { percent } from './report.ts'

/**
 * `node bench/relevance-sweep.ts`: the relevance figures of our engine under
 * each query-time weight scaled around its value, and the queries each
 * variant moves. RELEVANCE_SEED and RELEVANCE_DOCUMENTS pick another corpus,
 * as for bench/relevance.ts.
 */
/**
 * Each query-time weight of search/options.ts scaled up and down around its
 * current value; index-time settings (previews, stop terms) need a rebuild
 * and are left out.
 */
function variations(): Array<[string, SearchOptions]> {
  const base = SEARCH_OPTIONS
  const list: Array<[string, SearchOptions]> = []
  // SEARCH_OPTIONS is `as const`: a variant is the same shape with other numbers.
  const vary = (name: string, patch: object) => list.push([name, { ...base, ...patch } as SearchOptions])
  const round = (value: number) => Math.round(value * 1000) / 1000
  for (const factor of [0.5, 0.75, 1.25, 1.5, 2]) {
    const scaled = (value: number) => round(value * factor)
    vary(`boost.title ${scaled(base.boost.title)}`, { boost: { ...base.boost, title: scaled(base.boost.title) } })
    vary(`boost.heading ${scaled(base.boost.heading)}`, { boost: { ...base.boost, heading: scaled(base.boost.heading) } })
    vary(`bm25.k1 ${scaled(base.bm25.k1)}`, { bm25: { ...base.bm25, k1: scaled(base.bm25.k1) } })
    if (scaled(base.bm25.b) <= 1) vary(`bm25.b ${scaled(base.bm25.b)}`, { bm25: { ...base.bm25, b: scaled(base.bm25.b) } })
    vary(`otherRecordsWeight ${scaled(base.otherRecordsWeight)}`, { otherRecordsWeight: scaled(base.otherRecordsWeight) })
    vary(`prefixWeight ${scaled(base.prefixWeight)}`, { prefixWeight: scaled(base.prefixWeight) })
    vary(`fuzzyWeight ${scaled(base.fuzzyWeight)}`, { fuzzyWeight: scaled(base.fuzzyWeight) })
    vary(`maxPrefixExpansions ${Math.round(base.maxPrefixExpansions * factor)}`, { maxPrefixExpansions: Math.round(base.maxPrefixExpansions * factor) })
  }
  return list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

/** Per kind, MRR@10 to three places and hit@1: enough to see one query move. */
function sweepLine(name: string, rows: Record<string, RelevanceRow>): string {
  const cells = [...RELEVANCE_KINDS, 'all'].map((kind) => `${(rows[kind]?.ours.mrr ?? Number.NaN).toFixed(3)} / ${percent(rows[kind]?.ours.hit1 ?? Number.NaN)}`)
  return `| ${name} | ${cells.join(' | ')} |`
}

const seed = Number(process.env.RELEVANCE_SEED ?? 42)
const corpusDocuments = Number(process.env.RELEVANCE_DOCUMENTS ?? RELEVANCE_CORPUS_DOCUMENTS)
const prepared = await prepareRelevance({ corpusDocuments, seed })
const ranked = await prepared.rank()
warnProblems(ranked)
// Ours only, each cell MRR@10 / hit@1; under each variant, the queries whose rank it moves.
console.log(`| variant | ${[...RELEVANCE_KINDS, 'all'].join(' | ')} |\n|${' --- |'.repeat(RELEVANCE_KINDS.length + 2)}`)
console.log(sweepLine('current', summarize(ranked)))
const moved: string[] = []
for (const [name, options] of variations()) {
  const varied = await prepared.rank(options)
  console.log(sweepLine(name, summarize(varied)))
  varied.forEach((query, at) => {
    const before = ranked[at]?.ours ?? null
    if (query.ours !== before) moved.push(`${name}: ${query.set} ${query.kind} "${query.query}" ${before ?? '–'} -> ${query.ours ?? '–'}`)
  })
}
console.log(`\n${moved.join('\n')}`)
