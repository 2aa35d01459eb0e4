import { beforeAll, describe, expect, inject, it } from 'vitest'
import { publishBuild } from '../../publish/publish.ts'
import { call, clearKv, kvTarget, publishFixture, sourceOf } from './helpers.ts'
import { collect, page, preview, texts } from './preview-helpers.ts'

// The versioned fixture (baseUrl /): 2.x is the default, at /; 3.x (unreleased) at /3.x/; 1.x
// (unmaintained, labelled "1.x (legacy)") at /1.x/. guides/setup of 2.x and 1.x is guides/install in 3.x.
const SWITCHER = 'nav.versions a'
// HTMLRewriter gives attributes as written: `&` in a URL is `&amp;` in HTML.
const hrefs = async (html: string, selector: string) => (await collect(html, selector, 'href')).map((href) => href.replaceAll('&amp;', '&'))

beforeAll(async () => {
  await clearKv()
  await publishBuild(kvTarget(), sourceOf(inject('versionsSite')))
})

describe('pages of a versioned site in the preview', () => {
  it("serves each version's pages under its name, the default one at the base, and answers a page a version lacks with a 404 in that version's chrome", async () => {
    const legacy = await page('/1.x/legacy')
    expect(legacy.response.status).toBe(200)
    expect(await texts(legacy.html, 'article h1')).toEqual(['Legacy furnaces'])
    expect(await collect(legacy.html, 'body', 'data-version')).toEqual(['1.x'])
    expect(await collect(legacy.html, 'form[role="search"] input[name="version"]', 'value')).toEqual(['1.x'])
    expect(await texts((await page('/3.x/')).html, 'article h1')).toEqual(['Kiln 3'])
    expect(await texts((await page('/')).html, 'article h1')).toEqual(['Kiln 2'])
    expect((await page('/legacy')).response.status).toBe(404)
    const missing = await page('/1.x/guides/kilnfile')
    expect(missing.response.status).toBe(404)
    expect(await collect(missing.html, '.sidebar a', 'href')).toContain('/1.x/legacy')
    expect(await collect(missing.html, SWITCHER, 'href')).toEqual(['/3.x/', '/', '/1.x/'])
    expect((await page('/9.x/guides/setup')).response.status).toBe(404)
  })

  it("sends a version's bare name to its home, and keeps the locale prefix after the version", async () => {
    expect((await preview('/1.x')).headers.get('Location')).toBe('/1.x/')
    const french = await page('/3.x/fr/')
    expect(await collect(french.html, 'html', 'lang')).toEqual(['fr'])
    expect(await collect(french.html, 'nav.locales a', 'href')).toEqual(['/3.x/', '/3.x/fr/'])
  })

  it("links the sidebar, breadcrumbs and prev/next to the version's own pages, each of which the preview serves", async () => {
    for (const version of ['3.x', '1.x']) {
      const { html } = await page(`/${version}/`)
      const links = [...(await collect(html, '.sidebar a', 'href')), ...(await collect(html, 'nav.pager a', 'href'))]
      expect(links.length).toBeGreaterThan(1)
      for (const link of links) {
        expect(link.startsWith(`/${version}/`), link).toBe(true)
        expect((await preview(link)).status, link).toBe(200)
      }
    }
    const { html } = await page('/3.x/guides/install')
    expect(await collect(html, '.sidebar a[aria-current="page"]', 'href')).toEqual(['/3.x/guides/install'])
  })
})

describe('the version switcher', () => {
  it('lists every version with its label and status, marks the one being read, and leads to the same page in each, following a rename', async () => {
    const { html } = await page('/guides/setup')
    expect(await collect(html, 'nav.versions', 'aria-label')).toEqual(['Versions'])
    expect(await texts(html, 'nav.versions summary')).toEqual(['2.x'])
    expect(await texts(html, SWITCHER)).toEqual(['3.x unreleased', '2.x current', '1.x (legacy) unmaintained'])
    expect(await collect(html, SWITCHER, 'href')).toEqual(['/3.x/guides/install', '/guides/setup', '/1.x/guides/setup'])
    expect(await collect(html, `${SWITCHER}[aria-current="true"]`, 'href')).toEqual(['/guides/setup'])
  })

  it("leads to a version's home where the page does not exist, and that home says so", async () => {
    const { html } = await page('/3.x/guides/kilnfile')
    expect(await collect(html, SWITCHER, 'href')).toEqual(['/3.x/guides/kilnfile', '/?missing', '/1.x/?missing'])
    const home = await page('/1.x/?missing')
    expect(await texts(home.html, 'article h1')).toEqual(['Kiln 1'])
    expect(await texts(home.html, 'main p.notice:not(.version-banner)')).toEqual(['This page does not exist in 1.x (legacy); showing its home page.'])
    expect(await texts((await page('/1.x/')).html, 'main p.notice:not(.version-banner)')).toEqual([])
  })

  it('keeps the reader in their language when switching', async () => {
    const { html } = await page('/3.x/fr/')
    expect(await collect(html, SWITCHER, 'href')).toEqual(['/3.x/fr/', '/fr/', '/1.x/fr/'])
    expect(await texts(html, SWITCHER)).toEqual(['3.x non publiée', '2.x actuelle', '1.x (legacy) plus maintenue'])
  })
})

