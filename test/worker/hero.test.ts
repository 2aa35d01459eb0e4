import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { DocumentResponse } from '../../contract/index.ts'
import { publishBuild } from '../../publish/publish.ts'
import { call, clearKv, kvTarget, readJson, sourceOf } from './helpers.ts'
import { collect, page, texts } from './preview-helpers.ts'

// test/fixtures/assets/docs/en/welcome.md: a Starlight splash page whose hero has an image, a
// title written with HTML, a tagline and two actions (a page of the site and a URL).
const site = () => inject('assetsSite')

beforeAll(async () => {
  await clearKv()
  await publishBuild(kvTarget(), sourceOf(site()))
})

describe("a page with Starlight's hero front matter", () => {
  it('carries the hero as structured data, its image published as an asset and its links resolved', async () => {
    const body = await readJson<DocumentResponse>(await call('/v1/documents/welcome'))
    expect(body.hero).toEqual({
      title: 'Ship the pipeline diagrams',
      tagline: 'Pictures of how a build becomes a release.',
      image: { src: expect.stringMatching(/^\/v1\/assets\/[0-9a-f]+\.svg$/), alt: 'The build pipeline' },
      actions: [
        { text: 'Set it up', link: '/guides/setup', variant: 'primary' },
        { text: 'Read the source', link: 'https://example.com/pipeline', variant: 'minimal' },
      ],
    })
    const image = await call(body.hero?.image?.src ?? '')
    expect(image.status).toBe(200)
    expect(image.headers.get('Content-Type')).toBe('image/svg+xml')
  })

  it('opens the html with the hero, so a front end that shows only html shows it too', async () => {
    const body = await readJson<DocumentResponse>(await call('/v1/documents/welcome'))
    expect(body.html).toMatch(/^<header class="hero"><img src="\/v1\/assets\/[0-9a-f]+\.svg" alt="The build pipeline" [^>]*><h1>Ship the <em>pipeline<\/em> diagrams<\/h1>/)
    expect(body.html).toContain(
      '<p class="hero-tagline">Pictures of how a build becomes a release.</p><p class="hero-actions"><a class="hero-action" data-kind="primary" href="/guides/setup">Set it up</a><a class="hero-action" data-kind="minimal" href="https://example.com/pipeline">Read the source</a></p></header>',
    )
    expect(body.html).toMatch(/<\/header>\n<p>Everything below the hero is the page's own text.<\/p>$/)
  })

  it('says the hero in the Markdown copy, its link to a page pointing at that page’s Markdown', async () => {
    const markdown = await (await call('/v1/documents/welcome.md')).text()
    expect(markdown).toMatch(
      /^# Welcome\n\n\*\*Ship the pipeline diagrams\*\*\n\nPictures of how a build becomes a release.\n\n!\[The build pipeline\]\(\/v1\/assets\/[0-9a-f]+\.svg\)\n\n/,
    )
    expect(markdown).toContain('[Set it up](/v1/documents/guides/setup.md) · [Read the source](https://example.com/pipeline)\n\nEverything below the hero')
  })

  it('is null on a page without a hero', async () => {
    expect((await readJson<DocumentResponse>(await call('/v1/documents/guides/setup'))).hero).toBeNull()
  })

  it('is shown by the preview as part of the page, under one title', async () => {
    // The fixture has no baseUrl: its pages are at the root of the preview.
    const { response, html } = await page('/welcome', { headers: { Accept: 'text/html' } })
    expect(response.status).toBe(200)
    expect(await texts(html, 'article.doc h1')).toEqual(['Ship the pipeline diagrams'])
    expect(await collect(html, 'article.doc header.hero a.hero-action', 'href')).toEqual(['/guides/setup', 'https://example.com/pipeline'])
  })
})
