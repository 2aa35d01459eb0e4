import { shownVariant, type RouteEntry, type RouteVariant } from '../../contract/index.ts'

/**
 * A page's variant in a locale as this reader may see it, or undefined: the rule itself is
 * contract/visibility.ts's, which the build's locale views follow too.
 */
export function visibleVariant(page: RouteEntry | undefined, locale: string, canReadDrafts: boolean): RouteVariant | undefined {
  return shownVariant(page && Object.hasOwn(page.variants, locale) ? page.variants[locale] : undefined, canReadDrafts)
}
