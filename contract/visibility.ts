// The draft rule, the one place it is written: a draft exists only for a reader with the `drafts:read`
// scope. The worker asks it per request (documents, variants, navigation, releases, search, page
// listings, MCP resources) and the build asks it per audience when it makes each locale's views, so the
// two cannot disagree. Runtime-neutral, like the rest of contract/.

/** The two audiences a stored view is made for: each locale's sidebar comes in one per audience. */
export type Audience = 'public' | 'drafts'

/** Whether a reader sees something that is (or is not) a draft. */
export function isVisible(draft: boolean, canReadDrafts: boolean): boolean {
  return !draft || canReadDrafts
}

/** The stored view a reader gets. */
export function audienceOf(canReadDrafts: boolean): Audience {
  return canReadDrafts ? 'drafts' : 'public'
}

/** A page's text in one locale as stored: a draft translation of a published page rides along as its preview. */
interface Shown {
  draft: boolean
  preview?: this | undefined
}

/**
 * What a reader sees of a page's text in one locale: the draft translation in place of the published
 * page for a reader with the scope, and nothing at all for a reader without it when only a draft exists.
 */
export function shownVariant<Variant extends Shown>(stored: Variant | undefined, canReadDrafts: boolean): Variant | undefined {
  const variant = canReadDrafts && stored?.preview ? stored.preview : stored
  return variant && isVisible(variant.draft, canReadDrafts) ? variant : undefined
}
