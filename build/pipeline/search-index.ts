import { SCHEMA_VERSION } from '../../contract/index.ts'
import { encodeSearchIndex, type EncodedSearchIndex } from '../../search/codec.ts'
import { indexDocuments, type IndexedDocument, type IndexSettings } from '../../search/indexer.ts'
import { contentHash, hashOfAll } from './blob-set.ts'

/**
 * Returns the cached value for `key`, or builds and caches it. Building a
 * 10k-document index takes seconds; an unchanged locale should not pay it.
 */
export type Memo = (key: string, build: () => string) => Promise<string>

/** The locale's encoded index, from the memo when its documents have not changed. */
export async function cachedSearchIndex(locale: string, documents: IndexedDocument[], settings: IndexSettings, memo: Memo): Promise<EncodedSearchIndex> {
  const key = hashOfAll(
    (function* () {
      yield `${locale}\u0000${SCHEMA_VERSION}\u0000${JSON.stringify(settings)}`
      for (const document of documents) yield JSON.stringify(document)
    })(),
  )
  const build = () => JSON.stringify(encodeSearchIndex(indexDocuments(locale, documents, settings), contentHash))
  return JSON.parse(await memo(key, build)) as EncodedSearchIndex
}
