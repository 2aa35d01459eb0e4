/**
 * The format of everything a build stores, as one number. A change to any
 * stored shape (a schema in this folder, or the search index encoding) bumps
 * it. The pointer key carries it, so a worker only ever reads builds it can
 * read, and builds of two formats can live in one namespace during a deploy.
 */
// 8: a locale's search index is stored as a head, shards of its vocabulary and posting lists by
// term range, vocabulary and record-length chunks (main's 7 split the sidebar and llms.txt).
export const SCHEMA_VERSION = 8
