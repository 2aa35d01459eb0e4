import { beforeAll, describe, expect, it } from 'vitest'
import type { SearchHit } from '../../search/results.ts'
import { bearer, draftsToken } from './tokens.ts'
import { publishFixture, readJson, searchCall } from './helpers.ts'

beforeAll(publishFixture)

async function search(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<SearchHit[]> {
  const response = await searchCall(body, headers)
  expect(response.status).toBe(200)
  return (await readJson<{ results: SearchHit[] }>(response)).results
}
const slugs = (hits: SearchHit[]) => hits.map((hit) => hit.slug)

describe('POST /v1/search ranking', () => {
  // "marmoset" is the title of one fixture doc, a heading of another and body text of a third.
  it('ranks a title match above a heading match above a body match', async () => {
    expect(slugs(await search({ query: 'marmoset' }))).toEqual(['ranking/marmoset-handbook', 'ranking/enclosures', 'ranking/feeding'])
  })

  it('matches every term by prefix', async () => {
    expect(slugs(await search({ query: 'instal' }))).toEqual(['guides/install'])
    expect(slugs(await search({ query: 'marmo' }))).toEqual(['ranking/marmoset-handbook', 'ranking/enclosures', 'ranking/feeding'])
  })

  it('requires every term to match when some document has them all', async () => {
    expect(slugs(await search({ query: 'marmoset fruit' }))).toEqual(['ranking/feeding'])
  })

  it('still finds a word of five letters or more with a one-letter typo', async () => {
    expect(slugs(await search({ query: 'marnoset' }))).toEqual(['ranking/marmoset-handbook', 'ranking/enclosures', 'ranking/feeding'])
    expect(slugs(await search({ query: 'xylophome' }))).toEqual(['guides/deploy'])
  })

  it('moves a boosted section above a result that ranks first without the boost', async () => {
    expect(slugs(await search({ query: 'deploying' }))).toEqual(['guides/deploy', 'api/search'])
    expect(slugs(await search({ query: 'deploying', sectionBoost: ['api'] }))).toEqual(['api/search', 'guides/deploy'])
  })

  it('returns numeric scores in descending order', async () => {
    const hits = await search({ query: 'marmoset' })
    const scores = hits.map((hit) => hit.score)
    expect(scores.every((score) => typeof score === 'number' && score > 0)).toBe(true)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it('returns one hit per document, at most limit of them', async () => {
    const all = await search({ query: 'marmoset' })
    expect(new Set(slugs(all)).size).toBe(all.length)
    expect(slugs(await search({ query: 'marmoset', limit: 2 }))).toEqual(slugs(all).slice(0, 2))
    expect(await search({ query: 'marmoset', limit: 1 })).toHaveLength(1)
  })
})

describe('POST /v1/search results', () => {
  it('points a heading-section hit at its heading, with the match marked in the excerpt', async () => {
    const [hit, ...rest] = await search({ query: 'terminal' })
    expect(rest).toEqual([])
    expect(hit).toEqual({
      slug: 'guides/install',
      title: 'Installing the service',
      section: 'guides',
      tags: ['setup', 'cli'],
      heading: { id: 'requirements', text: 'Requirements' },
      url: '/docs/guides/install#requirements',
      excerpt: 'You need a <mark>terminal</mark> and a supported runtime.',
      score: expect.any(Number),
      locale: 'en',
      operation: null,
    })
  })

  it('gives a hit on the title alone no heading and a url without an anchor', async () => {
    const [hit] = await search({ query: 'installing' })
    expect(hit).toMatchObject({ slug: 'guides/install', heading: null, url: '/docs/guides/install' })
  })

  it('ends the url with #<heading id> whenever a heading is set', async () => {
    for (const query of ['marmoset', 'deploying', 'rollback', 'requirements', 'wrangler']) {
      for (const hit of await search({ query })) {
        if (hit.heading) expect(hit.url).toBe(`/docs/${hit.slug}#${hit.heading.id}`)
        else expect(hit.url).toBe(`/docs/${hit.slug}`)
      }
    }
  })

  it('marks prefix and typo matches in the excerpt with the indexed word', async () => {
    expect((await search({ query: 'instal' }))[0]?.excerpt).toBe('Run the <mark>installer</mark> once on every machine, then read the next step.')
    const feeding = (await search({ query: 'marnoset' })).find((hit) => hit.slug === 'ranking/feeding')
    expect(feeding?.excerpt).toBe('Every <mark>marmoset</mark> eats fruit and insects.')
  })

  it('answers no-store, with Content-Language and Vary', async () => {
    const response = await searchCall({ query: 'install' }, { 'Accept-Language': 'fr' })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Content-Language')).toBe('fr')
    expect(response.headers.get('Vary')?.split(/\s*,\s*/)).toEqual(['Accept-Language', 'Authorization'])
  })

  it('answers an empty list when nothing matches', async () => {
    expect(await search({ query: 'quetzalcoatl' })).toEqual([])
  })
})

describe('POST /v1/search locales and drafts', () => {
  it('finds the French document for a French word with locale fr', async () => {
    const [hit, ...rest] = await search({ query: 'installateur', locale: 'fr' })
    expect(rest).toEqual([])
    expect(hit).toMatchObject({ slug: 'guides/installation', title: 'Installer le service', locale: 'fr', url: '/docs/fr/guides/installation' })
  })

  it('finds an untranslated document in its default-locale version with locale fr', async () => {
    const [hit, ...rest] = await search({ query: 'xylophone', locale: 'fr' })
    expect(rest).toEqual([])
    expect(hit).toMatchObject({ slug: 'guides/deploy', title: 'Deploying', locale: 'en', url: '/docs/guides/deploy#rollback' })
  })

  it('negotiates the locale from Accept-Language like documents do', async () => {
    const response = await searchCall({ query: 'installateur' }, { 'Accept-Language': 'fr-CA' })
    expect(slugs((await readJson<{ results: SearchHit[] }>(response)).results)).toEqual(['guides/installation'])
    expect(await search({ query: 'installateur' })).toEqual([])
  })

  it('never returns a draft without a drafts:read token', async () => {
    expect(await search({ query: 'zeppelin' })).toEqual([])
    expect(await search({ query: 'zeppelin', locale: 'fr' })).toEqual([])
  })

  it('returns the draft with a drafts:read token', async () => {
    const hits = await search({ query: 'zeppelin' }, bearer(await draftsToken()))
    expect(slugs(hits)).toEqual(['guides/secret-plans'])
    expect(hits[0]).toMatchObject({ title: 'Secret plans', section: 'guides', locale: 'en' })
  })
})
