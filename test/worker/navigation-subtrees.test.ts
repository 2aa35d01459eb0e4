import { beforeAll, describe, expect, it } from 'vitest'
import type { NavItem } from '../../contract/index.ts'
import { connectMcp } from './mcp-client.ts'
import { bearer, draftsToken } from './tokens.ts'
import { call, publishFixture, readJson, type ProblemBody } from './helpers.ts'

beforeAll(publishFixture)

interface NavigationBody {
  locale: string
  depth?: number
  items: NavItem[]
}

/** The tree as titles: a page is its title, a folder is [title, children], an item whose children were left out is `title…`. */
type Outline = Array<string | [string, Outline]>
const outline = (items: NavItem[]): Outline =>
  items.map((item) => (item.children.length > 0 ? [item.title, outline(item.children)] : item.hasChildren ? `${item.title}…` : item.title))

async function navigation(query: string, headers: Record<string, string> = {}) {
  const response = await call(`/v1/navigation${query}`, { headers })
  expect(response.status, query).toBe(200)
  return { response, body: await readJson<NavigationBody>(response) }
}

describe('GET /v1/navigation?root=', () => {
  it('answers the subtree of a page named by its slug: that item, with its children', async () => {
    const { body } = await navigation('?root=guides')
    expect(outline(body.items)).toEqual([['Guides', ['Installing the service', 'Deploying']]])
    expect(body.items[0]).toMatchObject({ slug: 'guides', url: '/docs/guides' })
    expect(body.depth).toBeUndefined()
  })

  it('names a section or folder without an index page by its folder path', async () => {
    expect(outline((await navigation('?root=reference')).body.items)).toEqual([['Reference', ['Glossary', ['Limits', ['Quotas']]]]])
    expect(outline((await navigation('?root=reference/limits')).body.items)).toEqual([['Limits', ['Quotas']]])
  })

  it('answers a page without children as that page alone', async () => {
    expect((await navigation('?root=guides/install')).body.items).toEqual([
      { title: 'Installing the service', slug: 'guides/install', url: '/docs/guides/install', fallback: false, draft: false, children: [] },
    ])
  })

  it('finds the root in the locale asked for, by its slug there', async () => {
    const { body } = await navigation('?root=guides&locale=fr')
    expect(body.locale).toBe('fr')
    expect(outline(body.items)).toEqual([['Guides', ['Installer le service', 'Deploying']]])
  })

  it('answers 404 problem+json to a root that names no item', async () => {
    const response = await call('/v1/navigation?root=guides/no-such-page')
    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Type')).toBe('application/problem+json')
    expect((await readJson<ProblemBody>(response)).detail).toContain('"guides/no-such-page"')
  })

  it('keeps a draft root hidden from a reader without the drafts scope, and answers it with one', async () => {
    expect((await call('/v1/navigation?root=guides/secret-plans')).status).toBe(404)
    const { response, body } = await navigation('?root=guides/secret-plans', bearer(await draftsToken()))
    expect(body.items[0]).toMatchObject({ slug: 'guides/secret-plans', draft: true })
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(JSON.stringify((await navigation('?root=guides')).body)).not.toContain('secret-plans')
    expect(JSON.stringify((await navigation('?root=guides', bearer(await draftsToken()))).body)).toContain('secret-plans')
  })
})

