// What the relevance bench measures, apart from the run that measures it and the report that prints it.

export interface Score {
  /** Mean reciprocal rank of the expected page within the first 10 results (0 when absent). */
  mrr: number
  /** Share of queries whose expected page is the first result. */
  hit1: number
}

export interface RelevanceRow {
  count: number
  ours: Score
  baseline: Score
}

export interface RelevanceFigures {
  corpusDocuments: number
  /** Per kind, then `content`, `corpus` and `all`. */
  rows: Record<string, RelevanceRow>
}
