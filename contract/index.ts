// The contract between build, publishing and worker: what is stored, under
// which keys, in which format version, and what the API answers. Runtime-neutral: no Node, no Hono, no
// Workers types, so each side imports it as is.
export * from './api.ts'
export * from './assets.ts'
export * from './blob-list.ts'
export * from './dist.ts'
export * from './document.ts'
export * from './hash.ts'
export * from './keys.ts'
export * from './manifest.ts'
export * from './navigation.ts'
export * from './releases.ts'
export * from './routes.ts'
export * from './search-index.ts'
export * from './text.ts'
export * from './urls.ts'
export * from './version.ts'
export * from './versions.ts'
