import { describe, expect, it } from 'vitest'
import { documentCounts, routeShards } from '../../build/pipeline/routes.ts'
import { ROUTES_PER_SHARD, RouteShardSchema, SCHEMA_VERSION, shardCount, shardOf, type VariantEntry } from '../../contract/index.ts'

// Build and worker find a slug's shard with the same function; these pin it,
// so that a change to it is a format change (and a SCHEMA_VERSION bump).
// test/worker/routes.test.ts checks the same vectors in workerd.
const FNV_VECTORS: Array<[string, number]> = [
  ['', 0x811c9dc5],
  ['a', 0xe40c292c],
  ['foobar', 0xbf9cf968],
  ['guides/install', 0x2a6ea4e0],
  ['démarrer/é', 0xb40bc55f],
]

const entry = (blob: string, locale: string, draft = false): VariantEntry => ({ blob: blob.repeat(32), markdown: blob.repeat(32), locale, title: `Page ${blob}`, draft })

describe('shardOf', () => {
  it('is FNV-1a over the UTF-8 bytes of the slug', () => {
    for (const [slug, hash] of FNV_VECTORS) expect(shardOf(slug, 2 ** 32), slug).toBe(hash)
  })

  it('puts a slug and the same slug with .md in one shard, so a Markdown URL reads one shard', () => {
    for (const count of [2, 8, 256]) expect(shardOf('guides/install.md', count)).toBe(shardOf('guides/install', count))
  })

  it('always answers 0 with one shard', () => {
    expect(shardOf('anything', 1)).toBe(0)
  })
})

describe('shardCount', () => {
  it('is the smallest power of two that keeps shards at 64 routes or under on average, at least 1', () => {
    expect(ROUTES_PER_SHARD).toBe(64)
    expect([0, 1, 64, 65, 128, 129, 10_000, 16_384, 16_385].map(shardCount)).toEqual([1, 1, 1, 2, 2, 4, 256, 256, 512])
  })
})

describe('routeShards', () => {
  const pages = Array.from({ length: 150 }, (_, n) => ({ slug: `p/${n}`, docId: `p/${n}`, locale: 'en', frameworkId: `p/${n}` }))
  const documents = { en: Object.fromEntries(pages.map((page) => [page.docId, entry('a', 'en')])) }

  it('spreads slugs and redirects over shards as shardOf says, every one exactly once', () => {
    const redirects = { 'old/1': 'p/1', 'old/2': 'p/2' }
    const shards = routeShards({ pages, documents, redirects, defaultLocale: 'en' })
    expect(shards).toHaveLength(shardCount(152))
    for (const [position, shard] of shards.entries()) {
      expect(RouteShardSchema.parse(shard).schemaVersion).toBe(SCHEMA_VERSION)
      for (const slug of [...Object.keys(shard.slugs), ...Object.keys(shard.redirects)]) expect(shardOf(slug, shards.length)).toBe(position)
    }
    expect(shards.flatMap((shard) => Object.keys(shard.slugs)).sort()).toEqual(pages.map((page) => page.slug).sort())
    expect(Object.assign({}, ...shards.map((shard) => shard.redirects))).toEqual(redirects)
  })

  it('makes the same bytes whatever order the pages come in', () => {
    const forward = JSON.stringify(routeShards({ pages, documents, redirects: {}, defaultLocale: 'en' }))
    expect(JSON.stringify(routeShards({ pages: [...pages].reverse(), documents, redirects: {}, defaultLocale: 'en' }))).toBe(forward)
  })

  it('gives a localized slug its locale, and every variant the slug of the text it serves', () => {
    const [shard] = routeShards({
      pages: [
        { slug: 'start', docId: 'start', locale: 'en', frameworkId: 'start' },
        { slug: 'demarrer', docId: 'start', locale: 'fr', frameworkId: 'start' },
        { slug: 'guide', docId: 'guide', locale: 'en', frameworkId: 'guide' },
      ],
      documents: { en: { start: entry('a', 'en'), guide: entry('b', 'en') }, fr: { start: entry('c', 'fr'), guide: entry('d', 'en') } },
      redirects: {},
      defaultLocale: 'en',
    })
    expect(shard?.slugs.demarrer).toMatchObject({ docId: 'start', locale: 'fr', variants: { en: { slug: 'start' }, fr: { slug: 'demarrer' } } })
    expect(shard?.slugs.start).not.toHaveProperty('locale')
    expect(shard?.slugs.guide?.variants.fr).toMatchObject({ locale: 'en', slug: 'guide' })
  })
})

describe('routeShards and Docusaurus ids', () => {
  const pages = [
    { slug: 'api/timer-mocks', docId: 'api/TimerMocks', locale: 'en', frameworkId: 'api/timer-mocks' },
    { slug: 'api/clock', docId: 'api/Clock', locale: 'en', frameworkId: 'api/timer-mocks' },
    { slug: 'api/timers', docId: 'api/Timers', locale: 'en', frameworkId: 'api/fake-timers' },
    { slug: 'api/minuteries', docId: 'api/Timers', locale: 'fr', frameworkId: 'api/minuteries' },
    { slug: 'guides', docId: 'guides', locale: 'en', frameworkId: 'guides/index' },
  ]
  const documents = { en: Object.fromEntries(pages.map((page) => [page.docId, entry('a', 'en')])) }
  const [shard] = routeShards({ pages, documents, redirects: {}, defaultLocale: 'en' })

  it('maps each default-locale id that is not its slug to that slug; of two pages claiming one id, the one whose slug it is keeps it', () => {
    expect(shard?.ids).toEqual({ 'api/fake-timers': 'api/timers', 'guides/index': 'guides' })
  })

  it('names the id on every slug of the document that holds it, and on no page whose id is its slug', () => {
    expect(shard?.slugs['api/timers']).toMatchObject({ frameworkId: 'api/fake-timers' })
    expect(shard?.slugs['api/minuteries']).toMatchObject({ frameworkId: 'api/fake-timers' })
    expect(shard?.slugs.guides).toMatchObject({ frameworkId: 'guides/index' })
    expect(shard?.slugs['api/timer-mocks']).not.toHaveProperty('frameworkId')
    expect(shard?.slugs['api/clock']).not.toHaveProperty('frameworkId')
  })
})

describe('documentCounts', () => {
  it('counts, per locale, the published documents written in it: no fallbacks, no drafts', () => {
    const counts = documentCounts({
      en: { a: entry('a', 'en'), b: entry('b', 'en'), c: entry('c', 'en', true) },
      fr: { a: entry('d', 'fr'), b: entry('b', 'en'), c: entry('e', 'fr', true) },
    })
    expect(counts).toEqual({ en: 2, fr: 1 })
  })
})
