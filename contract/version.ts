/**
 * The format of everything a build stores, as one number. A change to any
 * stored shape (a schema in this folder, or the search index encoding) bumps
 * it. The pointer key carries it, so a worker only ever reads builds it can
 * read, and builds of two formats can live in one namespace during a deploy.
 */
// 7: a locale's sidebar may be stored split (a head, NavigationPart values and NavigationNames
// shards, with folder keys), and llms.txt of a large locale lists per-section files, so that no
// value of a 100,000-page locale comes near KV's or an isolate's limits.
// 8: a locale's search index is stored as a head, shards of its vocabulary and posting lists by
// term range, vocabulary and record-length chunks.
// 9: typo buckets (a deletion neighbourhood of the vocabulary) in place of vocabulary chunks, so
// that a typo reads a few small values instead of the whole vocabulary; display chunks named by
// display directories instead of the head.
// 10: the part lists of a locale's llms files (llms-full.txt's parts, the section files) in an
// LlmsPartsBlob of their own instead of DocsVersion, which a cold isolate reads before any answer.
// 11: a document carries `operation`, the OpenAPI operation an API reference's page describes.
export const SCHEMA_VERSION = 12
