import { beforeAll, describe, expect, it } from 'vitest'
import type { SearchHit, SearchResults } from '../../search/results.ts'
import { call, publishFixture, readJson, searchCall } from './helpers.ts'

beforeAll(publishFixture)

async function search(body: Record<string, unknown>): Promise<SearchResults> {
  const response = await searchCall(body)
  expect(response.status).toBe(200)
  return readJson<SearchResults>(response)
}
const slugs = (hits: SearchHit[]) => hits.map((hit) => hit.slug)
const countBy = (values: string[]) => {
  const counts: Record<string, number> = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
}

describe('filters', () => {
  it('keeps only results in the listed sections', async () => {
    const { results } = await search({ query: 'the', filters: { sections: ['guides'] }, limit: 50 })
    expect(results.length).toBeGreaterThan(0)
    expect(results.every((hit) => hit.section === 'guides')).toBe(true)
  })

  it('keeps only results with one of the listed tags, and gives each result its tags', async () => {
    const { results } = await search({ query: 'the', filters: { tags: ['cli'] }, limit: 50 })
    expect(slugs(results).sort()).toEqual(['guides/deploy', 'guides/install'])
    expect(results.find((hit) => hit.slug === 'guides/install')?.tags).toEqual(['setup', 'cli'])
  })

  it('combines section and tag filters', async () => {
    const { results } = await search({ query: 'the', filters: { sections: ['ranking'], tags: ['cli'] } })
    expect(results).toEqual([])
  })

  it('refuses more than 20 names, or names over 64 characters, with pointers', async () => {
    const response = await searchCall({ query: 'x', filters: { sections: Array.from({ length: 21 }, (_, n) => `s${n}`), tags: ['t'.repeat(65)] } })
    expect(response.status).toBe(422)
    const pointers = (await readJson<{ errors: Array<{ pointer: string }> }>(response)).errors.map((error) => error.pointer)
    expect(pointers).toEqual(expect.arrayContaining(['/filters/sections', '/filters/tags/0']))
  })
})

describe('facets', () => {
  it('count sections and tags over every match, before limit', async () => {
    const all = await search({ query: 'the', limit: 50 })
    const one = await search({ query: 'the', limit: 1 })
    expect(one.results).toHaveLength(1)
    expect(one.facets).toEqual(all.facets)
    expect(all.facets.sections).toEqual(countBy(all.results.filter((hit) => hit.slug !== 'index').map((hit) => hit.section)))
    expect(all.facets.tags).toEqual(countBy(all.results.flatMap((hit) => hit.tags)))
  })

  it("leave out the home page's section, which no reader narrows to, while the home page stays a result", async () => {
    const { results, facets } = await search({ query: 'fixture', limit: 50 })
    expect(slugs(results)).toContain('index')
    expect(Object.keys(facets.sections)).not.toContain('index')
  })

  it('count within the filters', async () => {
    const { facets } = await search({ query: 'the', filters: { tags: ['cli'] } })
    expect(facets.sections).toEqual({ guides: 2 })
    expect(facets.tags).toEqual({ cli: 2, setup: 1, operations: 1 })
  })
})

describe('synonyms from site.yml', () => {
  it('find a document by a synonym of the word it uses, as if the word itself was typed', async () => {
    expect(slugs((await search({ query: 'k8s' })).results)).toEqual(['reference/glossary'])
    expect(slugs((await search({ query: 'kubernetes' })).results)).toEqual(['reference/glossary'])
  })

  it('rank a synonym match like the word itself', async () => {
    const [bySynonym] = (await search({ query: 'k8s' })).results
    const [byWord] = (await search({ query: 'kubernetes' })).results
    expect(bySynonym?.score).toBe(byWord?.score)
    expect(bySynonym?.excerpt).toContain('<mark>Kubernetes</mark>')
  })
})

describe('explain', () => {
  it('adds to each result the terms it matched, where, how, and what each added', async () => {
    const { results } = await search({ query: 'marnoset cage', explain: true })
    const enclosures = results.find((hit) => hit.slug === 'ranking/enclosures')
    expect(enclosures?.explain?.contributions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ query: 'marnoset', term: 'marmoset', kind: 'typo', field: 'heading' }),
        expect.objectContaining({ query: 'cage', term: 'cages', kind: 'prefix', field: 'text' }),
      ]),
    )
    expect((await search({ query: 'k8s', explain: true })).results[0]?.explain?.contributions).toEqual(
      expect.arrayContaining([expect.objectContaining({ query: 'k8s', term: 'kubernetes', kind: 'synonym' })]),
    )
  })

  it('adds up to the score', async () => {
    const { results } = await search({ query: 'deploy search', sectionBoost: ['api'], explain: true, limit: 5 })
    for (const hit of results) {
      const explain = hit.explain as NonNullable<SearchHit['explain']>
      expect((explain.best + explain.otherRecordsWeight * explain.others) * explain.sectionBoost).toBeCloseTo(hit.score, 2)
    }
    expect(results.find((hit) => hit.section === 'api')?.explain?.sectionBoost).toBe(2)
  })

  it('is left out unless asked for', async () => {
    const { results } = await search({ query: 'deploy' })
    expect(results[0]).not.toHaveProperty('explain')
  })
})

describe('the OpenAPI document', () => {
  it('describes filters, explain and facets', async () => {
    const doc = await readJson(await call('/v1/openapi.json'))
    const searchRequest = doc.paths['/v1/search'].post.requestBody.content['application/json'].schema
    expect(Object.keys(searchRequest.properties)).toEqual(expect.arrayContaining(['filters', 'explain']))
  })
})
