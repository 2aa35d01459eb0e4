import { beforeAll, describe, expect, it } from 'vitest'
import { call, publishFixture, readJson } from './helpers.ts'

beforeAll(publishFixture)

const INSTALL = '/v1/documents/guides/install'
const withLanguage = (path: string, acceptLanguage: string) => call(path, { headers: { 'Accept-Language': acceptLanguage } })

async function servedLocale(response: Response): Promise<{ locale: string; contentLanguage: string | null; slug: string }> {
  expect(response.status).toBe(200)
  const body = await readJson(response)
  return { locale: body.locale, contentLanguage: response.headers.get('Content-Language'), slug: body.slug }
}

describe('locale negotiation for documents', () => {
  it('lets ?locale= win over Accept-Language', async () => {
    expect(await servedLocale(await withLanguage(`${INSTALL}?locale=fr`, 'en'))).toEqual({ locale: 'fr', contentLanguage: 'fr', slug: 'guides/installation' })
    expect(await servedLocale(await withLanguage(`${INSTALL}?locale=en`, 'fr'))).toEqual({ locale: 'en', contentLanguage: 'en', slug: 'guides/install' })
  })

  it('truncates fr-CA to fr (RFC 4647 lookup)', async () => {
    expect(await servedLocale(await withLanguage(INSTALL, 'fr-CA'))).toEqual({ locale: 'fr', contentLanguage: 'fr', slug: 'guides/installation' })
    expect((await servedLocale(await call(`${INSTALL}?locale=fr-CA`))).locale).toBe('fr')
  })

  it('skips a language the site lacks and takes the next range: de-DE, fr;q=0.8 gives fr', async () => {
    expect((await servedLocale(await withLanguage(INSTALL, 'de-DE, fr;q=0.8'))).locale).toBe('fr')
  })

  it('orders ranges by q-value, not by position', async () => {
    expect((await servedLocale(await withLanguage(INSTALL, 'en;q=0.5, fr;q=0.9'))).locale).toBe('fr')
  })

  it('refuses a language with q=0: fr;q=0, en gives en', async () => {
    expect((await servedLocale(await withLanguage(INSTALL, 'fr;q=0, en'))).locale).toBe('en')
  })

  it('falls back to the default locale when the only range is refused: fr;q=0 gives en', async () => {
    expect((await servedLocale(await withLanguage(INSTALL, 'fr;q=0'))).locale).toBe('en')
  })

  it('serves the default locale for an unknown language, an unknown ?locale= and no preference at all', async () => {
    expect((await servedLocale(await withLanguage(INSTALL, 'de'))).locale).toBe('en')
    expect((await servedLocale(await call(`${INSTALL}?locale=xx`))).locale).toBe('en')
    expect((await servedLocale(await call(INSTALL))).locale).toBe('en')
  })

  it('falls back to the default locale for a missing translation and says so', async () => {
    const response = await withLanguage('/v1/documents/guides/deploy', 'fr')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Language')).toBe('en')
    expect(await readJson(response)).toMatchObject({
      slug: 'guides/deploy',
      title: 'Deploying',
      locale: 'en',
      requestedLocale: 'fr',
      fallback: true,
      translations: [{ locale: 'en', slug: 'guides/deploy' }],
    })
  })

  it('reports requestedLocale and fallback: false when the translation exists', async () => {
    expect(await readJson(await withLanguage(INSTALL, 'fr'))).toMatchObject({ locale: 'fr', requestedLocale: 'fr', fallback: false })
  })

  it('varies on Accept-Language when the header took part, and not when ?locale= decided', async () => {
    // Accept always takes part: it chooses between JSON and Markdown.
    expect((await call(INSTALL)).headers.get('Vary')).toBe('Accept-Language, Accept')
    expect((await withLanguage(INSTALL, 'fr')).headers.get('Vary')).toBe('Accept-Language, Accept')
    expect((await withLanguage(`${INSTALL}?locale=fr`, 'fr')).headers.get('Vary')).toBe('Accept')
    expect((await call(`${INSTALL}?locale=en`)).headers.get('Vary')).toBe('Accept')
  })
})

describe('localized slugs', () => {
  const translations = [
    { locale: 'en', slug: 'guides/install' },
    { locale: 'fr', slug: 'guides/installation' },
  ]

  it('serves the French version, under its French slug, for the default slug with ?locale=fr', async () => {
    const response = await call(`${INSTALL}?locale=fr`)
    expect(response.status).toBe(200)
    expect(await readJson(response)).toMatchObject({
      slug: 'guides/installation',
      title: 'Installer le service',
      locale: 'fr',
      requestedLocale: 'fr',
      fallback: false,
      translations,
    })
  })

  it('serves the French version for the French slug without any locale hint', async () => {
    const response = await call('/v1/documents/guides/installation')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Language')).toBe('fr')
    expect(await readJson(response)).toMatchObject({ slug: 'guides/installation', title: 'Installer le service', locale: 'fr', translations })
  })

  it('lists both locales in translations of the English version too', async () => {
    expect((await readJson(await call(INSTALL))).translations).toEqual(translations)
  })

  it('serves the English version for the French slug when ?locale=en asks for it', async () => {
    const response = await call('/v1/documents/guides/installation?locale=en')
    expect(response.status).toBe(200)
    expect(await readJson(response)).toMatchObject({ slug: 'guides/install', title: 'Installing the service', locale: 'en' })
  })
})
