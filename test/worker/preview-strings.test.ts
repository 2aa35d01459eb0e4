import { describe, expect, it } from 'vitest'
import { en } from '../../worker/preview/strings/en.ts'
import { fill, previewText, TEXTS, textDirection } from '../../worker/preview/strings/index.ts'

const slots = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

describe("the preview's interface strings", () => {
  it('has the languages of content/, the ten most common docs languages, and Arabic, written right to left', () => {
    expect(Object.keys(TEXTS).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt-br', 'ru', 'zh-cn', 'zh-tw'])
  })

  it.each(Object.entries(TEXTS))('gives every English key in %s, none empty, with the same {slots}', (_language, table) => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort())
    for (const [key, text] of Object.entries(table)) {
      expect(text.trim(), key).not.toBe('')
      expect(slots(text), key).toEqual(slots(en[key as keyof typeof en]))
    }
  })

  it('looks a BCP 47 tag up by region, script and language, else English', () => {
    expect(previewText('pt-BR')).toBe(TEXTS['pt-br'])
    expect(previewText('pt')).toBe(en)
    expect(previewText('zh-TW')).toBe(TEXTS['zh-tw'])
    expect(previewText('zh-Hant-TW')).toBe(TEXTS['zh-tw'])
    expect(previewText('zh-HK')).toBe(TEXTS['zh-tw'])
    expect(previewText('zh')).toBe(TEXTS['zh-cn'])
    expect(previewText('zh-Hans')).toBe(TEXTS['zh-cn'])
    expect(previewText('fr-CA')).toBe(TEXTS.fr)
    expect(previewText('FR')).toBe(TEXTS.fr)
    expect(previewText('nl')).toBe(en)
    expect(previewText('')).toBe(en)
  })

  it('writes Arabic, Hebrew, Persian and Urdu right to left, everything else left to right', () => {
    for (const locale of ['ar', 'ar-EG', 'he', 'fa', 'ur']) expect(textDirection(locale), locale).toBe('rtl')
    for (const locale of ['en', 'fr', 'zh', 'ja', 'ru', 'not a tag']) expect(textDirection(locale), locale).toBe('ltr')
  })

  it('fills {slots} and leaves unknown ones as they are', () => {
    expect(fill('Results for “{query}”: {count}.', { query: 'a', count: '2' }).join('')).toBe('Results for “a”: 2.')
    expect(fill('{missing} here', {}).join('')).toBe('{missing} here')
  })
})
