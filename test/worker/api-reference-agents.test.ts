import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SearchResponse } from '../../contract/index.ts'
import { bearer, draftsToken } from './tokens.ts'
import { call, publishApiSite, readJson, searchCall } from './helpers.ts'
import { connectMcp } from './mcp-client.ts'

// The API reference of test/fixtures/api-reference as agents and search boxes reach it: POST /v1/search
// and the MCP tool get_operation. Documents, Markdown, sidebar and llms files: api-reference.test.ts.

beforeAll(publishApiSite)

const GET_BOOK = 'api/bookshop/books/get-book'

/** Calls get_operation as a reader without a token (or with `headers`); a tool error resolves, it never throws. */
async function getOperation(args: Record<string, unknown>, headers: Record<string, string> = {}) {
  const result = CallToolResultSchema.parse(await (await connectMcp(headers)).callTool({ name: 'get_operation', arguments: args }))
  const blocks = result.content.map((block) => (block.type === 'text' ? block.text : ''))
  return { isError: result.isError === true, about: blocks[0] ?? '', markdown: blocks[1] ?? '' }
}

async function search(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<SearchResponse> {
  const response = await searchCall(body, headers)
  expect(response.status, JSON.stringify(body)).toBe(200)
  return readJson<SearchResponse>(response)
}

const slugsOf = (response: SearchResponse) => response.results.map((hit) => hit.slug)
const markdownOf = async (slug: string, query = '') => (await call(`/v1/documents/${slug}.md${query}`)).text()

describe('MCP get_operation', () => {
  it("answers an operation named by its operationId, in any API or in the one named, with what locates it and the page's Markdown", async () => {
    const { isError, about, markdown } = await getOperation({ operationId: 'getBook' })
    expect(isError).toBe(false)
    expect(about.split('\n')).toEqual([
      'Operation: GET /books/{bookId} (operationId getBook)',
      'API: api/bookshop',
      `Slug: ${GET_BOOK}`,
      `Markdown: https://docs.example/v1/documents/${GET_BOOK}.md`,
      `Web page: https://docs.example/${GET_BOOK}`,
    ])
    expect(markdown).toBe(await markdownOf(GET_BOOK))
    expect((await getOperation({ operationId: 'getBook', api: 'api/bookshop' })).about).toContain(`Slug: ${GET_BOOK}`)
    const elsewhere = await getOperation({ operationId: 'getBook', api: 'api/inventory' })
    expect(elsewhere).toMatchObject({ isError: true, about: expect.stringContaining('No operation with operationId "getBook" in api/inventory') })
  })

  it('answers an operation named by its method and path, the method in any case', async () => {
    for (const method of ['GET', 'get']) {
      const { isError, about, markdown } = await getOperation({ method, path: '/books/{bookId}' })
      expect(isError, method).toBe(false)
      expect(about).toContain(`Slug: ${GET_BOOK}`)
      expect(markdown.startsWith('# Get a book\n\n`GET /books/{bookId}`\n')).toBe(true)
    }
  })

  it('tells apart two APIs that have the same method and path by api, and names the API it looked in', async () => {
    const bookshop = await getOperation({ method: 'POST', path: '/orders', api: 'api/bookshop' })
    expect(bookshop.about).toContain('Slug: api/bookshop/orders/create-order')
    const legacy = await getOperation({ method: 'POST', path: '/orders', api: 'api/legacy' })
    expect(legacy.about).toContain('Slug: api/legacy/orders/legacy-place-order')
    expect(legacy.about).toContain('API: api/legacy')
    const elsewhere = await getOperation({ method: 'GET', path: '/books/{bookId}', api: 'api/inventory' })
    expect(elsewhere).toMatchObject({ isError: true, about: expect.stringContaining('No operation GET /books/{bookId} in api/inventory') })
  })

  it('answers in German from the translated document', async () => {
    const byPath = await getOperation({ method: 'GET', path: '/books/{bookId}', locale: 'de' })
    expect(byPath.isError).toBe(false)
    expect(byPath.markdown).toBe(await markdownOf(GET_BOOK, '?locale=de'))
    expect(byPath.markdown.startsWith('# Buch abrufen\n')).toBe(true)
  })

  it('answers in German by operationId', async () => {
    const byId = await getOperation({ operationId: 'getBook', locale: 'de' })
    expect(byId.isError).toBe(false)
    expect(byId.markdown).toBe(await markdownOf(GET_BOOK, '?locale=de'))
  })

  it('is a tool error, not a transport error, for an unknown operationId or an operation not named', async () => {
    expect(await getOperation({ operationId: 'borrowBook' })).toMatchObject({ isError: true, about: expect.stringContaining('No operation with operationId "borrowBook"') })
    expect(await getOperation({ method: 'GET', path: '/loans' })).toMatchObject({ isError: true, about: expect.stringContaining('No operation GET /loans') })
    for (const args of [{}, { api: 'api/bookshop' }, { method: 'GET' }, { path: '/books' }]) {
      expect(await getOperation(args), JSON.stringify(args)).toMatchObject({
        isError: true,
        about: expect.stringContaining('name the operation by operationId, or by both method and path'),
      })
    }
  })

  it('never answers the draft operation without a token, and answers it to a drafts:read token', async () => {
    expect((await getOperation({ operationId: 'updateBook' })).isError).toBe(true)
    expect((await getOperation({ method: 'PATCH', path: '/books/{bookId}' })).isError).toBe(true)
    const author = bearer(await draftsToken())
    const draft = await getOperation({ method: 'PATCH', path: '/books/{bookId}' }, author)
    expect(draft.isError).toBe(false)
    expect(draft.markdown.startsWith('# Change a book\n')).toBe(true)
  })
})

describe('operation pages through the other MCP tools and resources', () => {
  it('answers get_document for an operation with its Markdown, and reads it as a resource at its .md URL', async () => {
    const client = await connectMcp()
    const result = CallToolResultSchema.parse(await client.callTool({ name: 'get_document', arguments: { slug: GET_BOOK } }))
    expect(result.isError).not.toBe(true)
    expect(result.content[1]).toEqual({ type: 'text', text: await markdownOf(GET_BOOK) })
    const uri = `https://docs.example/v1/documents/${GET_BOOK}.md`
    expect((await client.readResource({ uri })).contents).toEqual([{ uri, mimeType: 'text/markdown', text: await markdownOf(GET_BOOK) }])
  })

  it('lists operation pages among the resources, without the draft operation', async () => {
    const uris: string[] = []
    const client = await connectMcp()
    let cursor: string | undefined
    do {
      const page = await client.listResources(cursor === undefined ? {} : { cursor })
      uris.push(...page.resources.map((resource) => resource.uri))
      cursor = page.nextCursor
    } while (cursor !== undefined)
    expect(uris).toContain(`https://docs.example/v1/documents/${GET_BOOK}.md`)
    expect(uris).toContain(`https://docs.example/v1/documents/${GET_BOOK}.md?locale=de`)
    expect(uris.filter((uri) => uri.includes('update-book'))).toEqual([])
  })
})

describe('search in an API reference', () => {
  it.each([
    ['getBook', GET_BOOK],
    ['listBooks', 'api/bookshop/books/list-books'],
    ['GET /books/{bookId}', GET_BOOK],
    ['/orders/{orderId}/cancel', 'api/bookshop/orders/cancel-order'],
    ['cancel an order', 'api/bookshop/orders/cancel-order'],
    ['record a stock adjustment', 'api/inventory/stock/adjust-stock'],
  ])('ranks the operation first for %s', async (query, slug) => {
    expect(slugsOf(await search({ query }))[0]).toBe(slug)
  })

  it('ranks the German operation first in German', async () => {
    const [hit] = (await search({ query: 'Buch abrufen', locale: 'de' })).results
    expect(hit).toMatchObject({ slug: GET_BOOK, title: 'Buch abrufen', locale: 'de' })
  })

  it("shows an operation hit's method and path, and null on other hits", async () => {
    const { results } = await search({ query: 'GET /books/{bookId}', limit: 20 })
    expect(results.find((hit) => hit.slug === GET_BOOK)).toMatchObject({ operation: { method: 'GET', path: '/books/{bookId}' } })
    expect(results.find((hit) => hit.slug === 'api/bookshop/books')).toMatchObject({ operation: null })
  })

  it('counts the api section in the facets, and narrows to it', async () => {
    const all = await search({ query: 'book', limit: 50 })
    const apiHits = all.results.filter((hit) => hit.section === 'api').length
    expect(apiHits).toBeGreaterThan(1)
    expect(all.facets.sections.api).toBe(apiHits)
    expect(all.facets.sections.guides).toBeGreaterThan(0)
    const narrowed = await search({ query: 'book', limit: 50, filters: { sections: ['api'] } })
    expect(new Set(narrowed.results.map((hit) => hit.section))).toEqual(new Set(['api']))
    expect(narrowed.facets.sections).toEqual({ api: apiHits })
  })

  it('never finds the draft operation without a token, and finds it with a drafts:read token', async () => {
    const author = bearer(await draftsToken())
    for (const query of ['change a book', 'updateBook']) {
      expect(slugsOf(await search({ query, limit: 50 })), query).not.toContain('api/bookshop/books/update-book')
      expect(slugsOf(await search({ query }, author))[0], query).toBe('api/bookshop/books/update-book')
    }
  })
})
