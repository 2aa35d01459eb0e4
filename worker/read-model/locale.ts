import { parseAccept } from 'hono/utils/accept'

export interface LocaleChoice {
  /** The site locale negotiated for this request. */
  locale: string
  /** True when `Accept-Language` took part, so the response must vary on it. */
  negotiated: boolean
}

interface LanguageRange {
  tag: string
  q: number
}

/** Parses `Accept-Language` (RFC 9110 §12.5.4) with hono's parser: best first, order breaks ties. */
function parseAcceptLanguage(header: string): LanguageRange[] {
  return parseAccept(header).map((range) => ({ tag: range.type.toLowerCase(), q: range.q }))
}

/**
 * RFC 4647 §3.4 lookup: each range is tried, then truncated (`fr-ca` -> `fr`),
 * until a site locale matches. Ranges with q=0 are refused, also as truncations.
 */
export function lookupLocale(ranges: LanguageRange[], locales: string[]): string | null {
  const refused = new Set(ranges.filter((range) => range.q === 0).map((range) => range.tag))
  const byLower = new Map(locales.map((locale) => [locale.toLowerCase(), locale]))
  for (const range of ranges) {
    if (range.q === 0 || range.tag === '*') continue
    for (let tag = range.tag; tag !== ''; tag = tag.slice(0, Math.max(tag.lastIndexOf('-'), 0)).replace(/-[a-z0-9]$/, '')) {
      const match = byLower.get(tag)
      if (match && !refused.has(tag)) return match
    }
  }
  return null
}

/** `?locale=` wins, then `Accept-Language`, then the default locale. */
export function chooseLocale(explicit: string | undefined, acceptLanguage: string | undefined, site: { defaultLocale: string; locales: string[] }): LocaleChoice {
  if (explicit) {
    return { locale: lookupLocale([{ tag: explicit.toLowerCase(), q: 1 }], site.locales) ?? site.defaultLocale, negotiated: false }
  }
  const locale = acceptLanguage ? lookupLocale(parseAcceptLanguage(acceptLanguage), site.locales) : null
  return { locale: locale ?? site.defaultLocale, negotiated: true }
}
