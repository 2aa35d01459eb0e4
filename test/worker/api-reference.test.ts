import { beforeAll, describe, expect, it } from 'vitest'
import { DocumentResponseSchema, type ApiOperation, type DocumentResponse, type NavTreeNode } from '../../contract/index.ts'
import { deviations, type OpenApiDocument } from '../typed-client/conformance.ts'
import { bearer, draftsToken } from './tokens.ts'
import { call, expectNotFound, publishApiSite, readJson } from './helpers.ts'

// The API reference of test/fixtures/api-reference as the worker serves it: documents with their
// operation, locales, Markdown, the sidebar, drafts and llms files. Search and MCP: api-reference-agents.test.ts.

beforeAll(publishApiSite)

const GET_BOOK = '/v1/documents/api/bookshop/books/get-book'
const DRAFT = '/v1/documents/api/bookshop/books/update-book'

async function documentOf(path: string, headers: Record<string, string> = {}): Promise<DocumentResponse> {
  const response = await call(path, { headers })
  expect(response.status, path).toBe(200)
  return readJson<DocumentResponse>(response)
}

async function operationOf(path: string): Promise<ApiOperation> {
  const { operation } = await documentOf(path)
  if (!operation) throw new Error(`${path} carries no operation`)
  return operation
}

async function markdownOf(path: string): Promise<string> {
  const response = await call(`${path}.md`)
  expect(response.status, path).toBe(200)
  expect(response.headers.get('Content-Type')).toBe('text/markdown; charset=utf-8')
  return response.text()
}

const childrenOf = (items: NavTreeNode[], slug: string): NavTreeNode[] | undefined => {
  for (const item of items) {
    if (item.slug === slug) return item.children
    const found = childrenOf(item.children, slug)
    if (found) return found
  }
  return undefined
}

async function sidebar(headers: Record<string, string> = {}): Promise<NavTreeNode[]> {
  const response = await call('/v1/navigation', { headers })
  expect(response.status).toBe(200)
  return (await readJson<{ items: NavTreeNode[] }>(response)).items
}

/** Every Markdown link target of a text: `[label](target)`. */
const linkTargets = (markdown: string) => [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1])

