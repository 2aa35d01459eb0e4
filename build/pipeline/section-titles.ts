import type { Manifest } from '../../contract/index.ts'
import { sectionTitle, type SiteConfig } from '../content/site-config.ts'
import { humanize } from './locale-view.ts'

/** What a section's title can come from: the pages one locale publishes. */
export interface SectionPage {
  docId: string
  section: string
  title: string
}

/**
 * Every section a published page belongs to, titled in each locale as a reader
 * would name it: site.yml's title, else the title of the section's own page
 * (the home page is the section `index`), else its folder name. Sections keep
 * site.yml's order; the others follow by slug.
 */
export function sectionTitles(site: SiteConfig, pagesByLocale: Record<string, SectionPage[]>): Manifest['site']['sections'] {
  const slugs = new Set(Object.values(pagesByLocale).flatMap((pages) => pages.map((page) => page.section)))
  const listed = site.sections.map((section) => section.slug).filter((slug) => slugs.has(slug))
  const others = [...slugs].filter((slug) => !listed.includes(slug)).sort()
  // A section's own page by its id, looked up once per section and locale rather than searched for among every page.
  const titles = new Map(site.locales.map((locale) => [locale, new Map((pagesByLocale[locale] ?? []).toReversed().map((page) => [page.docId, page.title]))]))
  return [...listed, ...others].map((slug) => ({
    slug,
    title: Object.fromEntries(
      site.locales.map((locale) => {
        const own = titles.get(locale)?.get(slug)
        return [locale, sectionTitle(site, slug, locale) ?? own ?? humanize(slug)]
      }),
    ),
  }))
}
