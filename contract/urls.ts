/** The public URL of a document, as links and search results give it. */
export function documentUrl(baseUrl: string, defaultLocale: string, locale: string, slug: string): string {
  const localePrefix = locale === defaultLocale ? '' : `${locale}/`
  const path = slug === 'index' ? '' : slug
  return `${baseUrl}${localePrefix}${path}`
}
