/** The slug of the site's home page (the root `index.md`); its first segment is a section in name only. */
export const HOME_SLUG = 'index'

/** The public URL of a document, as links and search results give it. */
export function documentUrl(baseUrl: string, defaultLocale: string, locale: string, slug: string): string {
  const localePrefix = locale === defaultLocale ? '' : `${locale}/`
  const path = slug === HOME_SLUG ? '' : slug
  return `${baseUrl}${localePrefix}${path}`
}

/**
 * Where a document's Markdown is served: an absolute-path URL under the API,
 * so that it resolves against whatever origin serves llms.txt. A locale
 * other than the default is named, as a localized slug alone may not be,
 * and so is a version other than the default (`version`, else null).
 */
export function markdownUrl(defaultLocale: string, locale: string, slug: string, version: string | null = null): string {
  return withReadQuery(markdownPath(slug), defaultLocale, locale, version)
}

/** Where documents are served: `/v1/documents/{slug}`, and `{slug}.md` for the Markdown. */
export const DOCUMENTS_PATH = '/v1/documents/'
/** What a document's path ends in to ask for its Markdown rather than its JSON. */
export const MARKDOWN_SUFFIX = '.md'

/** The API path of a document's JSON, and of its Markdown. */
export const documentPath = (slug: string) => `${DOCUMENTS_PATH}${slug.split('/').map(encodeURIComponent).join('/')}`
export const markdownPath = (slug: string) => `${documentPath(slug)}${MARKDOWN_SUFFIX}`

/** A read's path with `?locale=` and `?version=` when they are not the defaults (the version is null for the default). */
export function withReadQuery(path: string, defaultLocale: string, locale: string, version: string | null): string {
  const query = new URLSearchParams()
  if (locale !== defaultLocale) query.set('locale', locale)
  if (version !== null) query.set('version', version)
  const search = query.toString()
  return search ? `${path}?${search}` : path
}

/**
 * Where a version's pages live on the site: the default version at `baseUrl`
 * (so its URLs do not change when versions are added), every other version
 * under its name (`/docs/2.x/`), as Docusaurus lays them out.
 */
export function versionBaseUrl(baseUrl: string, version: string | null, isDefault: boolean): string {
  return version === null || isDefault ? baseUrl : `${baseUrl}${encodeURIComponent(version)}/`
}
