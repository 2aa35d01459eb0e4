import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SCHEMA_VERSION } from '../../contract/index.ts'
import { call, clearKv, fixtureManifest, publishFixture, readJson } from './helpers.ts'

beforeEach(async () => {
  vi.restoreAllMocks()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  await clearKv()
})

describe('GET /v1/status', () => {
  it('answers 503 with Retry-After before anything is published', async () => {
    const response = await call('/v1/status')
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('30')
    expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  })

  it('describes the live build and its site once it is published, and is never cached', async () => {
    const before = Date.now()
    await publishFixture()
    const response = await call('/v1/status')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const body = await readJson(response)
    const manifest = fixtureManifest()
    expect(body).toEqual({
      buildId: manifest.buildId,
      builtAt: manifest.builtAt,
      publishedAt: expect.any(String),
      commit: manifest.commit,
      schemaVersion: SCHEMA_VERSION,
      documents: { en: 12, fr: 2 },
      // What a front end needs to draw the site: the preview reads it from here.
      site: {
        title: 'Fixture docs',
        description: 'The fixture site for the worker tests.',
        defaultLocale: 'en',
        locales: ['en', 'fr'],
        baseUrl: '/docs/',
        // site.yml's sections in its order (a French title falls back to the English one), then the
        // others: the home page's section by its page's title, a folder site.yml does not name by its name.
        sections: [
          { slug: 'guides', title: { en: 'Guides', fr: 'Guides' } },
          { slug: 'api', title: { en: 'API', fr: 'API' } },
          { slug: 'ranking', title: { en: 'Ranking', fr: 'Ranking' } },
          { slug: 'index', title: { en: 'Welcome', fr: 'Bienvenue' } },
          { slug: 'reference', title: { en: 'Reference', fr: 'Reference' } },
        ],
      },
    })
    expect(Date.parse(body.publishedAt)).toBeGreaterThanOrEqual(before - 1000)
  })
})
