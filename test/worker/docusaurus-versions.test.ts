import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { DocumentResponse } from '../../contract/index.ts'
import { publishBuild } from '../../publish/publish.ts'
import { call, clearKv, kvTarget, readJson, sourceOf } from './helpers.ts'
import { collect, page } from './preview-helpers.ts'

// test/fixtures/docusaurus-versions: 2.x in docs/, 1.x in versioned_docs/version-1.x, whose
// 1.x tables were kept from a build made before 2.x gained its counters page.
const documentOf = async (path: string) => {
  const response = await call(path)
  expect(response.status, path).toBe(200)
  return readJson<DocumentResponse>(response)
}
const versionsOf = async (path: string) => {
  const { versions, canonical } = await documentOf(path)
  return { versions, canonical }
}

beforeAll(async () => {
  await clearKv()
  await publishBuild(kvTarget(), sourceOf(inject('docusaurusVersionsSite')))
})

describe('the same page across Docusaurus versions', () => {
  it('finds a page that keeps its file and `id:` in every version, though its slug is not its path', async () => {
    expect(await versionsOf('/v1/documents/api/timer-mocks')).toEqual({
      versions: [{ version: '1.x', slug: 'api/timer-mocks', url: '/1.x/api/timer-mocks' }],
      canonical: '/api/timer-mocks',
    })
    expect(await versionsOf('/v1/documents/api/timer-mocks?version=1.x')).toEqual({
      versions: [{ version: '2.x', slug: 'api/timer-mocks', url: '/api/timer-mocks' }],
      canonical: '/api/timer-mocks',
    })
  })

  it('finds a page by its `id:` where its file and slug changed between versions, from a version kept by an earlier build too', async () => {
    expect(await versionsOf('/v1/documents/api/counting')).toEqual({
      versions: [{ version: '1.x', slug: 'api/counters', url: '/1.x/api/counters' }],
      canonical: '/api/counting',
    })
    expect(await versionsOf('/v1/documents/api/counters?version=1.x')).toEqual({
      versions: [{ version: '2.x', slug: 'api/counting', url: '/api/counting' }],
      canonical: '/api/counting',
    })
  })

  it('follows a page renamed with a new id to its old slug, and the old page through the redirect to the new one', async () => {
    expect(await versionsOf('/v1/documents/guides/installation')).toEqual({
      versions: [{ version: '1.x', slug: 'guides/setup', url: '/1.x/guides/setup' }],
      canonical: '/guides/installation',
    })
    expect(await versionsOf('/v1/documents/guides/setup?version=1.x')).toEqual({
      versions: [{ version: '2.x', slug: 'guides/installation', url: '/guides/installation' }],
      canonical: '/guides/installation',
    })
  })

  it('gives a page that only the old version has no other versions and no canonical URL', async () => {
    expect(await versionsOf('/v1/documents/legacy-hooks?version=1.x')).toEqual({ versions: [], canonical: null })
  })

  it("leads the preview's version switcher to the same page in the other version, not to that version's home", async () => {
    const switcher = async (path: string) => collect((await page(path)).html, 'nav.versions a', 'href')
    expect(await switcher('/api/counting')).toEqual(['/api/counting', '/1.x/api/counters'])
    expect(await switcher('/1.x/api/timer-mocks')).toEqual(['/api/timer-mocks', '/1.x/api/timer-mocks'])
  })

  it('never serves a Docusaurus id that is not a slug as a document of its own', async () => {
    expect((await call('/v1/documents/api/counters')).status).toBe(404)
  })
})
