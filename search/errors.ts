/** A stored index or display chunk that this code cannot read: a storage fault, not a bad query. */
export class SearchIndexError extends Error {
  override name = 'SearchIndexError'
}