describe('GET /v1/navigation?depth=', () => {
  it('cuts the whole tree at a depth: an item whose children were left out says so, and names the root that reads them', async () => {
    const { body } = await navigation('?depth=1')
    expect(body.depth).toBe(1)
    expect(outline(body.items)).toEqual(['Welcome', 'Guides…', 'API reference…', 'Ranking fixtures…', 'Reference…'])
    expect(body.items.find((item) => item.title === 'Guides')).toEqual({
      title: 'Guides',
      slug: 'guides',
      url: '/docs/guides',
      fallback: false,
      draft: false,
      hasChildren: true,
      root: 'guides',
      children: [],
    })
    expect(body.items.find((item) => item.title === 'Reference')).toMatchObject({ slug: null, hasChildren: true, root: 'reference', children: [] })
    expect(body.items[0]).not.toHaveProperty('hasChildren')
  })

  it('counts levels below the root, so a cut item is replaced by the answer for its root', async () => {
    const { body } = await navigation('?root=reference&depth=1')
    expect(outline(body.items)).toEqual([['Reference', ['Glossary', 'Limits…']]])
    const limits = body.items[0]?.children[1]
    expect(limits).toMatchObject({ root: 'reference/limits' })
    expect(outline((await navigation(`?root=${limits?.root}&depth=1`)).body.items)).toEqual([['Limits', ['Quotas']]])
  })

  it('gives the whole tree when the depth reaches past its deepest item', async () => {
    const whole = (await navigation('')).body
    const deep = (await navigation('?depth=32')).body
    expect(deep.items).toEqual(whole.items)
    expect(deep.depth).toBe(32)
  })

  it.each([
    ['0', 'depth must be at least 1'],
    ['33', 'depth must be at most 32'],
    ['1.5', 'depth must be a whole number of levels, e.g. 2'],
    ['deep', 'depth must be a whole number of levels, e.g. 2'],
  ])('answers 422 with a pointer to an invalid depth (%s)', async (depth, detail) => {
    const response = await call(`/v1/navigation?depth=${depth}`)
    expect(response.status).toBe(422)
    expect((await readJson<ProblemBody>(response)).errors).toEqual([{ pointer: '/depth', detail }])
  })

  it('answers 422 to an empty root', async () => {
    const response = await call('/v1/navigation?root=')
    expect(response.status).toBe(422)
    expect((await readJson<ProblemBody>(response)).errors?.[0]?.pointer).toBe('/root')
  })
})

describe('validators of subtree answers', () => {
  it('gives each subtree and depth an ETag of its own, answers 304 to it, and HEAD without a body', async () => {
    const whole = (await navigation('')).response.headers.get('ETag')
    const guides = (await navigation('?root=guides')).response.headers.get('ETag') as string
    const shallow = (await navigation('?root=guides&depth=1')).response.headers.get('ETag')
    expect(new Set([whole, guides, shallow, (await navigation('?root=reference')).response.headers.get('ETag')]).size).toBe(4)
    const revalidated = await call('/v1/navigation?root=guides', { headers: { 'If-None-Match': guides } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('Vary')).toBe('Accept-Language, Authorization')
    expect(await revalidated.text()).toBe('')
    const head = await call('/v1/navigation?root=guides', { method: 'HEAD' })
    expect([head.status, head.headers.get('ETag'), await head.text()]).toEqual([200, guides, ''])
  })

  it('gives the drafts view of a subtree another ETag', async () => {
    const open = (await navigation('?root=guides')).response.headers.get('ETag')
    expect((await navigation('?root=guides', bearer(await draftsToken()))).response.headers.get('ETag')).not.toBe(open)
  })
})

describe('the MCP get_navigation tool', () => {
  const text = (result: Awaited<ReturnType<Awaited<ReturnType<typeof connectMcp>>['callTool']>>) => (result.content as Array<{ text: string }>)[0]?.text ?? ''

  it('takes root and depth, and says how to list what a depth left out', async () => {
    const client = await connectMcp()
    const under = text(await client.callTool({ name: 'get_navigation', arguments: { root: 'reference', depth: 1 } }))
    expect(under).toContain('under `reference`')
    expect(under).toContain('- Glossary `reference/glossary`')
    expect(under).toContain('- Limits (more pages: get_navigation with root `reference/limits`)')
    expect(under).not.toContain('Quotas')
    expect(under).not.toContain('Guides')
  })

  it('answers a root that names no item, or a bad depth, with a tool error', async () => {
    const client = await connectMcp()
    const missing = await client.callTool({ name: 'get_navigation', arguments: { root: 'nowhere' } })
    expect(missing.isError).toBe(true)
    expect(text(missing)).toContain('"nowhere"')
    const shallow = await client.callTool({ name: 'get_navigation', arguments: { depth: 0 } })
    expect(shallow.isError).toBe(true)
    expect(text(shallow)).toContain('depth must be at least 1')
  })
})
