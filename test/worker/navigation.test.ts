import { beforeAll, describe, expect, it } from 'vitest'
import type { NavTreeNode } from '../../contract/index.ts'
import { bearer, draftsToken } from './tokens.ts'
import { call, publishFixture, readJson } from './helpers.ts'

beforeAll(publishFixture)

interface NavigationBody {
  locale: string
  requestedLocale: string
  items: NavTreeNode[]
}

/** The tree as titles: a page is its title, a folder is [title, children]. */
type Outline = Array<string | [string, Outline]>
const outline = (items: NavTreeNode[]): Outline => items.map((item) => (item.children.length > 0 ? [item.title, outline(item.children)] : item.title))
const find = (items: NavTreeNode[], title: string): NavTreeNode | undefined => items.map((item) => (item.title === title ? item : find(item.children, title))).find(Boolean)

async function navigation(query = '', headers: Record<string, string> = {}) {
  const response = await call(`/v1/navigation${query}`, { headers })
  expect(response.status).toBe(200)
  return { response, body: await readJson<NavigationBody>(response) }
}

describe('GET /v1/navigation', () => {
  it('gives the sidebar in build order: the home page, sections as site.yml lists them, then other folders; pages by order, then title', async () => {
    const { body } = await navigation()
    expect(body).toMatchObject({ locale: 'en', requestedLocale: 'en' })
    expect(outline(body.items)).toEqual([
      'Welcome',
      ['Guides', ['Installing the service', 'Deploying']],
      ['API reference', ['Search endpoint']],
      ['Ranking fixtures', ['Marmoset handbook', 'Enclosures', 'Feeding']],
      ['Reference', ['Glossary', ['Limits', ['Quotas']]]],
    ])
  })

  it('gives each entry its slug and URL; a folder without an index page has neither', async () => {
    const { body } = await navigation()
    expect(find(body.items, 'Guides')).toMatchObject({ slug: 'guides', url: '/docs/guides', fallback: false, draft: false })
    expect(find(body.items, 'Installing the service')).toMatchObject({ slug: 'guides/install', url: '/docs/guides/install', children: [] })
    expect(find(body.items, 'Reference')).toMatchObject({ slug: null, url: null })
    expect(find(body.items, 'Limits')).toMatchObject({ slug: null, url: null, children: [{ title: 'Quotas', slug: 'reference/limits/quotas' }] })
  })

  it('shows untranslated pages of a partial locale in the default locale, marked as fallbacks, at their localized URL', async () => {
    const { response, body } = await navigation('?locale=fr')
    expect(response.headers.get('Content-Language')).toBe('fr')
    expect(body).toMatchObject({ locale: 'fr', requestedLocale: 'fr' })
    expect(find(body.items, 'Bienvenue')).toMatchObject({ slug: 'index', fallback: false })
    expect(find(body.items, 'Installer le service')).toMatchObject({ slug: 'guides/installation', url: '/docs/fr/guides/installation', fallback: false })
    expect(find(body.items, 'Deploying')).toMatchObject({ slug: 'guides/deploy', url: '/docs/fr/guides/deploy', fallback: true })
  })

  it('negotiates the locale from Accept-Language and varies on it', async () => {
    const { response, body } = await navigation('', { 'Accept-Language': 'fr-CA, en;q=0.5' })
    expect(body.locale).toBe('fr')
    expect(response.headers.get('Vary')).toBe('Accept-Language, Authorization')
    expect((await navigation('?locale=fr')).response.headers.get('Vary')).toBe('Authorization')
  })

  it('shows a draft only with a drafts:read token, and then privately', async () => {
    const { response: publicResponse, body: publicBody } = await navigation()
    expect(find(publicBody.items, 'Secret plans')).toBeUndefined()
    expect(publicResponse.headers.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=300')
    const { response, body } = await navigation('', bearer(await draftsToken()))
    expect(find(body.items, 'Secret plans')).toMatchObject({ slug: 'guides/secret-plans', draft: true })
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('ETag')).not.toBe(publicResponse.headers.get('ETag'))
  })

  it('answers 304 to its ETag, and HEAD like GET without a body', async () => {
    const { response } = await navigation()
    const etag = response.headers.get('ETag') as string
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    const revalidated = await call('/v1/navigation', { headers: { 'If-None-Match': etag } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('ETag')).toBe(etag)
    expect(revalidated.headers.get('Vary')).toBe('Accept-Language, Authorization')
    expect(await revalidated.text()).toBe('')
    const head = await call('/v1/navigation', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('ETag')).toBe(etag)
    expect(await head.text()).toBe('')
  })

  it('answers 406 to a client that takes no JSON', async () => {
    expect((await call('/v1/navigation', { headers: { Accept: 'text/html' } })).status).toBe(406)
  })
})
