import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchHit } from '../../search/results.ts'
import { buildDir, removeTempDirs, versionOf, type FolderBuild } from '../shared/build-helpers.ts'
import { chunkReader, loadEngine } from '../shared/search-helpers.ts'

// The bookshop's API reference built from its OpenAPI documents, searched as a reader would.
let build: FolderBuild

beforeAll(async () => {
  build = await buildDir('test/fixtures/api-reference')
}, 120_000)

afterAll(removeTempDirs)

async function search(query: string, locale = 'en', canReadDrafts = false): Promise<SearchHit[]> {
  const { result } = build
  const blob = (hash: string) => result.blobs.get(hash) as string
  const engine = await loadEngine(blob(versionOf(result).search[locale] as string), blob)
  return (await engine.search(result.manifest.site, { query, limit: 10, sectionBoost: [], canReadDrafts }, chunkReader(engine, blob))).results
}

describe('search over an API reference built from OpenAPI documents', () => {
  it.each([
    ['listBooks', 'api/bookshop/books/list-books'],
    ['getBook', 'api/bookshop/books/get-book'],
    ['GET /books', 'api/bookshop/books/list-books'],
    ['GET /books/{bookId}', 'api/bookshop/books/get-book'],
    ['DELETE /books/{bookId}', 'api/bookshop/books/delete-book'],
    ['/authors/{authorId}/books', 'api/bookshop/authors/list-author-books'],
    ['POST /orders/{orderId}/cancel', 'api/bookshop/orders/cancel-order'],
  ])('ranks the operation first for %s', async (query, slug) => {
    expect((await search(query))[0]?.slug).toBe(slug)
  })

  it('ranks the operations of a path first for the path alone, the draft one (updateBook) for a reader of drafts only', async () => {
    const published = (await search('/books/{bookId}')).map((hit) => hit.slug)
    expect(published.slice(0, 2).sort()).toEqual(['api/bookshop/books/delete-book', 'api/bookshop/books/get-book'])
    expect(published).not.toContain('api/bookshop/books/update-book')
    const withDrafts = (await search('/books/{bookId}', 'en', true)).map((hit) => hit.slug)
    expect(withDrafts.slice(0, 3).sort()).toEqual(['api/bookshop/books/delete-book', 'api/bookshop/books/get-book', 'api/bookshop/books/update-book'])
  })

  it('shows the method and path with the hit of an operation, and null with a guide or an overview', async () => {
    const [operation] = await search('listBooks')
    expect(operation).toMatchObject({ title: 'List books', operation: { method: 'GET', path: '/books' } })
    const hits = await search('books')
    expect(hits.some((hit) => hit.operation === null)).toBe(true)
    for (const hit of hits) expect(hit.operation === null, hit.slug).toBe(!hit.slug.startsWith('api/bookshop/books/') && !hit.slug.startsWith('api/bookshop/authors/'))
  })

  it('finds the operations of a translated document by their id in its locale', async () => {
    const [hit] = await search('listBooks', 'de')
    expect(hit).toMatchObject({ slug: 'api/bookshop/books/list-books', locale: 'de', operation: { method: 'GET', path: '/books' } })
  })
})