describe('banners, canonical links and indexing', () => {
  it('tells readers of an unmaintained version so, linking the same page in the default version, and keeps the page out of search engines', async () => {
    const { html } = await page('/1.x/guides/setup')
    expect(await texts(html, 'p.version-banner')).toEqual(['You are reading the docs of 1.x (legacy), which is no longer maintained. See this page in 2.x, the current version.'])
    expect(await collect(html, 'p.version-banner a', 'href')).toEqual(['/guides/setup'])
    expect(await collect(html, 'link[rel="canonical"]', 'href')).toEqual(['https://docs.example/guides/setup'])
    expect(await collect(html, 'meta[name="robots"]', 'content')).toEqual(['noindex'])
  })

  it("links the default version's home from a page it does not have, with no canonical link", async () => {
    const { html } = await page('/1.x/legacy')
    expect(await texts(html, 'p.version-banner a')).toEqual(['Go to the docs of 2.x, the current version.'])
    expect(await collect(html, 'p.version-banner a', 'href')).toEqual(['/'])
    expect(await collect(html, 'link[rel="canonical"]', 'href')).toEqual([])
  })

  it('tells readers of an unreleased version so, in their language, and leaves its pages indexable', async () => {
    const { html } = await page('/3.x/guides/install')
    expect(await texts(html, 'p.version-banner')).toEqual(['You are reading the docs of 3.x, which is not released yet. See this page in 2.x, the current version.'])
    expect(await collect(html, 'link[rel="canonical"]', 'href')).toEqual(['https://docs.example/guides/setup'])
    expect(await collect(html, 'meta[name="robots"]', 'content')).toEqual([])
    expect(await texts((await page('/3.x/fr/')).html, 'p.version-banner')).toEqual([
      'Vous lisez la documentation de 3.x, qui n’est pas encore publiée. Voir cette page dans 2.x, la version actuelle.',
    ])
  })

  it('points agents at the Markdown and llms.txt of the version being read, naming it unless it is the default', async () => {
    const links = async (path: string) => {
      const { html } = await page(path)
      return [...(await hrefs(html, 'link[rel="alternate"][type="text/markdown"]')), ...(await hrefs(html, 'link[rel="describedby"]'))]
    }
    expect(await links('/guides/setup')).toEqual(['/v1/documents/guides/setup.md', '/llms.txt'])
    expect(await links('/3.x/guides/install')).toEqual(['/v1/documents/guides/install.md?version=3.x', '/llms.txt?version=3.x'])
    expect(await links('/3.x/fr/')).toEqual(['/v1/documents/index.md?locale=fr&version=3.x', '/llms.txt?locale=fr&version=3.x'])
    const legacy = await call('/v1/documents/legacy.md?version=1.x')
    expect(legacy.status).toBe(200)
    expect(await legacy.text()).toContain('Legacy furnaces')
  })

  it('shows no banner in the default version, whose pages are their own canonical URL', async () => {
    const { html } = await page('/guides/setup')
    expect(await texts(html, 'p.version-banner')).toEqual([])
    expect(await collect(html, 'link[rel="canonical"]', 'href')).toEqual(['https://docs.example/guides/setup'])
  })
})

describe('search in a version', () => {
  it('searches the version the form names, linking its pages, and switches the search to another version', async () => {
    const { html } = await page('/search?q=kilnfile&version=3.x')
    expect(await collect(html, 'ol.results a', 'href')).toContain('/3.x/guides/kilnfile')
    expect(await collect(html, 'body', 'data-version')).toEqual(['3.x'])
    expect(await hrefs(html, SWITCHER)).toEqual([
      '/search?q=kilnfile&locale=en&version=3.x',
      '/search?q=kilnfile&locale=en&version=2.x',
      '/search?q=kilnfile&locale=en&version=1.x',
    ])
    expect(await hrefs(html, 'nav.locales a')).toEqual(['/search?q=kilnfile&version=3.x', '/search?q=kilnfile&version=3.x&locale=fr'])
    const inDefault = await collect((await page('/search?q=kilnfile')).html, 'ol.results a', 'href')
    expect(inDefault.some((href) => href.includes('kilnfile'))).toBe(false)
    expect(await collect((await page('/search?q=furnaces&version=1.x')).html, 'ol.results a', 'href')).toContain('/1.x/legacy')
  })
})

describe('a site without versions', () => {
  beforeAll(async () => {
    await clearKv()
    await publishFixture()
  })

  it('has no switcher, banner, canonical link or version in the page', async () => {
    const { html } = await page('/docs/guides/install')
    expect(await collect(html, 'nav.versions', 'aria-label')).toEqual([])
    expect(await collect(html, 'p.version-banner', 'class')).toEqual([])
    expect(await collect(html, 'link[rel="canonical"]', 'href')).toEqual([])
    expect(await collect(html, 'body', 'data-version')).toEqual([])
  })
})
