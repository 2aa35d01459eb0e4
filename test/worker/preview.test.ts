import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import app from '../../worker/index.ts'
import { call, expectNotFound, publishFixture, readJson } from './helpers.ts'
import { draftsToken } from './tokens.ts'
import { collect, page, preview } from './preview-helpers.ts'

beforeAll(publishFixture)

/** The links of a preview page that agents follow: its Markdown and the llms.txt describing it. */
async function agentLinks(path: string) {
  const { html } = await page(path)
  return { markdown: await collect(html, 'link[rel="alternate"][type="text/markdown"]', 'href'), llms: await collect(html, 'link[rel="describedby"]', 'href') }
}

const DRAFTS_COOKIE = { Cookie: 'docs-preview-drafts=on' }

describe('with PREVIEW off (production default)', () => {
  it.each(['/', '/docs/', '/docs/guides/install', '/releases', '/search?q=rollback', '/_preview/events', '/_preview/app.js'])('GET %s is the plain 404 problem', async (path) => {
    await expectNotFound(await call(path))
  })

  it('answers other methods on preview paths with 404 too, not 405', async () => {
    await expectNotFound(await call('/_preview/drafts', { method: 'POST', body: new URLSearchParams({ show: 'on' }) }))
    await expectNotFound(await call('/', { method: 'POST' }))
  })

  it('refuses a PREVIEW that is neither "true" nor "false", naming it in the log', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect((await app.request('https://docs.example/', {}, { ...env, PREVIEW: 'yes' })).status).toBe(503)
    expect(logged.mock.calls.flat().join(' ')).toContain('PREVIEW must be "true" or "false"')
    logged.mockRestore()
  })
})

