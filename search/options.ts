/**
 * Every knob of the search engine in one object: what the index stores and
 * how a query ranks. Tuned on the labeled queries of `npm run bench`.
 */
export const SEARCH_OPTIONS = {
  /** A title match outranks a heading match, which outranks body text. */
  boost: { title: 6, heading: 3, text: 1 },
  /** Multiplier for documents in a section the query asks to boost. */
  sectionBoost: 2,
  /**
   * Other matching sections of a document add to its score, at this discount:
   * a page about a word mentions it in many sections (0.25 -> 0.35 by the relevance set: prefix queries rank better).
   */
  otherRecordsWeight: 0.35,
  bm25: { k1: 1.2, b: 0.7 },
  /**
   * A prefix or a typo counts for less than the word itself, and less the further it is from what was typed.
   * The prefix weight is then scaled by typed / matched length, so it starts higher than MiniSearch's 0.375
   * (0.375 -> 0.75 by the relevance set of bench/relevance-queries.ts: no kind ranks worse, several-word queries better).
   */
  prefixWeight: 0.75,
  fuzzyWeight: 0.45,
  /** A short prefix can match thousands of terms; the closest ones carry the meaning. */
  maxPrefixExpansions: 16,
  /** Words shorter than this match only exactly or by prefix, never with a typo. */
  fuzzyMinLength: 5,
  maxQueryTerms: 30,
  /** Characters of each record kept for excerpts: enough to find the terms deep in most sections. */
  previewLength: 1000,
  excerptLength: 160,
  /**
   * Documents per display chunk: what one search hit reads besides the index. Hits rarely share a chunk,
   * so ten hits read ten chunks: 100 documents (about 530 KiB on the bench corpus) made a cold query
   * read 5–6 MiB, 8 documents about 0.45 MiB, 4 documents about 0.22 MiB (100k documents). Their
   * names live in display directories, not in the head, so smaller chunks cost a hit only its
   * directory's few KiB, and the build a value per two pages.
   */
  displayChunkSize: 2,
  /** Display chunks a display directory names: about 4.5 KiB of names, read with a hit's chunk (392 directories at 100k documents). */
  displayDirectorySize: 128,
  /**
   * Bytes of JSON a shard of the vocabulary and its lists holds on average (never more than 4×: a
   * term whose lists alone pass that is a shard of its own); a query reads the shards of its terms.
   * 64 KiB: a cold query of three words reads about 0.4 MiB of shards at 100k documents, where
   * 128 KiB read 0.75 MiB and 256 KiB read 1–2 MiB at 10k (bench corpus). The head names about
   * 1,300 shards at 100k (60 bytes each).
   */
  shardBytes: 64 * 1024,
  /**
   * Bytes of a typo bucket (typo-buckets.ts) on average, read for typos only: a query term of n letters
   * reads at most n + 1 of them. 16 KiB: a typo of 9 letters reads about 0.13 MiB at 100k documents
   * (0.26 MiB with 32 KiB), where it read the whole vocabulary (4.4 MiB) before buckets; the head names
   * 256 buckets at 100k (35 bytes each).
   */
  typoBucketBytes: 16 * 1024,
  /** Records per record-length chunk: about 350 KiB of JSON at one to two bytes a record. */
  recordLengthsPerChunk: 2 ** 18,
  /** A term in more than this share of records is a stop term, once a site has enough records to tell. */
  stopTermShare: 0.2,
  stopTermMinRecords: 2000,
} as const

/** The knobs' shape, numbers rather than the literals above, so a test or a bench may turn one. */
type Widened<T> = { readonly [K in keyof T]: T[K] extends number ? number : Widened<T[K]> }
export type SearchOptions = Widened<typeof SEARCH_OPTIONS>
