import { beforeAll, describe, expect, it } from 'vitest'
import type { DocumentResponse, NavTreeNode } from '../../contract/index.ts'
import { bearer, draftsToken } from './tokens.ts'
import { call, expectNotFound, publishApiSite, readJson } from './helpers.ts'

// Where the API reference of test/fixtures/api-reference is listed: the sidebar, llms.txt and
// llms-full.txt, and the draft operation that none of them, nor its URL, may show without a token.

beforeAll(publishApiSite)

const DRAFT = '/v1/documents/api/bookshop/books/update-book'

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

describe('the sidebar of an API reference', () => {
  it("groups operations by tag under the API's item, in the OpenAPI document's order, each with its method", async () => {
    const items = await sidebar()
    expect(childrenOf(items, 'api/bookshop')?.map((item) => item.slug)).toEqual(['api/bookshop/books', 'api/bookshop/authors', 'api/bookshop/categories', 'api/bookshop/orders'])
    expect(childrenOf(items, 'api/bookshop/books')?.map((item) => `${item.method} ${item.title}`)).toEqual([
      'get List books',
      'post Add a book',
      'get Get a book',
      'delete Remove a book',
      'post A book was published',
    ])
    // A tag's and an API's items are not operations: no method to show.
    expect(items.flatMap((item) => item.children).find((item) => item.slug === 'api/bookshop')).not.toHaveProperty('method')
    expect(childrenOf(items, 'api/bookshop')?.map((item) => item.method)).toEqual([undefined, undefined, undefined, undefined])
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
    const response = await call(DRAFT, { headers: bearer(await draftsToken()) })
    expect(response.status).toBe(200)
    const document = await readJson<DocumentResponse>(response)
    expect(document).toMatchObject({ title: 'Change a book', draft: true })
    expect(document.operation).toMatchObject({ operationId: 'updateBook', method: 'patch', path: '/books/{bookId}' })
  })

  it("is left out of its tag's overview", async () => {
    const tag = await (await call('/v1/documents/api/bookshop/books.md')).text()
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

  it('gives every operation that llms.txt lists its Markdown in llms-full.txt', async () => {
    const list = await (await call('/llms.txt')).text()
    const operations = [...list.matchAll(/^- \[(.+)\]\(\S+\): ((?:GET|PUT|POST|DELETE|PATCH) \/\S*)$/gm)]
    expect(operations.length).toBe(17)
    const full = await (await call('/llms-full.txt')).text()
    for (const [, title, request] of operations) expect(full).toContain(`# ${title}\n\n\`${request}\`\n`)
  })
})
