import { describe, expect, it } from 'vitest'
import { LARGE_SITE } from '../shared/large-site.ts'
import { publishLargeSiteForSuite } from './helpers.ts'
import { collect, page, texts } from './preview-helpers.ts'

// The generated large site (test/shared/large-site.ts): its sidebar is stored split and answered cut
// below the first-level folders, so the preview has to read the way down to a deep page itself.
publishLargeSiteForSuite()

const pageTitles = (s: number, f: number, g: number) => Array.from({ length: LARGE_SITE.pages }, (_, p) => `Page ${s}.${f}.${g}.${p + 1}`)

describe('the preview sidebar of a site past the size line', () => {
  it('opens the way to a deep page, without JavaScript: its section, folder and group, with the page marked current', async () => {
    const { response, html } = await page('/s3/f2/g4/p07')
    expect(response.status).toBe(200)
    expect(await texts(html, '#docs-nav a[aria-current="page"]')).toEqual(['Page 3.2.4.7'])
    const links = await texts(html, '#docs-nav a')
    expect(links).toEqual(expect.arrayContaining(['Section 3', 'Folder 3.2', ...pageTitles(3, 2, 4)]))
    expect(await texts(html, '#docs-nav span.group')).toEqual(expect.arrayContaining(['G4']))
    expect(await collect(html, '#docs-nav details', 'data-root')).not.toContain('s3/f2')
  })

  it('keeps every other cut item a closed group that names its subtree and links its own page', async () => {
    const { html } = await page('/s3/f2/g4/p07')
    const roots = await collect(html, '#docs-nav details', 'data-root')
    expect(roots).toHaveLength(LARGE_SITE.sections * LARGE_SITE.folders - 1)
    expect(roots.slice(0, 2)).toEqual(['s1/f1', 's1/f2'])
    expect(await collect(html, '#docs-nav details[open]', 'data-root')).toEqual([])
    expect(await texts(html, '#docs-nav details[data-root="s1/f1"] > summary')).toEqual(['Folder 1.1'])
    expect(await collect(html, '#docs-nav details[data-root="s1/f1"] a', 'href')).toEqual(['/s1/f1'])
    expect(await texts(html, '#docs-nav a')).not.toContain('Page 1.1.1.1')
  })

  it('opens the children of the current page when the sidebar was cut at it', async () => {
    const { html } = await page('/s2/f5')
    expect(await texts(html, '#docs-nav a[aria-current="page"]')).toEqual(['Folder 2.5'])
    expect(await texts(html, '#docs-nav span.group')).toEqual(expect.arrayContaining(['G1', 'G5']))
    expect(await texts(html, '#docs-nav a')).toEqual(expect.arrayContaining(pageTitles(2, 5, 1)))
  })
})
