/**
 * Per-query accumulators, sized to one index and reset after each query. The
 * lists are typed arrays with a count, filled in the order first touched: a
 * frequent word on a 100k-page site touches hundreds of thousands of records,
 * and growing plain arrays for them made a third of a query's time collecting garbage.
 */
export interface Scratch {
  /** A record's score, valid only where `recordQuery` holds the current `query`. */
  recordScores: Float64Array
  recordQuery: Uint32Array
  /** The current query's number, from 1: a record's score counts only if it was written in this query. */
  query: number
  /**
   * Per document, the sum of its records' scores in the order postings added
   * them: ranking skips a document whose sum cannot reach the list it fills.
   */
  docTotals: Float64Array
  docMasks: Uint32Array
  touchedDocs: Uint32Array
  touchedDocCount: number
  /** The documents a query keeps, in the order they were touched. */
  accepted: Uint32Array
  /** Facet counts by section and tag position, zero between queries. */
  sectionCounts: Uint32Array
  tagCounts: Uint32Array
}

/**
 * What a loaded index keeps between queries, as fields of its own (it lives as
 * long as the index does, once per build per isolate).
 * - typoShards: scanning the vocabulary for one typo costs more than scoring it.
 * - scratch: allocating ~1 MB of accumulators per query would dominate search
 *   time on a 10k-document index. scoreQuery never awaits, so two requests of
 *   one isolate never use the scratch at the same time.
 */
export interface IndexCaches {
  /** The shards holding the terms one edit away from a query term that has no exact or prefix match, found once in the vocabulary. */
  readonly typoShards: Map<string, number[]>
  scratch: Scratch | null
}