describe('an operation document', () => {
  it('carries the operation as structured data: method, path, parameters, responses, servers, security and code samples', async () => {
    const operation = await operationOf(GET_BOOK)
    expect(operation).toMatchObject({
      api: 'api/bookshop',
      operationId: 'getBook',
      method: 'get',
      path: '/books/{bookId}',
      kind: 'operation',
      summary: 'Get a book',
      tags: ['books'],
      deprecated: false,
    })
    expect(operation.parameters).toEqual([
      {
        in: 'path',
        name: 'bookId',
        required: true,
        deprecated: false,
        description: "The book's `id`.",
        schema: { type: 'string', pattern: '^bk_[0-9a-f]+$' },
        example: { value: 'bk_3f9a1c', generated: false },
      },
      expect.objectContaining({ in: 'header', name: 'If-None-Match', required: false, example: expect.objectContaining({ generated: true }) }),
    ])
    expect(operation.requestBody).toBeNull()
    expect(operation.responses.map((response) => response.status)).toEqual(['200', '304', '404'])
    const [ok] = operation.responses
    expect(ok?.headers.map((header) => header.name)).toEqual(['ETag'])
    expect(ok?.content).toEqual([
      expect.objectContaining({
        mediaType: 'application/json',
        schema: expect.objectContaining({ type: 'object', required: ['id', 'title', 'authors', 'formats'] }),
        example: expect.objectContaining({ generated: false }),
      }),
    ])
    // The catalogue is public: an empty list of alternatives means no authentication.
    expect(operation.security).toEqual([])
    expect(operation.servers.map((server) => server.url)).toEqual(['https://api.bookshop.example/v2', 'https://sandbox.bookshop.example/v2'])
    expect(operation.codeSamples.map((sample) => sample.label)).toEqual(['curl', 'JavaScript', 'Python'])
    expect(operation.codeSamples[0]?.source).toContain('https://api.bookshop.example/v2/books/bk_3f9a1c')
  })

  it('carries query, header and cookie parameters, request bodies per media type and security alternatives', async () => {
    const listBooks = await operationOf('/v1/documents/api/bookshop/books/list-books')
    expect(listBooks.parameters.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual([
      'query q',
      'query category',
      'query format',
      'query limit',
      'query cursor',
      'header Accept-Language',
    ])
    const createOrder = await operationOf('/v1/documents/api/bookshop/orders/create-order')
    expect(createOrder.parameters.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(['header Idempotency-Key', 'cookie basket_session'])
    expect(createOrder.requestBody).toMatchObject({ required: true })
    expect(createOrder.requestBody?.content.map((media) => media.mediaType)).toEqual(['application/json', 'application/x-www-form-urlencoded'])
    expect(createOrder.security.map((alternative) => alternative.map((scheme) => `${scheme.name} ${scheme.scopes.join(' ')}`.trim()))).toEqual([
      ['oauth2 orders:write'],
      ['bearerAuth'],
    ])
    expect(createOrder.callbacks.map((callback) => callback.name)).toEqual(['orderStatusChanged'])
  })

  it("is valid against the contract's document schema and the document response of /v1/openapi.json", async () => {
    const response = await call(GET_BOOK)
    const body = await response.text()
    expect(DocumentResponseSchema.safeParse(JSON.parse(body)).error).toBeUndefined()
    const openapi = await readJson<OpenApiDocument>(await call('/v1/openapi.json'))
    const exchange = { operation: 'get /v1/documents/{slug}', url: GET_BOOK, status: response.status, headers: Object.fromEntries(response.headers), body }
    expect(deviations(openapi, exchange)).toEqual([])
  })

  it('is answered with the page parts every document has: title, section, TOC and breadcrumbs through the API and its tag', async () => {
    const document = await documentOf(GET_BOOK)
    expect(document).toMatchObject({ slug: 'api/bookshop/books/get-book', title: 'Get a book', section: 'api', locale: 'en', fallback: false, draft: false })
    expect(document.toc.map((entry) => entry.id)).toEqual(['authentication', 'parameters', 'responses', 'code-samples'])
    expect(document.nav.breadcrumbs.map((crumb) => crumb.slug)).toEqual(['api/bookshop', 'api/bookshop/books'])
  })

  it('has operation null on a tag overview, an API overview and an ordinary page', async () => {
    for (const path of ['/v1/documents/api/bookshop/books', '/v1/documents/api/bookshop', '/v1/documents/guides/auth']) {
      const document = await documentOf(path)
      expect(document.operation, path).toBeNull()
      expect(DocumentResponseSchema.safeParse(document).error, path).toBeUndefined()
    }
    expect((await documentOf('/v1/documents/api/bookshop')).title).toBe('Bookshop API')
  })
})

describe('operation documents in other locales', () => {
  it('serves the German operation page from the translated OpenAPI document', async () => {
    const response = await call(`${GET_BOOK}?locale=de`)
    expect(response.headers.get('Content-Language')).toBe('de')
    const document = await readJson<DocumentResponse>(response)
    expect(document).toMatchObject({ locale: 'de', requestedLocale: 'de', fallback: false, title: 'Buch abrufen' })
    expect(document.operation).toMatchObject({ operationId: 'getBook', method: 'get', path: '/books/{bookId}', summary: 'Buch abrufen' })
    expect(document.operation?.parameters[0]?.description).toBe('Die `id` des Buchs.')
  })

  it('falls back to English, marked, for an API without a German document', async () => {
    for (const path of ['/v1/documents/api/inventory', '/v1/documents/api/inventory/stock/get-stock']) {
      const response = await call(`${path}?locale=de`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('Content-Language')).toBe('en')
      expect(await readJson<DocumentResponse>(response)).toMatchObject({ locale: 'en', requestedLocale: 'de', fallback: true })
    }
    expect((await documentOf('/v1/documents/api/inventory/stock/get-stock?locale=de')).operation).toMatchObject({ operationId: 'getStock', method: 'get', path: '/stock/{isbn}' })
  })
})

describe("an operation's Markdown copy", () => {
  it('is a complete compact reference: title, request line, URL, parameter tables, responses by status and a curl sample', async () => {
    const text = await markdownOf(GET_BOOK)
    expect(text.startsWith('# Get a book\n\n`GET /books/{bookId}`\n')).toBe(true)
    expect(text).toContain('URL: `https://api.bookshop.example/v2/books/{bookId}`')
    expect(text).toContain('## Authentication\n\nNone.')
    expect(text).toContain('### Path parameters\n\n| Name')
    expect(text).toMatch(/^\| `bookId` +\| string +\| yes +\| The book's `id`\./m)
    expect(text).toMatch(/^\| `If-None-Match` +\| string +\| no +\|/m)
    expect([...text.matchAll(/^### (\d{3}) /gm)].map((match) => match[1])).toEqual(['200', '304', '404'])
    expect(text).toMatch(/^\| `formats\[\]\.price\.currency` +\| string +\| yes +\|/m)
    expect(text).toContain('```shell\ncurl https://api.bookshop.example/v2/books/bk_3f9a1c\n```')
    expect(text).not.toContain('<table')
    expect(text).not.toMatch(/^---$/m)
  })

  it('names its authentication and request body, and links to other documents by their absolute .md URLs', async () => {
    const text = await markdownOf('/v1/documents/api/bookshop/orders/create-order')
    expect(text.startsWith('# Place an order\n\n`POST /orders`\n')).toBe(true)
    expect(text).toContain('## Authentication\n\nAny one of:')
    expect(text).toContain('## Request body')
    expect(text).toContain('[Scopes](/v1/documents/guides/auth.md#scopes)')
    const internal = linkTargets(text).filter((target) => !target.startsWith('https://'))
    expect(internal.length).toBeGreaterThan(0)
    for (const target of internal) expect(target).toMatch(/^\/v1\/documents\/[^#]+\.md(#.+)?$/)
  })

  it("lists the tag's operations as links to their .md URLs, and the German copy keeps the locale", async () => {
    expect(linkTargets(await markdownOf('/v1/documents/api/bookshop/books'))).toEqual([
      '/v1/documents/guides/auth.md#scopes',
      '/v1/documents/api/bookshop/books/list-books.md',
      '/v1/documents/api/bookshop/books/create-book.md',
      '/v1/documents/api/bookshop/books/get-book.md',
      '/v1/documents/api/bookshop/books/delete-book.md',
      '/v1/documents/api/bookshop/books/book-published.md',
    ])
    const german = await (await call('/v1/documents/api/bookshop/orders/create-order.md?locale=de')).text()
    expect(german.startsWith('# Bestellung aufgeben\n')).toBe(true)
    expect(linkTargets(german)).toContain('/v1/documents/guides/auth.md?locale=de#scopes')
  })
})

describe('the sidebar of an API reference', () => {
  it("groups operations by tag under the API's item, in the OpenAPI document's order", async () => {
    const items = await sidebar()
    expect(childrenOf(items, 'api/bookshop')?.map((item) => item.slug)).toEqual(['api/bookshop/books', 'api/bookshop/authors', 'api/bookshop/categories', 'api/bookshop/orders'])
    expect(childrenOf(items, 'api/bookshop/books')?.map((item) => item.title)).toEqual(['List books', 'Add a book', 'Get a book', 'Remove a book', 'A book was published'])
    expect(childrenOf(items, 'api/bookshop/orders')?.map((item) => item.slug)).toEqual([
      'api/bookshop/orders/create-order',
      'api/bookshop/orders/get-order',
      'api/bookshop/orders/cancel-order',
      'api/bookshop/orders/order-shipped',
    ])
    expect(childrenOf(items, 'api/inventory')?.map((item) => item.slug)).toEqual(['api/inventory/stock', 'api/inventory/warehouses'])
  })

  it('shows the draft operation, in its place, only to a drafts:read token', async () => {
    const published = childrenOf(await sidebar(), 'api/bookshop/books')?.map((item) => item.slug)
    expect(published).not.toContain('api/bookshop/books/update-book')
    const withDrafts = childrenOf(await sidebar(bearer(await draftsToken())), 'api/bookshop/books')
    expect(withDrafts?.map((item) => item.slug)).toEqual([
      'api/bookshop/books/list-books',
      'api/bookshop/books/create-book',
      'api/bookshop/books/get-book',
      'api/bookshop/books/update-book',
      'api/bookshop/books/delete-book',
      'api/bookshop/books/book-published',
    ])
    expect(withDrafts?.find((item) => item.slug === 'api/bookshop/books/update-book')).toMatchObject({ title: 'Change a book', draft: true })
  })
})

describe('a draft operation', () => {
  it('is 404 without a token, as JSON and as Markdown, and served to a drafts:read token', async () => {
    await expectNotFound(await call(DRAFT))
    await expectNotFound(await call(`${DRAFT}.md`))
    await expectNotFound(await call(`${DRAFT}?locale=de`))
    const document = await documentOf(DRAFT, bearer(await draftsToken()))
    expect(document).toMatchObject({ title: 'Change a book', draft: true })
    expect(document.operation).toMatchObject({ operationId: 'updateBook', method: 'patch', path: '/books/{bookId}' })
  })

  it("is left out of its tag's overview", async () => {
    const tag = await markdownOf('/v1/documents/api/bookshop/books')
    expect(tag).toContain('get-book.md')
    expect(tag).not.toContain('update-book')
  })

  it.each([
    ['/llms.txt', 'Get a book', ['update-book', 'Change a book']],
    ['/llms-full.txt', 'Get a book', ['Change a book', 'Changes the fields you send']],
    ['/llms.txt?locale=de', 'Buch abrufen', ['update-book', 'Buch ändern']],
    ['/llms-full.txt?locale=de', 'Buch abrufen', ['Buch ändern', 'Ändert die gesendeten Felder']],
  ])('is left out of %s, whatever the token, beside the published operations', async (path, published, draftWords) => {
    for (const headers of [{}, bearer(await draftsToken())]) {
      const text = await (await call(path, { headers })).text()
      expect(text, path).toContain(published)
      for (const words of draftWords) expect(text, path).not.toContain(words)
    }
  })
})

describe('llms.txt of an API reference', () => {
  it("lists the API's overview, its tags and their operations with .md URLs under the API section, in sidebar order", async () => {
    const text = await (await call('/llms.txt')).text()
    const section = text.split('\n## API reference\n')[1]?.split('\n## ')[0] ?? ''
    const lines = section.trim().split('\n')
    expect(lines.slice(0, 4)).toEqual([
      '- [Bookshop API](/v1/documents/api/bookshop.md): Browse the catalogue, place orders and follow them until they arrive.',
      expect.stringMatching(/^- \[books\]\(\/v1\/documents\/api\/bookshop\/books\.md\): /),
      '- [List books](/v1/documents/api/bookshop/books/list-books.md): GET /books',
      '- [Add a book](/v1/documents/api/bookshop/books/create-book.md): POST /books',
    ])
    expect(lines).toContain('- [Get a book](/v1/documents/api/bookshop/books/get-book.md): GET /books/{bookId}')
    expect(lines).toContain('- [Cancel an order](/v1/documents/api/bookshop/orders/cancel-order.md): POST /orders/{orderId}/cancel')
    expect(lines).toContain('- [List warehouses](/v1/documents/api/inventory/warehouses/list-warehouses.md): GET /warehouses')
  })

  it('gives every operation its Markdown in llms-full.txt', async () => {
    const text = await (await call('/llms-full.txt')).text()
    expect(text).toContain('# Get a book\n\n`GET /books/{bookId}`\n')
    expect(text).toContain('# Cancel an order\n\n`POST /orders/{orderId}/cancel`\n')
  })
})
