import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { renderDocument } from '../../build/markdown/render.ts'
import { SCHEMA_VERSION, SearchIndexBlobSchema, SearchShardSchema } from '../../contract/index.ts'
import { encodeSearchIndex } from '../../search/codec.ts'
import type { SearchEngine } from '../../search/engine.ts'
import { SearchIndexError } from '../../search/errors.ts'
import type { IndexedDocument } from '../../search/index-data.ts'
import { indexDocuments } from '../../search/indexer.ts'
import type { SearchHit } from '../../search/results.ts'
import { buildFolder, doc, readBlobFile, removeTempDirs, SITE_EN_FR, versionOf } from '../shared/build-helpers.ts'
import { chunkReader, encodedValues, loadEngine, type ReadJson } from '../shared/search-helpers.ts'

afterAll(removeTempDirs)

interface Page {
  path: string
  title: string
  draft?: boolean
  body: string
}

// In sorted path order, as the build reads them.
const EN: Page[] = [
  { path: 'docs/en/guides/body.md', title: 'Traffic lights', body: 'Cars stop at red. A zebra may wait nearby.\n\n## Timing\n\nGreen lasts thirty seconds.\n' },
  { path: 'docs/en/guides/heading.md', title: 'Road signs', body: 'Signs tell drivers what to do.\n\n## Zebra markings\n\nStripes on the road.\n' },
  { path: 'docs/en/guides/zebra.md', title: 'Zebra crossings', body: 'Where pedestrians cross.\n\n## Rules\n\nLook both ways.\n' },
  { path: 'docs/en/reference/deep.md', title: 'Deep page', body: 'Intro words.\n\n## Section\n\nThe word xylophonist appears only here.\n' },
  { path: 'docs/en/reference/secret.md', title: 'Secret plans', draft: true, body: 'Unreleased quokka feature.\n' },
]
const FR: Page[] = [{ path: 'docs/fr/guides/zebra.md', title: 'Passages piétons', body: 'Là où les piétons traversent.\n' }]

const fileOf = (page: Page) => doc(`title: ${page.title}${page.draft ? '\ndraft: true' : ''}`, page.body)

