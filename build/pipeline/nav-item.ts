import type { HttpMethod } from '../../contract/index.ts'

/** What navigation needs to know of a document, in the locale being built. */
export interface NavItem {
  docId: string
  slug: string
  /** Its title in navigation: `sidebar_label` (or Starlight's `sidebar.label`), else its title. */
  title: string
  /** The page's URL in the locale being built. */
  url: string
  /** Shown in the default locale because the locale being built has no translation. */
  fallback: boolean
  order: number | null
  draft: boolean
  /** An API reference operation's HTTP method: the sidebar shows it as a badge. */
  method?: HttpMethod
  /** Left out of the sidebar (Starlight's `sidebar.hidden`); still published. */
  hidden: boolean
  /** Front matter overrides, as document ids; `false` removes the link. */
  prev?: string | false
  next?: string | false
}
