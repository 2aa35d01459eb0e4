import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, draftsToken } from './tokens.ts'
import { call, fixtureManifest, publishFixture, readJson, spyOnKvReads, type ProblemBody } from './helpers.ts'

beforeAll(publishFixture)

interface ReleasesBody {
  streams: Array<{ name: string; releases: Array<{ version: string; date: string; related: Array<{ slug: string; title: string; url: string }> } & Record<string, unknown>> }>
}

async function releases(query = '', headers: Record<string, string> = {}): Promise<ReleasesBody> {
  const response = await call(`/v1/releases${query}`, { headers })
  expect(response.status).toBe(200)
  return readJson<ReleasesBody>(response)
}
const versions = (body: ReleasesBody) => Object.fromEntries(body.streams.map((stream) => [stream.name, stream.releases.map((release) => release.version)]))
const qs = (params: Array<[string, string]>) => `?${new URLSearchParams(params)}`

async function pointersOf(query: string): Promise<string[]> {
  const response = await call(`/v1/releases${query}`)
  expect(response.status).toBe(422)
  expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  const body = await readJson<ProblemBody>(response)
  expect(body).toMatchObject({ type: 'about:blank', status: 422, title: 'Unprocessable Content' })
  return (body.errors ?? []).map((error) => error.pointer)
}

describe('GET /v1/releases', () => {
  it('groups releases by stream, newest version first', async () => {
    expect(versions(await releases())).toEqual({ lts: ['1.4.1'], stable: ['2.0.0', '1.4.0', '1.0.0'] })
  })

  it('renders each release with notes, upgrade notes or null, breaking flag and related documents', async () => {
    const stable = (await releases('?stream=stable')).streams[0]
    expect(stable?.releases).toEqual([
      {
        version: '2.0.0',
        date: '2026-06-01',
        title: 'stable 2.0.0',
        html: '<p>A new storage layout.</p>',
        upgrade: null,
        breaking: true,
        related: [{ slug: 'guides/deploy', title: 'Deploying', url: '/docs/guides/deploy' }],
        docsVersion: null,
      },
      {
        version: '1.4.0',
        date: '2026-03-05',
        title: 'stable 1.4.0',
        html: '<p>Search got faster.</p>',
        upgrade: { html: '<p>Run the <strong>migration</strong> once.</p>' },
        breaking: false,
        related: [{ slug: 'guides/install', title: 'Installing the service', url: '/docs/guides/install' }],
        docsVersion: null,
      },
      { version: '1.0.0', date: '2026-01-10', title: 'First stable release', html: '<p>The first release.</p>', upgrade: null, breaking: false, related: [], docsVersion: null },
    ])
  })

  it('filters by one stream, or several when stream is repeated', async () => {
    expect(versions(await releases('?stream=lts'))).toEqual({ lts: ['1.4.1'] })
    expect(versions(await releases('?stream=stable&stream=lts'))).toEqual({ lts: ['1.4.1'], stable: ['2.0.0', '1.4.0', '1.0.0'] })
  })

  it('filters by a caret range', async () => {
    expect(versions(await releases(qs([['version', '^1.4']])))).toEqual({ lts: ['1.4.1'], stable: ['1.4.0'] })
  })

  it('filters by a comparator range, whether the space is sent as + or %20', async () => {
    const expected = { lts: [], stable: ['2.0.0'] }
    expect(versions(await releases(qs([['version', '>=2.0.0 <3']])))).toEqual(expected)
    expect(versions(await releases('?version=%3E%3D2.0.0%20%3C3'))).toEqual(expected)
  })

  it('filters by from and to, both inclusive', async () => {
    expect(versions(await releases('?from=2026-03-05&to=2026-06-01'))).toEqual({ lts: ['1.4.1'], stable: ['2.0.0', '1.4.0'] })
    expect(versions(await releases('?from=2026-04-01&to=2026-04-01'))).toEqual({ lts: ['1.4.1'], stable: [] })
    expect(versions(await releases('?to=2026-01-10'))).toEqual({ lts: [], stable: ['1.0.0'] })
    expect(versions(await releases('?from=2026-06-02'))).toEqual({ lts: [], stable: [] })
  })

  it('combines stream, version and date filters', async () => {
    expect(
      versions(
        await releases(
          `${qs([
            ['stream', 'stable'],
            ['version', '<2'],
            ['from', '2026-02-01'],
          ])}`,
        ),
      ),
    ).toEqual({ stable: ['1.4.0'] })
  })
})

