import type { SearchExplanation } from '../contract/index.ts'
import { sectionOf, type LoadedIndex } from './codec.ts'
import { lengthNormOf } from './record-lengths.ts'
import { forEachPosting } from './postings.ts'
import { SEARCH_OPTIONS, type SearchOptions } from './options.ts'
import { textScore } from './accumulate.ts'
import type { RankedDocument } from './rank.ts'
import { listWeights, type TermMatch } from './score.ts'

/** What one matched word added to one section of a result: the API's shape (contract/api.ts). */
type Contribution = SearchExplanation['contributions'][number]

/**
 * Walks the matched postings again, for the ranked documents only, and
 * records what each posting added: the same sums scoreQuery made, itemised.
 * Only asked for with `explain: true`, so ranking itself stays a tight loop.
 */
export function explainDocuments(
  index: LoadedIndex,
  ranked: RankedDocument[],
  matches: TermMatch[],
  sectionBoost: Set<string>,
  options: SearchOptions = SEARCH_OPTIONS,
): SearchExplanation[] {
  const byDoc = new Map(ranked.map((entry) => [entry.doc, [] as Contribution[]]))
  for (const { query, expansions } of matches) {
    for (const expansion of expansions) {
      const weights = listWeights(index, expansion, options)
      const base = { query, term: index.terms[expansion.term] as string, kind: expansion.kind }
      forEachPosting(index, 'text', expansion.term, (record, repeats) => {
        const list = byDoc.get(index.recordDoc[record] as number)
        list?.push({ ...base, field: 'text', record: localRecord(index, record), score: textScore(weights.text, repeats, lengthNormOf(index, record)) })
      })
      forEachPosting(index, 'field', expansion.term, (record, isTitle) => {
        const list = byDoc.get(index.recordDoc[record] as number)
        list?.push({ ...base, field: isTitle ? 'title' : 'heading', record: localRecord(index, record), score: isTitle ? weights.title : weights.heading })
      })
    }
  }
  return ranked.map(({ doc, bestRecord }) => {
    const contributions = byDoc.get(doc) ?? []
    const sum = (keep: (contribution: Contribution) => boolean) => contributions.filter(keep).reduce((total, { score }) => total + score, 0)
    return {
      contributions: contributions.map((contribution) => ({ ...contribution, score: round(contribution.score) })),
      best: round(sum((contribution) => contribution.record === bestRecord)),
      others: round(sum((contribution) => contribution.record !== bestRecord)),
      otherRecordsWeight: options.otherRecordsWeight,
      sectionBoost: sectionBoost.has(sectionOf(index, doc)) ? options.sectionBoost : 1,
    }
  })
}

const round = (value: number) => Math.round(value * 1000) / 1000
const localRecord = (index: LoadedIndex, record: number) => record - (index.docFirstRecord[index.recordDoc[record] as number] as number)
