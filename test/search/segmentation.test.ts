import { describe, expect, it } from 'vitest'
import { indexTerms, isJoined, queryTerms, segmentedWords, tokenize, words } from '../../search/tokenize.ts'
import cases from '../fixtures/segmentation/cases.json' with { type: 'json' }
import joinedCases from '../fixtures/segmentation/joined.json' with { type: 'json' }
import pathCases from '../fixtures/segmentation/paths.json' with { type: 'json' }

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

describe('joined forms, indexed beside the words', () => {
  it.each(joinedCases)('joins identifiers with dots and neighbouring words of two characters: $text', ({ locale, text, words, joined }) => {
    expect(indexTerms(text, locale)).toEqual({ words, joined })
  })

  it.each(pathCases)('looks up the URL paths a query names, whole, beside its words: $text', ({ locale, text, words, joined }) => {
    expect(queryTerms(text, locale)).toEqual({ words, joined })
  })

  it('tells a joined form from a word, so that a word’s prefixes and typos skip it', () => {
    expect(['jest.mock', 'c.req.param', '1.x', '经验 教训', '/books', '/books/{bookid}'].every(isJoined)).toBe(true)
    expect(['jest', '3.14', 'v2.1.0', '经验教训', 'user_name'].some(isJoined)).toBe(false)
  })
})

describe('the shortcut for text with spaces between words', () => {
  const SAMPLES = [
    "Don't re-deploy v2.1.0 on k8s; e-mail user_name@example.com about 3.14 cafés, 1,000 times.",
    'a.1 2.a 1.2.3 x,y 4,5 ver.2 e.g. i.e. U.S.A. naïve coöperate Ångström straße',
    "Lancez l'installateur une fois ; c’est l’étape « zéro ». Qu'est-ce que c'est ?",
    'Die Straßenbahnhaltestelle ist größer als erwartet. ÄÖÜ äöü',
    'Всё работает: версия 2.0, файл config.yaml, «кавычки».',
    'البحث في المستندات سريع. مرحبا بالعالم',
    'Ελληνικά κείμενα με τόνους: ό,τι θέλεις.',
    '문서를 검색하려면 검색창에 입력하세요.',
    'snake_case camelCase kebab-case SCREAMING_CASE __proto__ $var #tag @user 50% ½ ²',
  ]
  it.each(SAMPLES)('finds the words the segmenter finds: %s', (text) => {
    expect(words(text, 'en')).toEqual(segmentedWords(text, 'en'))
  })
})
