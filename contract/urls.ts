/** The public URL of a document, as links and search results give it. */
export function documentUrl(baseUrl: string, defaultLocale: string, locale: string, slug: string): string {
  const localePrefix = locale === defaultLocale ? '' : `${locale}/`
  const path = slug === 'index' ? '' : slug
  return `${baseUrl}${localePrefix}${path}`
}

/**
 * Where a document's Markdown is served: an absolute-path URL under the API,
 * so that it resolves against whatever origin serves llms.txt. A locale
 * other than the default is named, as a localized slug alone may not be.
 */
export function markdownUrl(defaultLocale: string, locale: string, slug: string): string {
  const path = `/v1/documents/${slug.split('/').map(encodeURIComponent).join('/')}.md`
  return locale === defaultLocale ? path : `${path}?locale=${encodeURIComponent(locale)}`
}
