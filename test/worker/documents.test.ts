import { beforeAll, describe, expect, it } from 'vitest'
import type { TocEntry } from '../../contract/index.ts'
import { call, expectNotFound, publishFixture, readJson, variantOf, type ProblemBody } from './helpers.ts'
import { strongEtag } from '../../worker/http/etag.ts'

beforeAll(publishFixture)

const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300'

const flattenToc = (entries: TocEntry[]): TocEntry[] => entries.flatMap((entry) => [entry, ...flattenToc(entry.children)])

describe('GET /v1/documents/{slug}', () => {
  it('serves a published document with every contract field', async () => {
    const response = await call('/v1/documents/guides/install')
    expect(response.status).toBe(200)
    const body = await readJson(response)
    expect(body).toMatchObject({
      slug: 'guides/install',
      title: 'Installing the service',
      description: 'Install and run it locally.',
      section: 'guides',
      html:
        '<p>Run the installer once on every machine, then read <a href="/docs/guides/deploy#rollback">the next step</a>.</p>\n<h2 id="requirements">Requirements</h2>\n' +
        '<p>You need a terminal and a supported runtime.</p>\n<h2 id="configure-wrangler">Configure wrangler</h2>\n' +
        '<p>Set the namespace binding in the configuration file.</p>',
      toc: [
        { depth: 2, id: 'requirements', text: 'Requirements', children: [] },
        { depth: 2, id: 'configure-wrangler', text: 'Configure wrangler', children: [] },
      ],
      nav: {
        breadcrumbs: [{ slug: 'guides', title: 'Guides' }],
        parent: { slug: 'guides', title: 'Guides' },
        // The draft `guides/secret-plans` is a sibling on disk but never listed.
        siblings: [{ slug: 'guides/deploy', title: 'Deploying' }],
        prev: { slug: 'guides', title: 'Guides' },
        next: { slug: 'guides/deploy', title: 'Deploying' },
      },
      draft: false,
      locale: 'en',
      requestedLocale: 'en',
      fallback: false,
      translations: [
        { locale: 'en', slug: 'guides/install' },
        { locale: 'fr', slug: 'guides/installation' },
      ],
    })
    expect(Object.keys(body.edit).sort()).toEqual(['author', 'commit', 'lastModified', 'url'])
    expect(body.edit.url).toBe('https://example.com/edit/docs/en/guides/install.md')
    // Git-derived: the fixture file is committed, so all three are known.
    expect(body.edit.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(typeof body.edit.author).toBe('string')
    expect(new Date(body.edit.lastModified).toISOString()).toBe(body.edit.lastModified)
  })

  it('gives every toc entry the id of a heading in the html, in document order', async () => {
    for (const slug of ['guides/install', 'api/search', 'ranking/enclosures']) {
      const body = await readJson(await call(`/v1/documents/${slug}`))
      const headingIds = [...String(body.html).matchAll(/<h[1-6] id="([^"]+)"/g)].map((match) => match[1])
      expect(headingIds.length).toBeGreaterThan(0)
      expect(flattenToc(body.toc).map((entry) => entry.id)).toEqual(headingIds)
    }
  })

  it('answers with application/json, a strong content-hash ETag and Content-Language', async () => {
    const response = await call('/v1/documents/guides/install')
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('ETag')).toBe(strongEtag(variantOf('guides/install').blob))
    expect(response.headers.get('ETag')).toMatch(/^"[0-9a-f]{32}"$/)
    expect(response.headers.get('Content-Language')).toBe('en')
  })

  it('sets Cache-Control on every 200 and 304', async () => {
    const ok = await call('/v1/documents/index')
    expect(ok.status).toBe(200)
    expect(ok.headers.get('Cache-Control')).toBe(PUBLIC_CACHE)
    const notModified = await call('/v1/documents/index', { headers: { 'If-None-Match': ok.headers.get('ETag') ?? '' } })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('Cache-Control')).toBe(PUBLIC_CACHE)
  })

  it('answers HEAD with the same headers as GET and no body', async () => {
    const get = await call('/v1/documents/guides/install')
    const head = await call('/v1/documents/guides/install', { method: 'HEAD' })
    expect(head.status).toBe(200)
    for (const name of ['ETag', 'Cache-Control', 'Content-Type', 'Content-Language', 'Vary']) {
      expect(head.headers.get(name), name).toBe(get.headers.get(name))
    }
    expect(head.headers.get('ETag')).not.toBeNull()
    expect(await head.text()).toBe('')
  })

  it('answers HEAD for a missing slug with 404 and no body', async () => {
    const head = await call('/v1/documents/nope', { method: 'HEAD' })
    expect(head.status).toBe(404)
    expect(await head.text()).toBe('')
  })

  it('answers 404 problem+json for a slug nobody published', async () => {
    await expectNotFound(await call('/v1/documents/guides/uninstall'))
  })

  it('serves the root index document under the slug "index"', async () => {
    const body = await readJson(await call('/v1/documents/index'))
    expect(body).toMatchObject({ slug: 'index', title: 'Welcome', section: 'index', locale: 'en' })
  })
})

