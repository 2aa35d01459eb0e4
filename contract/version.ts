/**
 * The format of everything a build stores, as one number. A change to any
 * stored shape (a schema in this folder, or the search index encoding) bumps
 * it. The pointer key carries it, so a worker only ever reads builds it can
 * read, and builds of two formats can live in one namespace during a deploy.
 */
export const SCHEMA_VERSION = 7
