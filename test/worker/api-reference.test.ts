import type { Heading, Root, Table } from 'mdast'
import { toString as mdastToString } from 'mdast-util-to-string'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { beforeAll, describe, expect, it } from 'vitest'
import { DocumentResponseSchema, type ApiOperation, type DocumentResponse } from '../../contract/index.ts'
import { deviations, type OpenApiDocument } from '../typed-client/conformance.ts'
import { call, publishApiSite, readJson } from './helpers.ts'

// The API reference of test/fixtures/api-reference as the worker serves it: documents with their
// operation, locales and Markdown copies. The sidebar, drafts and llms files: api-reference-listings.test.ts;
// search and MCP: api-reference-agents.test.ts.

beforeAll(publishApiSite)

const GET_BOOK = '/v1/documents/api/bookshop/books/get-book'

async function documentOf(path: string): Promise<DocumentResponse> {
  const response = await call(path)
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

/** Reads the Markdown copies as an agent's tools would: CommonMark with GitHub's tables. */
const markdownParser = unified().use(remarkParse).use(remarkGfm).freeze()

function linkTargets(markdown: string): string[] {
  const urls: string[] = []
  visit(markdownParser.parse(markdown), 'link', (link) => {
    urls.push(link.url)
  })
  return urls
}

/** The headings of a Markdown text as it writes them: `## Responses`. */
const outlineOf = (tree: Root) =>
  tree.children.filter((node): node is Heading => node.type === 'heading').map((heading) => `${'#'.repeat(heading.depth)} ${mdastToString(heading)}`)

/** The rows, header row first, of the first table after the heading `title`, as the cells' text. */
function tableUnder(tree: Root, title: string): string[][] {
  const start = tree.children.findIndex((node) => node.type === 'heading' && mdastToString(node) === title)
  const table = tree.children.slice(start + 1).find((node): node is Table => node.type === 'table')
  if (start < 0 || !table) throw new Error(`no table under "${title}"`)
  return table.children.map((row) => row.children.map((cell) => mdastToString(cell)))
}

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

  it('is answered with the page parts every document has: title, section, TOC, breadcrumbs through the API and its tag, and an ETag that answers 304', async () => {
    const document = await documentOf(GET_BOOK)
    expect(document).toMatchObject({ slug: 'api/bookshop/books/get-book', title: 'Get a book', section: 'api', locale: 'en', fallback: false, draft: false })
    expect(document.toc.map((entry) => entry.id)).toEqual(['authentication', 'parameters', 'responses', 'code-samples'])
    expect(document.nav.breadcrumbs.map((crumb) => crumb.slug)).toEqual(['api/bookshop', 'api/bookshop/books'])
    for (const path of [GET_BOOK, `${GET_BOOK}.md`]) {
      const etag = (await call(path)).headers.get('ETag') ?? ''
      expect(etag, path).toMatch(/^"[0-9a-f]{32}"$/)
      expect((await call(path, { headers: { 'If-None-Match': etag } })).status, path).toBe(304)
    }
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
  it('is a complete compact reference: title, request line, URL, parameter tables, responses by status and code samples', async () => {
    const text = await markdownOf(GET_BOOK)
    expect(text.startsWith('# Get a book\n\n`GET /books/{bookId}`\n\nURL: `https://api.bookshop.example/v2/books/{bookId}`\n')).toBe(true)
    const tree = markdownParser.parse(text)
    expect(outlineOf(tree)).toEqual([
      '# Get a book',
      '## Authentication',
      '## Parameters',
      '### Path parameters',
      '### Header parameters',
      '## Responses',
      '### 200 OK',
      '#### Headers',
      '#### application/json',
      '### 304 Not Modified',
      '### 404 Not Found',
      '#### application/problem+json',
      '## Code samples',
    ])
    expect(tableUnder(tree, 'Path parameters')).toEqual([
      ['Name', 'Type', 'Required', 'Description'],
      ['bookId', 'string', 'yes', "The book's id. Pattern: ^bk_[0-9a-f]+$. Example: bk_3f9a1c."],
    ])
    expect(tableUnder(tree, 'Header parameters').map((row) => row.slice(0, 3))).toEqual([
      ['Name', 'Type', 'Required'],
      ['If-None-Match', 'string', 'no'],
    ])
    expect(tableUnder(tree, 'application/json')).toContainEqual(['formats[].price.currency', 'string', 'yes', 'ISO 4217 code. Allowed values: EUR, GBP, USD.'])
    const samples = tree.children.flatMap((node) => (node.type === 'code' ? [[node.lang, node.value.split('\n')[0]]] : []))
    expect(samples).toEqual(
      expect.arrayContaining([
        ['shell', 'curl https://api.bookshop.example/v2/books/bk_3f9a1c'],
        ['javascript', "fetch('https://api.bookshop.example/v2/books/bk_3f9a1c')"],
        ['python', 'requests.get('],
      ]),
    )
    expect(tree.children.filter((node) => node.type === 'html')).toEqual([])
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