describe('content negotiation on Accept', () => {
  // RFC 9110 §12.5.1: the most specific range wins, so `application/json;q=0` refuses JSON even next to `*/*`.
  // Success bodies are JSON or Markdown, so a client that takes only problem documents cannot have one.
  it.each([
    'text/html',
    'text/html, application/xml;q=0.9',
    'application/json;q=0, text/plain',
    'image/*',
    'application/json;q=0, text/markdown;q=0, */*',
    'application/problem+json',
  ])('answers 406 problem+json when Accept is %j', async (accept) => {
    const response = await call('/v1/documents/guides/install', { headers: { Accept: accept } })
    expect(response.status).toBe(406)
    expect(response.headers.get('Content-Type')).toBe('application/problem+json')
    expect(await readJson<ProblemBody>(response)).toMatchObject({ status: 406, title: 'Not Acceptable' })
  })

  it.each(['*/*', 'application/*', 'application/json', 'text/html, application/json;q=0.5', 'application/problem+json, application/json'])(
    'answers 200 when Accept is %j',
    async (accept) => {
      const response = await call('/v1/documents/guides/install', { headers: { Accept: accept } })
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    },
  )

  it('answers 200 when there is no Accept header', async () => {
    const response = await call('/v1/documents/guides/install')
    expect(response.status).toBe(200)
  })
})

describe('Link headers for agents (llms.txt proposal)', () => {
  it('point the JSON at its Markdown and at llms.txt', async () => {
    const response = await call('/v1/documents/guides/install')
    expect(response.headers.get('Link')).toBe('</v1/documents/guides/install.md>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"')
    const markdown = await call(new URL(/<([^>]+)>/.exec(response.headers.get('Link') ?? '')?.[1] ?? '', 'https://docs.example').pathname)
    expect(markdown.headers.get('Content-Type')).toBe('text/markdown; charset=utf-8')
  })

  it('point the Markdown, by suffix or by Accept, back at its JSON', async () => {
    const json = '</v1/documents/guides/install>; rel="alternate"; type="application/json", </llms.txt>; rel="describedby"'
    expect((await call('/v1/documents/guides/install.md')).headers.get('Link')).toBe(json)
    expect((await call('/v1/documents/guides/install', { headers: { Accept: 'text/markdown' } })).headers.get('Link')).toBe(json)
  })

  it("name the served locale's page and llms.txt, under its localized slug", async () => {
    expect((await call('/v1/documents/guides/install?locale=fr')).headers.get('Link')).toBe(
      '</v1/documents/guides/installation.md?locale=fr>; rel="alternate"; type="text/markdown", </llms.txt?locale=fr>; rel="describedby"',
    )
  })
})
