// Starlight's `locales` and the folders that hold them. A key is the URL
// prefix of its locale and names its folder as Astro slugs it: each path
// segment through github-slugger, so `zh-CN/` is the folder of `zh-cn`
// (Starlight's slugToLocale compares the slug's first segment to the keys).
// Labels elsewhere in the config (the sidebar's `translations`, a title
// map) are keyed by each locale's `lang`, a BCP-47 tag such as `zh-CN`.
import { slug } from 'github-slugger'
import { recordAt, textAt, type Data } from './config-values.ts'

/** site.yml's rule for a locale code. */
const LOCALE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/

interface StarlightLocale {
  /** Its key in `locales`: `root`, or the URL prefix of its pages. */
  key: string
  /** The locale's code in the content folder: its key, which is its URL prefix (the root locale: its `lang`). */
  code: string
  lang: string
  label: string
  /** Its folder under the docs folder as written on disk (`zh-CN`), `''` for the root locale. */
  folder: string
}

export interface StarlightLocales {
  /** The default locale first. */
  locales: StarlightLocale[]
  /** A content-folder code for a key of `translations` or of a title map (a `lang`, any case), when it names a locale. */
  codeOf: (lang: string) => string | undefined
}

/**
 * The locales of `options` and their folders among `topFolders` (the docs
 * folder's subfolders): `root` is the top of the docs folder; a locale
 * without a folder has no pages yet.
 */
export function starlightLocales(options: Data, topFolders: readonly string[]): StarlightLocales {
  const config = recordAt(options.locales)
  const keys = Object.keys(config)
  if (keys.length === 0) {
    const only = { key: 'root', code: 'en', lang: 'en', label: 'English', folder: '' }
    return { locales: [only], codeOf: (lang) => (lang.toLowerCase() === 'en' ? 'en' : undefined) }
  }
  const defaultKey = textAt(options.defaultLocale) ?? (keys.includes('root') ? 'root' : (keys[0] ?? 'root'))
  const locales = [defaultKey, ...keys.filter((key) => key !== defaultKey)].map((key): StarlightLocale => {
    const lang = textAt(recordAt(config[key]).lang) ?? (key === 'root' ? 'en' : key)
    const folder = key === 'root' ? '' : (topFolders.find((name) => slugOfSegment(name) === key) ?? key)
    return { key, code: codeFor(key, lang), lang, label: textAt(recordAt(config[key]).label) ?? lang, folder }
  })
  const byLang = new Map(locales.map((locale) => [locale.lang.toLowerCase(), locale.code]))
  return { locales, codeOf: (lang) => byLang.get(lang.toLowerCase()) }
}

/** Astro's slug of one path segment (`zh-CN` -> `zh-cn`). */
const slugOfSegment = (name: string): string => slug(name)

/** The key, which readers see in URLs; the root locale's `lang`, lowercased when only that makes it a code. */
function codeFor(key: string, lang: string): string {
  const candidates = key === 'root' ? [lang, lang.toLowerCase()] : [key, lang, lang.toLowerCase()]
  const code = candidates.find((candidate) => LOCALE_CODE.test(candidate))
  if (code === undefined) throw new Error(`starlight(): locale "${key}" (lang "${lang}") gives no locale code site.yml accepts (a language tag such as "pt-br")`)
  return code
}

/** Keys of a label map (`{'zh-CN': …}`) as content-folder codes; a key that names no locale is left out. */
export function labelsByCode(labels: Data, codeOf: StarlightLocales['codeOf']): Data {
  return Object.fromEntries(
    Object.entries(labels).flatMap(([lang, label]) => {
      const code = codeOf(lang)
      return code === undefined ? [] : [[code, label]]
    }),
  )
}
