import MiniSearch, { type SearchResult } from 'minisearch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import { renderDocument } from '../../build/render.ts'
import { toSearchRecords, type IndexedDocument } from '../../build/search-index.ts'
import {
  createSearchIndex,
  IndexMismatchError,
  loadSearchIndex,
  SEARCH_OPTIONS,
  SEARCH_OPTIONS_FINGERPRINT,
  type SearchRecord,
} from '../../worker/contract.ts'
import { buildFolder, doc, readBlobFile, removeTempDirs, SITE_EN_FR } from './helpers.ts'

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
      sections: renderDocument({ path: page.path, body: page.body, bodyLine: 1 }, {}).sections,
    }
  })
}

const QUERIES = ['zebra', 'xylophonist', 'road', 'traf', 'pedestrians cross', 'quokka', 'stripes road']
const summary = (results: SearchResult[]) => results.map(({ id, score, docId, headingId }) => ({ id, score, docId, headingId }))
const search = (index: MiniSearch<SearchRecord>, query: string) => index.search(query, SEARCH_OPTIONS.searchOptions)
const docOrder = (results: SearchResult[]) => [...new Set(results.map((result) => result.docId as string))]

let result: BuildResult
let outDir: string
let blobText: Record<string, string>
let indexes: Record<string, MiniSearch<SearchRecord>>

beforeAll(async () => {
  const files = Object.fromEntries([...EN, ...FR].map((page) => [page.path, fileOf(page)]))
  ;({ result, outDir } = await buildFolder({ 'site.yml': SITE_EN_FR, ...files }))
  blobText = {}
  indexes = {}
  for (const locale of ['en', 'fr']) {
    blobText[locale] = await readBlobFile(outDir, result.manifest.search[locale] as string)
    indexes[locale] = loadSearchIndex(blobText[locale])
  }
})

describe('search index blobs', () => {
  it('stores one index per locale, tagged with its locale and the options fingerprint', () => {
    expect(Object.keys(result.manifest.search)).toEqual(['en', 'fr'])
    for (const locale of ['en', 'fr']) {
      expect(JSON.parse(blobText[locale] as string)).toMatchObject({ locale, fingerprint: SEARCH_OPTIONS_FINGERPRINT })
    }
  })

  it('loads back into an index that answers exactly like one built in-process from the same records', () => {
    const fresh = createSearchIndex()
    fresh.addAll(toSearchRecords(indexedDocuments(EN, 'en')))
    const loaded = indexes.en as MiniSearch<SearchRecord>
    expect(loaded.documentCount).toBe(fresh.documentCount)
    for (const query of QUERIES) {
      const expected = summary(search(fresh, query))
      expect(expected.length, query).toBeGreaterThan(0)
      expect(summary(search(loaded, query)), query).toEqual(expected)
    }
  })

  it('refuses an index whose options fingerprint does not match', () => {
    const tampered = { ...(JSON.parse(blobText.en as string) as object), fingerprint: 'stale|options' }
    expect(() => loadSearchIndex(JSON.stringify(tampered))).toThrow(IndexMismatchError)
    const { fingerprint: _dropped, ...missing } = JSON.parse(blobText.en as string) as Record<string, unknown>
    expect(() => loadSearchIndex(JSON.stringify(missing))).toThrow(IndexMismatchError)
  })
})

describe('search records', () => {
  const all = (locale: string) => search(indexes[locale] as MiniSearch<SearchRecord>, MiniSearch.wildcard as unknown as string)

  it('has one record per heading section, pointing at the heading id', () => {
    const deep = all('en').filter((record) => record.docId === 'reference/deep')
    expect(deep.map((record) => [record.heading, record.headingId]).sort()).toEqual([
      ['', null],
      ['Section', 'section'],
    ])
  })

  it('marks the records of drafts', () => {
    const drafts = new Set(all('en').filter((record) => record.draft).map((record) => record.docId))
    expect(drafts).toEqual(new Set(['reference/secret']))
    expect(search(indexes.en as MiniSearch<SearchRecord>, 'quokka')[0]).toMatchObject({ docId: 'reference/secret', draft: true })
  })

  it('holds the default-locale records of untranslated documents in another locale’s index', () => {
    const locales = Object.fromEntries(all('fr').map((record) => [record.docId, record.locale]))
    expect(locales).toEqual({
      'guides/body': 'en',
      'guides/heading': 'en',
      'guides/zebra': 'fr',
      'reference/deep': 'en',
      'reference/secret': 'en',
    })
    expect(search(indexes.fr as MiniSearch<SearchRecord>, 'traffic')[0]).toMatchObject({ docId: 'guides/body', locale: 'en' })
    expect(search(indexes.fr as MiniSearch<SearchRecord>, 'piétons')[0]).toMatchObject({ docId: 'guides/zebra', locale: 'fr' })
  })

  it('finds a word that appears only in the body of a section', () => {
    const hits = search(indexes.en as MiniSearch<SearchRecord>, 'xylophonist')
    expect(hits).toHaveLength(1)
    expect(hits[0]).toMatchObject({ docId: 'reference/deep', headingId: 'section', title: 'Deep page', heading: 'Section' })
  })

  it('ranks a title match above a heading match above a body match', () => {
    expect(docOrder(search(indexes.en as MiniSearch<SearchRecord>, 'zebra'))).toEqual(['guides/zebra', 'guides/heading', 'guides/body'])
  })

  it('matches query terms by prefix and forgives a small typo in longer words', () => {
    expect(docOrder(search(indexes.en as MiniSearch<SearchRecord>, 'xylo'))).toEqual(['reference/deep'])
    expect(docOrder(search(indexes.en as MiniSearch<SearchRecord>, 'xylophonst'))).toEqual(['reference/deep'])
  })
})
