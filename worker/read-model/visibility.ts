import type { RouteEntry, RouteVariant } from '../../contract/index.ts'

/**
 * The draft rule, the one place it is written: a draft is served only to a
 * caller with the drafts scope, who also gets a draft translation in place
 * of its published page. To anyone else a draft does not exist.
 */
export function visibleVariant(page: RouteEntry | undefined, locale: string, canReadDrafts: boolean): RouteVariant | undefined {
  const found = page && Object.hasOwn(page.variants, locale) ? page.variants[locale] : undefined
  const variant = canReadDrafts && found?.preview ? found.preview : found
  return variant && (!variant.draft || canReadDrafts) ? variant : undefined
}
