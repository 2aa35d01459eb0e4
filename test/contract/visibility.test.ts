import { describe, expect, it } from 'vitest'
import { audienceOf, isVisible, shownVariant, type RouteVariant } from '../../contract/index.ts'

const variant = (locale: string, draft: boolean, preview?: RouteVariant): RouteVariant => ({
  blob: `${locale}-${draft ? 'draft' : 'published'}-blob`,
  markdown: `${locale}-${draft ? 'draft' : 'published'}-markdown`,
  locale,
  slug: 'guides/install',
  title: locale === 'de' ? 'Installieren' : 'Installing',
  draft,
  ...(preview ? { preview } : {}),
})

describe('the draft rule', () => {
  it.each([
    ['shows a published page to a reader without the drafts scope', false, false, true],
    ['shows a published page to a reader with the drafts scope', false, true, true],
    ['hides a draft from a reader without the drafts scope', true, false, false],
    ['shows a draft to a reader with the drafts scope', true, true, true],
  ])('%s', (_name, draft, canReadDrafts, seen) => {
    expect(isVisible(draft, canReadDrafts)).toBe(seen)
    expect(shownVariant(variant('en', draft), canReadDrafts)).toEqual(seen ? variant('en', draft) : undefined)
  })

  it('gives a reader with the scope the draft translation in place of its published page, and everyone else the published page', () => {
    const translation = variant('de', true)
    const page = variant('en', false, translation)
    expect(shownVariant(page, true)).toBe(translation)
    expect(shownVariant(page, false)).toBe(page)
  })

  it('finds nothing where a locale has no variant, whatever the scope', () => {
    expect(shownVariant(undefined, true)).toBeUndefined()
    expect(shownVariant(undefined, false)).toBeUndefined()
  })

  it('gives a reader with the scope the drafts view of the sidebar, and everyone else the public one', () => {
    expect(audienceOf(true)).toBe('drafts')
    expect(audienceOf(false)).toBe('public')
  })
})
