// The read model: what a reader can ask of the docs, on top of the store.
export type { DocumentAnswer, FoundDocument } from './documents.ts'
export { chooseLocale, lookupLocale, parseAcceptLanguage, type LocaleChoice } from './locale.ts'
export type { ListedPage, PageListing } from './pages.ts'
export { Reader, type Caller, type Lazy, type LlmsView } from './reader.ts'
export type { ReleaseFilter, ReleasesView } from './releases.ts'
export type { SearchAsk, SearchView } from './search.ts'
export { DOCUMENTS_PATH, safeSlug } from './slugs.ts'
export { UnknownVersion, type VersionFields, type VersionPeer } from './versions.ts'
