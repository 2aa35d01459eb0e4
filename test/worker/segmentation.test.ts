import { describe, expect, it } from 'vitest'
import { indexTerms, queryTerms, tokenize } from '../../search/tokenize.ts'
import cases from '../fixtures/segmentation/cases.json' with { type: 'json' }
import joinedCases from '../fixtures/segmentation/joined.json' with { type: 'json' }
import pathCases from '../fixtures/segmentation/paths.json' with { type: 'json' }

// The cases test/search/segmentation.test.ts checks in Node, here inside
// workerd, where queries are split: both must give the recorded words.
describe('word segmentation in workerd, where queries run', () => {
  it.each(cases)('splits $locale text into the same words as Node: $text', ({ locale, text, tokens }) => {
    expect(tokenize(text, locale)).toEqual(tokens)
  })

  it.each(joinedCases)('joins $locale words as Node does: $text', ({ locale, text, words, joined }) => {
    expect(indexTerms(text, locale)).toEqual({ words, joined })
  })

  it.each(pathCases)('finds the paths of a $locale query as Node does: $text', ({ locale, text, words, joined }) => {
    expect(queryTerms(text, locale)).toEqual({ words, joined })
  })
})
