// The read model: what a reader can ask of the docs, on top of the store.
export { lookupLocale, type LocaleChoice } from './locale.ts'
export type { ListedPage } from './pages.ts'
export { Reader, type Caller, type PartedText } from './reader.ts'
export { safeSlug } from './slugs.ts'