describe('with PREVIEW on', () => {
  it("sends / to the home page in the reader's language", async () => {
    expect((await preview('/')).headers.get('Location')).toBe('/docs/')
    const french = await preview('/', { headers: { 'Accept-Language': 'fr-CA, en;q=0.5' } })
    expect(french.status).toBe(302)
    expect(french.headers.get('Location')).toBe('/docs/fr/')
  })

  it("renders a page on the server: sidebar with the current page marked, breadcrumbs, the API's HTML, TOC, prev/next, edit line", async () => {
    const { response, html } = await page('/docs/guides/install', { headers: { Accept: 'text/html' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
    const doc = await readJson(await call('/v1/documents/guides/install'))
    expect(html).toContain(doc.html)
    expect(await collect(html, 'nav[aria-label="Docs"] a[aria-current="page"]', 'href')).toEqual(['/docs/guides/install'])
    expect(await collect(html, 'nav[aria-label="Docs"] a', 'href')).toContain('/docs/reference/limits/quotas')
    expect(await collect(html, 'nav[aria-label="Breadcrumb"] a', 'href')).toEqual(['/docs/guides'])
    expect(await collect(html, 'a[rel="prev"]', 'href')).toEqual(['/docs/guides'])
    expect(await collect(html, 'a[rel="next"]', 'href')).toEqual(['/docs/guides/deploy'])
    expect(await collect(html, 'p.edit a', 'href')).toEqual(['https://example.com/edit/docs/en/guides/install.md'])
    expect(await collect(html, 'p.edit time', 'datetime')).toEqual([doc.edit.lastModified])
    const head = await preview('/docs/guides/install', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect(await collect(html, 'a.skip', 'href')).toEqual(['#content'])
    expect(await collect(html, 'main', 'id')).toEqual(['content'])
    expect(await collect(html, 'form[role="search"] input[type="search"]', 'id')).toEqual(await collect(html, 'label[for]', 'for'))
  })

  it('links the TOC to exactly the heading ids of the page', async () => {
    const { html } = await page('/docs/guides/install')
    const tocTargets = (await collect(html, 'aside.toc a', 'href')).map((href) => href.slice(1))
    const headingIds = await collect(html, 'article h2, article h3', 'id')
    expect(tocTargets).toEqual(['requirements', 'configure-wrangler'])
    expect(tocTargets).toEqual(headingIds)
  })

  it("shows the fallback notice on an untranslated page, and the locale switcher links each locale's version", async () => {
    const { response, html } = await page('/docs/fr/guides/deploy')
    expect(response.status).toBe(200)
    expect(html).toMatch(/class="notice fallback"[^>]*>Cette page n’est pas encore traduite en français : elle est affichée en anglais\./)
    expect(await collect(html, 'nav.locales a', 'href')).toEqual(['/docs/guides/deploy', '/docs/fr/guides/deploy'])
    const translated = await page('/docs/guides/install')
    expect(await collect(translated.html, 'nav[aria-label="Languages"] a', 'href')).toEqual(['/docs/guides/install', '/docs/fr/guides/installation'])
    expect(translated.html).not.toContain('notice fallback')
  })

  it("sends a default-locale slug and a moved slug to the page's own URL", async () => {
    expect((await preview('/docs/fr/guides/install')).headers.get('Location')).toBe('/docs/fr/guides/installation')
    expect((await preview('/docs/guides/setup')).headers.get('Location')).toBe('/docs/guides/install')
  })

  it("points agents at each document page's Markdown and llms.txt, naming a locale other than the default, and both links answer", async () => {
    expect(await agentLinks('/docs/guides/install')).toEqual({ markdown: ['/v1/documents/guides/install.md'], llms: ['/llms.txt'] })
    expect(await agentLinks('/docs/fr/guides/installation')).toEqual({ markdown: ['/v1/documents/guides/installation.md?locale=fr'], llms: ['/llms.txt?locale=fr'] })
    // Not translated: the page shows the English document, and names what it shows.
    expect(await agentLinks('/docs/fr/guides/deploy')).toEqual({ markdown: ['/v1/documents/guides/deploy.md'], llms: ['/llms.txt'] })
    const french = await call('/v1/documents/guides/installation.md?locale=fr')
    expect([french.status, french.headers.get('Content-Type'), french.headers.get('Content-Language')]).toEqual([200, 'text/markdown; charset=utf-8', 'fr'])
    const llms = await call('/llms.txt?locale=fr')
    expect([llms.status, llms.headers.get('Content-Language')]).toEqual([200, 'fr'])
    expect(await llms.text()).toContain('/v1/documents/guides/installation.md?locale=fr')
    expect(await agentLinks('/search?q=rollback')).toEqual({ markdown: [], llms: [] })
  })

  it('answers a missing page with a 404 page in the chrome', async () => {
    const { response, html } = await page('/docs/no/such/page')
    expect(response.status).toBe(404)
    expect(html).toContain('Page not found')
    expect(await collect(html, 'nav[aria-label="Docs"] a', 'href')).toContain('/docs/guides/install')
  })

  it('keeps the API as it is: unknown API paths 404 as problems, wrong methods 405, JSON-only Accept 406', async () => {
    await expectNotFound(await preview('/v1/no-such-route'))
    expect((await preview('/v1/search')).status).toBe(405)
    expect((await preview('/v1/releases', { headers: { Accept: 'text/html' } })).status).toBe(406)
  })

  it('serves its assets with a content hash in the URL, cached for good', async () => {
    const { html } = await page('/docs/')
    const [script] = await collect(html, 'script[type="module"]', 'src')
    const [style] = await collect(html, 'link[rel="stylesheet"]', 'href')
    for (const path of [script, style]) {
      expect(path).toMatch(/^\/_preview\/[a-z]+\.(js|css)\?v=[0-9a-z]+$/)
      const asset = await preview(path as string)
      expect(asset.status).toBe(200)
      expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    }
  })
})

describe('drafts in the preview', () => {
  it('hides a draft page, and the toggle, without the token from npm start', async () => {
    expect((await preview('/docs/guides/secret-plans', { headers: DRAFTS_COOKIE })).status).toBe(404)
    const { html } = await page('/docs/guides/install')
    expect(html).not.toContain('Show drafts')
    expect(html).not.toContain('Secret plans')
  })

  it('shows a draft page, marked on the page and in the sidebar, only once the toggle is on', async () => {
    const vars = { PREVIEW_TOKEN: await draftsToken() }
    const off = await page('/docs/guides/secret-plans', {}, vars)
    expect(off.response.status).toBe(404)
    expect(off.html).toMatch(/<button type="submit" aria-pressed="false">Show drafts<\/button>/)

    const on = await page('/docs/guides/secret-plans', { headers: DRAFTS_COOKIE }, vars)
    expect(on.response.status).toBe(200)
    expect(on.response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(on.html).toContain('<strong>Draft.</strong>')
    expect(on.html).toMatch(/aria-current="page">Secret plans<\/a> <span class="badge draft">Draft<\/span>/)
    expect(on.html).toMatch(/aria-pressed="true">Show drafts/)
  })

  it('keeps the choice in a cookie and goes back to the page, never to another site', async () => {
    const vars = { PREVIEW_TOKEN: await draftsToken() }
    const toggle = (form: Record<string, string>) => preview('/_preview/drafts', { method: 'POST', body: new URLSearchParams(form) }, vars)
    const on = await toggle({ show: 'on', back: '/docs/guides/install?x=1' })
    expect(on.status).toBe(303)
    expect(on.headers.get('Location')).toBe('/docs/guides/install?x=1')
    expect(on.headers.get('Set-Cookie')).toMatch(/^docs-preview-drafts=on; Path=\/; HttpOnly; SameSite=Strict/)
    const off = await toggle({ show: 'off', back: '//evil.example/' })
    expect(off.headers.get('Location')).toBe('/')
    expect(off.headers.get('Set-Cookie')).toMatch(/^docs-preview-drafts=; Max-Age=0/)
  })
})

describe("the preview's own pages", () => {
  it('filters release notes by stream and version, and says what is wrong with a bad range', async () => {
    const lts = await page('/releases?stream=lts')
    expect(await collect(lts.html, 'section.stream h2', 'id')).toEqual(['stream-lts'])
    const ranged = await page('/releases?version=%5E1.0.0')
    expect(await collect(ranged.html, 'article.release', 'id')).toEqual(['lts-1.4.1', 'stable-1.4.0', 'stable-1.0.0'])
    const bad = await page('/releases?version=banana')
    expect(bad.response.status).toBe(422)
    expect(bad.html).toContain('must be a semver range')
  })

  it('answers the search form without JavaScript, results linking to the heading', async () => {
    const { html } = await page('/search?q=rollback')
    expect(await collect(html, 'ol.results a', 'href')).toContain('/docs/guides/deploy#rollback')
    expect(html).toContain('<mark>')
  })

  it('tells an EventSource not to come back (204), and does not listen for builds, when npm start did not give it a reporter', async () => {
    const events = await preview('/_preview/events')
    expect(events.status).toBe(204)
    expect(await collect((await page('/docs/')).html, 'body', 'data-live')).toEqual([])
  })

  it('passes on the event stream npm start sends after each build, and answers 503 when it does not answer with one', async () => {
    const stream = 'data: {"problems":["content/docs/en/index.md:2: invalid YAML front matter"]}\n\n'
    const reporter = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } }))
    const vars = { PREVIEW_EVENTS_URL: 'http://127.0.0.1:9/events' }
    const events = await preview('/_preview/events', {}, vars)
    expect(events.status).toBe(200)
    expect(events.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
    expect(events.headers.get('Cache-Control')).toBe('no-store')
    expect(await events.text()).toBe(stream)
    expect(reporter).toHaveBeenCalledWith('http://127.0.0.1:9/events')
    reporter.mockRejectedValueOnce(new TypeError('connection refused'))
    expect((await preview('/_preview/events', {}, vars)).status).toBe(503)
    reporter.mockResolvedValueOnce(Response.json({ problems: [] }))
    expect((await preview('/_preview/events', {}, vars)).status).toBe(503)
    expect(await collect((await page('/docs/', {}, vars)).html, 'body', 'data-live')).toEqual([''])
    reporter.mockRestore()
  })
})
