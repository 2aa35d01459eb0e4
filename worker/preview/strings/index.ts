import { ar } from './ar.ts'
import { de } from './de.ts'
import { en, type PreviewText } from './en.ts'
import { es } from './es.ts'
import { fr } from './fr.ts'
import { it } from './it.ts'
import { ja } from './ja.ts'
import { ko } from './ko.ts'
import { ptBr } from './pt-br.ts'
import { ru } from './ru.ts'
import { zhCn } from './zh-cn.ts'
import { zhTw } from './zh-tw.ts'

export type { PreviewText }

/** The preview's interface, by lower-case language tag. */
export const TEXTS: Record<string, PreviewText> = { en, ar, de, es, fr, it, ja, ko, 'pt-br': ptBr, ru, 'zh-cn': zhCn, 'zh-tw': zhTw }

// Chinese in traditional script: asked for by script, or by a region that writes it.
const TRADITIONAL_CHINESE = /^zh-(?:hant|tw|hk|mo)\b/

/**
 * The interface for a BCP 47 tag: the exact table (`pt-BR` is `pt-br`), else
 * Chinese by script (`zh-Hant-TW` and `zh-TW` are `zh-tw`, other `zh` is
 * `zh-cn`), else the language alone (`fr-CA` is `fr`), else English.
 */
export function previewText(locale: string): PreviewText {
  const tag = locale.toLowerCase()
  const exact = TEXTS[tag]
  if (exact) return exact
  if (tag === 'zh' || tag.startsWith('zh-')) return TRADITIONAL_CHINESE.test(tag) ? zhTw : zhCn
  return TEXTS[tag.split('-')[0] ?? ''] ?? en
}

// For runtimes without Intl.Locale's text info: the right-to-left languages docs are written in.
const RIGHT_TO_LEFT = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ku', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi'])

/** `rtl` for a language written right to left (Arabic, Hebrew, Persian, Urdu…), else `ltr`. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  try {
    const parsed = new Intl.Locale(locale) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } }
    const info = parsed.getTextInfo?.() ?? parsed.textInfo
    if (info?.direction === 'rtl' || info?.direction === 'ltr') return info.direction
    return RIGHT_TO_LEFT.has(parsed.language) ? 'rtl' : 'ltr'
  } catch {
    return 'ltr'
  }
}

/** A language's name in the reader's language (`French` for an English reader), or its tag when the runtime does not know it. */
export function languageName(locale: string, readerLocale: string): string {
  try {
    return new Intl.DisplayNames([readerLocale], { type: 'language' }).of(locale) ?? locale
  } catch {
    return locale
  }
}

/** A text with its `{name}` slots filled, as parts: values stay as given (markup a caller escapes, or already built HTML). */
export function fill<T>(template: string, values: Record<string, T>): Array<string | T> {
  return template.split(/\{(\w+)\}/).map((part, index) => {
    if (index % 2 === 0) return part
    return Object.hasOwn(values, part) ? (values[part] as T) : `{${part}}`
  })
}
