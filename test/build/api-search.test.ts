import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import type { SearchHit } from '../../search/results.ts'
import { buildDir, removeTempDirs, versionOf } from '../shared/build-helpers.ts'
import { chunkReader, loadEngine } from '../shared/search-helpers.ts'

afterAll(removeTempDirs)

// An API reference as Docusaurus and Hono sites write one: dozens of headings
// starting with the same object (`jest.`, `app.`, `c.req.`), and guides that
// name the same identifiers in running text.
let result: BuildResult
beforeAll(async () => {
  ;({ result } = await buildDir('test/fixtures/api-search'))
})

async function search(query: string): Promise<SearchHit[]> {
  const blob = (hash: string) => result.blobs.get(hash) as string
  const engine = await loadEngine(blob(versionOf(result).search.en as string), blob)
  return (await engine.search(result.manifest.site, { query, limit: 10, sectionBoost: [], canReadDrafts: false }, chunkReader(engine, blob))).results
}

describe('search for identifiers with dots', () => {
  it.each([
    ['jest.mock', 'jest-object', 'jest.mock(moduleName, factory, options)'],
    ['jest.fn', 'jest-object', 'jest.fn(implementation?)'],
    ['jest.useFakeTimers', 'jest-object', 'jest.useFakeTimers(fakeTimersConfig?)'],
    ['jest.requireActual', 'jest-object', 'jest.requireActual(moduleName)'],
    ['app.get', 'hono-routing', 'app.get(path, handler)'],
    ['c.req.param', 'hono-context', 'c.req.param(key?)'],
  ])('ranks the heading holding %s first, on its reference page', async (query, slug, heading) => {
    const [first] = await search(query)
    expect(first).toMatchObject({ slug, heading: { text: heading } })
  })

  it('finds the identifier by one of its parts', async () => {
    const hits = await search('useFakeTimers')
    expect(hits[0]).toMatchObject({ slug: 'jest-object', heading: { text: 'jest.useFakeTimers(fakeTimersConfig?)' } })
    expect(hits.map((hit) => hit.slug)).toContain('timer-mocks')
  })

  it('still lists the guides that name the identifier in their text', async () => {
    const slugs = (await search('jest.mock')).map((hit) => hit.slug)
    expect(slugs).toEqual(expect.arrayContaining(['mock-functions', 'manual-mocks', 'es6-class-mocks']))
  })

  it('finds the reference page of an identifier while it is being typed', async () => {
    expect((await search('jest.useFake'))[0]?.slug).toBe('jest-object')
    expect((await search('c.req.pa'))[0]?.slug).toBe('hono-context')
  })
})