/** The documents one locale's index holds, built here without the pipeline. */
function indexedDocuments(pages: Page[], locale: string): IndexedDocument[] {
  return pages.map((page) => {
    const docId = page.path.replace(/^docs\/[^/]+\//, '').replace(/\.md$/, '')
    return {
      docId,
      slug: docId,
      locale,
      section: docId.split('/')[0] ?? docId,
      title: page.title,
      draft: page.draft ?? false,
      tags: [],
      sections: renderDocument({ path: page.path, body: page.body, bodyLine: 1 }, { urls: {}, markdownUrls: {} }).sections,
    }
  })
}

const QUERIES = ['zebra', 'xylophonist', 'road', 'traf', 'pedestrians cross', 'quokka', 'stripes road', 'xylophonst']
const SITE = { title: 't', description: null, defaultLocale: 'en', locales: ['en', 'fr'], baseUrl: '/', sections: [] }

/** The build's blobs, as the worker's store reads them. */
const readBlob: ReadJson = (hash) => readBlobFile(outDir, hash)

let result: BuildResult
let outDir: string
let blobText: Record<string, string>
let indexes: Record<string, SearchEngine>

async function search(locale: string, query: string, canReadDrafts = false): Promise<SearchHit[]> {
  const engine = indexes[locale] as SearchEngine
  const { results } = await engine.search(SITE, { query, limit: 10, sectionBoost: [], canReadDrafts }, chunkReader(engine, readBlob))
  return results
}
const slugs = (hits: SearchHit[]) => hits.map((hit) => hit.slug)

beforeAll(async () => {
  const files = Object.fromEntries([...EN, ...FR].map((page) => [page.path, fileOf(page)]))
  ;({ result, outDir } = await buildFolder({ 'site.yml': SITE_EN_FR, ...files }))
  blobText = {}
  indexes = {}
  for (const locale of ['en', 'fr']) {
    blobText[locale] = await readBlobFile(outDir, versionOf(result).search[locale] as string)
    indexes[locale] = await loadEngine(blobText[locale], readBlob)
  }
})

describe('search index blobs', () => {
  it('stores one index per locale, tagged with its locale and the format version', () => {
    expect(Object.keys(versionOf(result).search)).toEqual(['en', 'fr'])
    for (const locale of ['en', 'fr']) {
      expect(JSON.parse(blobText[locale] as string)).toMatchObject({ locale, schemaVersion: SCHEMA_VERSION })
    }
  })

  it('loads back into an index that answers exactly like one built in-process from the same documents', async () => {
    const built = encodeSearchIndex(indexDocuments('en', indexedDocuments(EN, 'en')), contentHash)
    const fresh = await loadEngine(built.index, encodedValues(built))
    expect((await fresh.whole()).terms).toEqual((await indexes.en?.whole())?.terms)
    for (const query of QUERIES) {
      const options = { query, limit: 10, sectionBoost: [], canReadDrafts: true }
      const { results: expected } = await fresh.search(SITE, options, chunkReader(fresh, encodedValues(built)))
      expect(expected.length, query).toBeGreaterThan(0)
      expect(await search('en', query, true), query).toEqual(expected)
    }
  })

  it('refuses an index of another schema version, or without one', () => {
    const stored = JSON.parse(blobText.en as string) as Record<string, unknown>
    expect(SearchIndexBlobSchema.safeParse({ ...stored, schemaVersion: SCHEMA_VERSION - 1 }).success).toBe(false)
    const { schemaVersion: _dropped, ...missing } = stored
    expect(SearchIndexBlobSchema.safeParse(missing).success).toBe(false)
  })

  it('refuses an index whose posting bytes disagree with its list lengths', async () => {
    const stored = SearchIndexBlobSchema.parse(JSON.parse(blobText.en as string))
    const first = stored.shards[0]?.hash as string
    const shard = SearchShardSchema.parse(JSON.parse(await readBlob(first)))
    const truncated = JSON.stringify({ ...shard, textPostings: btoa(atob(shard.textPostings).slice(0, -1)) })
    const engine = await loadEngine(blobText.en as string, (hash) => (hash === first ? truncated : readBlob(hash)))
    await expect(engine.whole()).rejects.toThrow(SearchIndexError)
  })
})

describe('searching the index', () => {
  it('points a body match at the heading of its section', async () => {
    const hits = await search('en', 'xylophonist')
    expect(hits).toHaveLength(1)
    expect(hits[0]).toMatchObject({ slug: 'reference/deep', title: 'Deep page', heading: { id: 'section', text: 'Section' }, url: '/reference/deep#section' })
    expect(hits[0]?.excerpt).toContain('<mark>xylophonist</mark>')
  })

  it('keeps drafts out unless the reader may see them', async () => {
    expect(await search('en', 'quokka')).toEqual([])
    expect(slugs(await search('en', 'quokka', true))).toEqual(['reference/secret'])
  })

  it('holds the default-locale version of untranslated documents in another locale’s index', async () => {
    expect(await search('fr', 'traffic')).toMatchObject([{ slug: 'guides/body', locale: 'en', url: '/guides/body' }])
    expect(await search('fr', 'piétons')).toMatchObject([{ slug: 'guides/zebra', locale: 'fr', url: '/fr/guides/zebra' }])
  })

  it('ranks a title match above a heading match above a body match', async () => {
    expect(slugs(await search('en', 'zebra'))).toEqual(['guides/zebra', 'guides/heading', 'guides/body'])
  })

  it('matches query terms by prefix and forgives a small typo in longer words', async () => {
    expect(slugs(await search('en', 'xylo'))).toEqual(['reference/deep'])
    expect(slugs(await search('en', 'xylophonst'))).toEqual(['reference/deep'])
  })

  it('requires every term when some document has them all', async () => {
    expect(slugs(await search('en', 'stripes road'))).toEqual(['guides/heading'])
  })
})
