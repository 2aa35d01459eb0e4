import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, draftsToken } from './tokens.ts'
import { call, publishFixture, readJson, spyOnKvReads, variantOf } from './helpers.ts'
import { KV_KEYS } from '../../contract/index.ts'
import { strongEtag } from '../../worker/http/etag.ts'

beforeAll(publishFixture)

const PATH = '/v1/documents/guides/install'
const ETAG = () => strongEtag(variantOf('guides/install').blob)
const ifNoneMatch = (value: string, headers: Record<string, string> = {}) => call(PATH, { headers: { 'If-None-Match': value, ...headers } })

async function expectNotModified(response: Response, etag: string, contentLanguage = 'en') {
  expect(response.status).toBe(304)
  expect(response.headers.get('ETag')).toBe(etag)
  expect(response.headers.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=300')
  expect(response.headers.get('Vary')).toBe('Accept-Language, Accept')
  expect(response.headers.get('Content-Language')).toBe(contentLanguage)
  expect(await response.text()).toBe('')
}

describe('If-None-Match on documents (RFC 9110 §13.1.2)', () => {
  it('answers 304 with ETag, Cache-Control, Vary, Content-Language and no body when it lists the current ETag', async () => {
    await expectNotModified(await ifNoneMatch(ETAG()), ETAG())
  })

  it('answers 304 for the weak form W/"…" of the current ETag (weak comparison)', async () => {
    await expectNotModified(await ifNoneMatch(`W/${ETAG()}`), ETAG())
  })

  it('answers 304 when a list of tags contains the current ETag', async () => {
    await expectNotModified(await ifNoneMatch(`"0000", W/"1111",${ETAG()} , "2222"`), ETAG())
  })

  it('answers 200 with the body when a list of tags does not contain the current ETag', async () => {
    const response = await ifNoneMatch(`"0000", W/"1111", ${strongEtag(variantOf('guides/deploy').blob)}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('ETag')).toBe(ETAG())
    expect(await readJson(response)).toMatchObject({ slug: 'guides/install' })
  })

  it('does not match an ETag whose opaque part only contains the current one', async () => {
    const opaque = ETAG().slice(1, -1)
    const response = await ifNoneMatch(`"${opaque}x", "x${opaque}"`)
    expect(response.status).toBe(200)
  })

  it('answers 304 for * on an existing slug', async () => {
    await expectNotModified(await ifNoneMatch('*'), ETAG())
  })

  it('answers 404 for * on a missing slug', async () => {
    const response = await call('/v1/documents/guides/missing', { headers: { 'If-None-Match': '*' } })
    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  })

  it("answers 404, never 304, for a draft's ETag sent without a token", async () => {
    const withToken = await call('/v1/documents/guides/secret-plans', { headers: bearer(await draftsToken()) })
    expect(withToken.status).toBe(200)
    const etag = withToken.headers.get('ETag') ?? ''
    expect(etag).toBe(strongEtag(variantOf('guides/secret-plans').blob))

    for (const value of [etag, `W/${etag}`, '*']) {
      const response = await call('/v1/documents/guides/secret-plans', { headers: { 'If-None-Match': value } })
      expect(response.status).toBe(404)
      expect(response.headers.get('ETag')).toBeNull()
    }
  })

  it('answers 304 with a draft token when the draft ETag matches, privately cached', async () => {
    const etag = strongEtag(variantOf('guides/secret-plans').blob)
    const response = await call('/v1/documents/guides/secret-plans', { headers: { 'If-None-Match': etag, ...bearer(await draftsToken()) } })
    expect(response.status).toBe(304)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('Vary')).toContain('Authorization')
  })

  it('answers 304 to an en ETag with Accept-Language: de, since negotiation still gives en', async () => {
    await expectNotModified(await ifNoneMatch(ETAG(), { 'Accept-Language': 'de' }), ETAG())
  })

  it('answers 200 to an en ETag with Accept-Language: fr on an untranslated doc: the fallback has its own ETag', async () => {
    const enEtag = strongEtag(variantOf('guides/deploy', 'en').blob)
    const frEtag = strongEtag(variantOf('guides/deploy', 'fr').blob)
    expect(frEtag).not.toBe(enEtag)
    const response = await call('/v1/documents/guides/deploy', { headers: { 'If-None-Match': enEtag, 'Accept-Language': 'fr' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('ETag')).toBe(frEtag)
    expect(await readJson(response)).toMatchObject({ slug: 'guides/deploy', locale: 'en', requestedLocale: 'fr', fallback: true })
  })

  it('gives each locale variant its own ETag', async () => {
    const en = await call(PATH, { headers: { 'Accept-Language': 'en' } })
    const fr = await call(PATH, { headers: { 'Accept-Language': 'fr' } })
    expect(en.headers.get('ETag')).toBe(ETAG())
    expect(fr.headers.get('ETag')).toBe(strongEtag(variantOf('guides/install', 'fr').blob))
    expect(fr.headers.get('ETag')).not.toBe(en.headers.get('ETag'))
  })
})

describe('storage reads of conditional requests', () => {
  it('reads no blob to answer 304', async () => {
    await call(PATH) // warm-up: the manifest is in isolate memory from here on
    const reads = spyOnKvReads()
    const response = await ifNoneMatch(ETAG())
    expect(response.status).toBe(304)
    expect(reads.keys().filter((key) => key.startsWith('blob:'))).toEqual([])
    expect(reads.keys()).toEqual([KV_KEYS.pointer])
    reads.spy.mockRestore()
  })

  it('reads exactly one blob, the variant, to answer 200 in steady state', async () => {
    await call(PATH)
    const reads = spyOnKvReads()
    const response = await call(PATH)
    expect(response.status).toBe(200)
    expect(reads.keys().filter((key) => key.startsWith('blob:'))).toEqual([`blob:${variantOf('guides/install').blob}`])
    reads.spy.mockRestore()
  })
})