describe('GET /v1/releases validation', () => {
  it.each([
    ['a bad version range', '?version=not-a-range', ['/version']],
    ['a bad from date', '?from=2026-13-01', ['/from']],
    ['a to date that is not a date', '?to=yesterday', ['/to']],
    ['from after to', '?from=2026-06-02&to=2026-06-01', ['/from']],
    ['an unknown stream', '?stream=nightly', ['/stream']],
    ['an unknown stream next to a known one', '?stream=stable&stream=nightly', ['/stream']],
  ])('answers 422 with pointers for %s', async (_name, query, pointers) => {
    expect(await pointersOf(query)).toEqual(pointers)
  })

  it('lists several invalid parameters at once', async () => {
    expect((await pointersOf('?version=nope&from=soon')).sort()).toEqual(['/from', '/version'])
  })

  it('answers 422 for an unknown stream even when If-None-Match matches (preconditions only apply to a 2xx)', async () => {
    const etag = (await call('/v1/releases')).headers.get('ETag') ?? ''
    const response = await call('/v1/releases?stream=nightly', { headers: { 'If-None-Match': etag } })
    expect(response.status).toBe(422)
  })
})

describe('GET /v1/releases drafts and caching', () => {
  it('omits a related draft without a token', async () => {
    const related = (await releases('?stream=stable&version=2.0.0')).streams[0]?.releases[0]?.related
    expect(related?.map((doc) => doc.slug)).toEqual(['guides/deploy'])
  })

  it('lists a related draft with a drafts:read token, privately cached', async () => {
    const response = await call('/v1/releases?stream=stable&version=2.0.0', { headers: bearer(await draftsToken()) })
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const related = (await readJson<ReleasesBody>(response)).streams[0]?.releases[0]?.related
    expect(related).toEqual([
      { slug: 'guides/deploy', title: 'Deploying', url: '/docs/guides/deploy' },
      { slug: 'guides/secret-plans', title: 'Secret plans', url: '/docs/guides/secret-plans' },
    ])
  })

  it('answers with a strong ETag, a public Cache-Control and Vary: Authorization', async () => {
    const response = await call('/v1/releases')
    expect(response.headers.get('ETag')).toBe(`"${fixtureManifest().releases}"`)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=300')
    expect(response.headers.get('Vary')).toBe('Authorization')
  })

  it('answers 304 with ETag and Cache-Control and no body, reading no blob, when If-None-Match matches', async () => {
    const etag = (await call('/v1/releases')).headers.get('ETag') ?? ''
    const reads = spyOnKvReads()
    for (const value of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await call('/v1/releases', { headers: { 'If-None-Match': value } })
      expect(response.status, value).toBe(304)
      expect(response.headers.get('ETag')).toBe(etag)
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=300')
      expect(await response.text()).toBe('')
    }
    expect(reads.keys().filter((key) => key.startsWith('blob:'))).toEqual([])
    reads.spy.mockRestore()
  })

  it('answers 200 when If-None-Match names another tag, and gives the drafts view its own ETag', async () => {
    const etag = (await call('/v1/releases')).headers.get('ETag') ?? ''
    expect((await call('/v1/releases', { headers: { 'If-None-Match': '"something-else"' } })).status).toBe(200)
    const drafts = await call('/v1/releases', { headers: { 'If-None-Match': etag, ...bearer(await draftsToken()) } })
    expect(drafts.status).toBe(200)
    expect(drafts.headers.get('ETag')).not.toBe(etag)
  })
})
