import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import type { SearchHit } from '../../search/results.ts'
import { buildDir, removeTempDirs, versionOf } from '../shared/build-helpers.ts'
import { chunkReader, loadEngine } from '../shared/search-helpers.ts'

afterAll(removeTempDirs)

// Chinese, Japanese and Korean are written without spaces between words (or,
// in Korean, with particles attached): words must be found inside running text.
let result: BuildResult
beforeAll(async () => {
  ;({ result } = await buildDir('test/fixtures/cjk'))
})

async function search(locale: string, query: string): Promise<SearchHit[]> {
  const blob = (hash: string) => result.blobs.get(hash) as string
  const engine = await loadEngine(blob(versionOf(result).search[locale] as string), blob)
  return (await engine.search(result.manifest.site, { query, limit: 10, sectionBoost: [], canReadDrafts: false }, chunkReader(engine, blob))).results
}
const slugs = (hits: SearchHit[]) => hits.map((hit) => hit.slug)

describe('search in Chinese, Japanese and Korean', () => {
  it('finds a two-character Chinese word inside a sentence, and marks it', async () => {
    const hits = await search('zh', '存储')
    expect(slugs(hits)[0]).toBe('storage')
    expect(hits[0]?.excerpt).toContain('<mark>存储</mark>')
  })

  it('ranks the page whose title holds the word first', async () => {
    expect(slugs(await search('zh', '检索'))).toEqual(['search'])
    expect(slugs(await search('zh', '分词'))).toEqual(['search'])
  })

  it('points a Chinese match in a section at its heading', async () => {
    const [hit] = await search('zh', '指针')
    expect(hit).toMatchObject({ slug: 'storage', heading: { text: '发布' } })
  })

  it('answers a query mixing Chinese and Latin words', async () => {
    expect(slugs(await search('zh', 'KV 数据库'))).toEqual(['storage'])
  })

  it('ranks the page holding two words together above a page with them apart', async () => {
    // The segmenter splits 经验教训 into 经验 + 教训; the notes page has each twice, apart, in a shorter text.
    expect(slugs(await search('zh', '经验教训'))).toEqual(['review', 'notes'])
    expect(slugs(await search('zh', '经验 教训'))).toEqual(['notes', 'review'])
  })

  it('finds Japanese words inside running text', async () => {
    expect(slugs(await search('ja', '天気'))).toEqual(['search'])
    expect(slugs(await search('ja', '保存'))).toEqual(['storage'])
  })

  it('finds a Korean word with its particle attached, by prefix', async () => {
    expect(slugs(await search('ko', '문서'))).toEqual(['search'])
    expect(slugs(await search('ko', '색인'))).toEqual(['search'])
  })
})
