import type { html } from 'hono/html'
import type { NavItem } from '../../../contract/index.ts'
import type { Site } from '../site.ts'
import type { VersionMenu } from '../versions.ts'

// The shapes the render modules share, apart from the layout that assembles them, so that the
// parts of a page (sidebar, switchers) and the layout do not import each other.

export type Html = ReturnType<typeof html>

/** Everything around a page's own content. */
export interface Chrome {
  /** Null when the API could not say (nothing published yet): the page still polls and shows build problems. */
  site: Site | null
  locale: string
  title: string
  description?: string | null
  /** This page in each locale, for the switcher. */
  localeLinks: Array<{ locale: string; url: string }>
  /** Where the drafts toggle returns to; null hides the toggle (no preview token). */
  draftsBack: string | null
  draftsOn: boolean
  /** Only when drafts are on: client-side search needs it too. */
  token: string | undefined
  /** Under npm start: the page reloads on new builds and shows build problems. */
  live: boolean
  navigation: NavItem[]
  /** The page the sidebar marks as current. */
  current: { slug: string | null; path: string }
  /** On a site with named versions, the version being read and the switcher's links; else null. */
  versions: VersionMenu | null
  /** The page's URL in the default version, for search engines; null when it has none. */
  canonical: string | null
  /** A document page's Markdown and the llms.txt that lists it, for agents (the llms.txt proposal's links); null elsewhere. */
  forAgents: { markdown: string; llms: string } | null
}
