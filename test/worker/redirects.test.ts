import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, draftsToken } from './tokens.ts'
import { call, expectNotFound, publishFixture } from './helpers.ts'

beforeAll(publishFixture)

async function expectRedirect(path: string, location: string, init?: RequestInit) {
  const response = await call(path, { ...init, redirect: 'manual' })
  expect(response.status, path).toBe(308)
  expect(response.headers.get('Location')).toBe(location)
  expect(response.headers.get('Cache-Control')).toBeTruthy()
  return response
}

describe('moved pages answer 308 with the new URL', () => {
  it('follows redirectFrom in front matter', async () => {
    await expectRedirect('/v1/documents/guides/shipping', '/v1/documents/guides/deploy')
  })

  it('follows redirects listed in site.yml', async () => {
    await expectRedirect('/v1/documents/guides/setup', '/v1/documents/guides/install')
  })

  it('collapses chains to the final page in one hop', async () => {
    await expectRedirect('/v1/documents/guides/very-old-shipping', '/v1/documents/guides/deploy')
  })

  it('keeps the query string and the .md suffix', async () => {
    await expectRedirect('/v1/documents/guides/setup?locale=fr', '/v1/documents/guides/install?locale=fr')
    await expectRedirect('/v1/documents/guides/shipping.md?locale=fr&x=1', '/v1/documents/guides/deploy.md?locale=fr&x=1')
  })

  it('hides a redirect to a draft from readers without the drafts scope', async () => {
    await expectNotFound(await call('/v1/documents/guides/old-plans'))
    const response = await expectRedirect('/v1/documents/guides/old-plans', '/v1/documents/guides/secret-plans', { headers: bearer(await draftsToken()) })
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('shows only the new slugs in navigation', async () => {
    const text = await (await call('/v1/navigation')).text()
    expect(text).not.toContain('guides/shipping')
    expect(text).not.toContain('guides/setup')
  })
})
