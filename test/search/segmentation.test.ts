import { describe, expect, it } from 'vitest'
import { tokenize } from '../../search/tokenize.ts'
import cases from '../fixtures/segmentation/cases.json' with { type: 'json' }

// The same cases run in workerd (test/worker/segmentation.test.ts): build and
// queries must split text the same way, or words found at build time are
// missed at query time.
describe('word segmentation in Node, where the build runs', () => {
  it.each(cases)('splits $locale text into the recorded words: $text', ({ locale, text, tokens }) => {
    expect(tokenize(text, locale)).toEqual(tokens)
  })

  it('finds Chinese, Japanese and Korean words inside running text, not one term per sentence', () => {
    expect(tokenize('我们使用数据库来存储文档。', 'zh')).toContain('存储')
    expect(tokenize('ドキュメントを検索するには', 'ja')).toContain('検索')
    expect(tokenize('문서를 검색하려면', 'ko')).toEqual(['문서를', '검색하려면'])
  })

  it('folds full-width letters and case, so ＡＰＩ and api are one word', () => {
    expect(tokenize('ＡＰＩ', 'ja')).toEqual(tokenize('api', 'ja'))
  })
})
