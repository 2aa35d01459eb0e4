import { afterAll, describe, expect, it } from 'vitest'
import { RenderCache } from '../../build/render-cache.ts'
import { renderDocument } from '../../build/markdown/render.ts'
import { buildFolder, documentOf, makeTempDir, problemsOf, removeTempDirs, SITE_EN } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const SPLASH = `---
title: Kiln
template: splash
hero:
  tagline: Bake Markdown.
  image:
    dark: ./art/dark.png
    light: ./art/light.png
    alt: The mark
  actions:
    - text: Begin
      link: ./guides/start.md
---

Below the hero.
`

describe("Starlight's hero in the build", () => {
  it('gives a hero without a title the page title, and takes the light image of a pair', async () => {
    const { result } = await buildFolder({
      'site.yml': SITE_EN,
      'docs/en/index.md': SPLASH,
      'docs/en/guides/start.md': '# Start\n',
      'docs/en/art/light.png': 'png',
      'docs/en/art/dark.png': 'png',
    })
    const hero = documentOf(result, 'index').hero
    expect(hero).toMatchObject({ title: 'Kiln', tagline: 'Bake Markdown.', actions: [{ text: 'Begin', link: '/guides/start', variant: 'primary' }] })
    expect(hero?.image).toEqual({ src: expect.stringMatching(/^\/v1\/assets\/[0-9a-f]+\.png$/), alt: 'The mark' })
    expect(documentOf(result, 'guides/start').hero).toBeNull()
  })

  it('reports a missing hero image and a hero link to no page at the line of hero:', async () => {
    expect(await problemsOf({ 'site.yml': SITE_EN, 'docs/en/index.md': SPLASH })).toEqual([
      { path: 'docs/en/index.md', line: 4, message: expect.stringContaining('./art/light.png') },
      { path: 'docs/en/index.md', line: 4, message: expect.stringContaining('./guides/start.md') },
    ])
  })

  it('refuses a hero of the wrong shape, at its line', async () => {
    const page = '---\ntitle: Kiln\nhero:\n  actions: Begin here\n---\n\nText.\n'
    expect(await problemsOf({ 'site.yml': SITE_EN, 'docs/en/index.md': page })).toEqual([
      { path: 'docs/en/index.md', line: 3, message: expect.stringContaining('front matter "hero.actions"') },
    ])
  })

  it("leaves a VitePress home layout's hero to the layout page, as before", async () => {
    const page = '---\nlayout: home\nhero:\n  name: Kiln\n  text: Bake Markdown\n  actions:\n    - theme: brand\n      text: Begin\n      link: /guide\n---\n'
    const { result } = await buildFolder({ 'site.yml': SITE_EN, 'docs/en/index.md': page })
    const home = documentOf(result, 'index')
    expect(home.hero).toBeNull()
    expect(home.html).toBe('<h1 id="kiln">Kiln</h1>\n<p>Bake Markdown</p>')
  })
})

describe('a hero from the render cache', () => {
  it('has its action links relinked, as a fresh rendering writes them, when the page they name moves', async () => {
    const cache = await RenderCache.open(await makeTempDir('render-cache-'))
    const hero = { title: 'Kiln', pageTitle: 'Kiln', tagline: null, image: null, actions: [{ text: 'Begin', link: './install.md', variant: 'primary' as const }], line: 2 }
    const input = { path: 'docs/en/page.md', body: 'Text.\n', bodyLine: 8, hero }
    const before = { urls: { 'docs/en/install.md': '/install' }, markdownUrls: { 'docs/en/install.md': '/v1/documents/install.md' } }
    await cache.set(input, renderDocument(input, before))
    const after = { urls: { 'docs/en/install.md': '/2.x/setup' }, markdownUrls: { 'docs/en/install.md': '/v1/documents/setup.md?version=2.x' } }
    const fresh = renderDocument(input, after)
    expect(fresh.hero?.actions[0]?.link).toBe('/2.x/setup')
    expect(await cache.get(input, after)).toMatchObject({ hero: fresh.hero, html: fresh.html, markdown: fresh.markdown })
  })
})
