import { describe, expect, it } from 'vitest'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { DisplayChunkSchema, SearchHitSchema } from '../../contract/index.ts'
import { encodeSearchIndex, indexDocuments, type IndexedDocument } from '../../search/engine.ts'
import { expandQueryTerm } from '../../search/expand.ts'
import { titleTerms } from '../../search/records.ts'
import { TermTable } from '../../search/term-table.ts'
import { encodedValues, loadEngine, wholeIndexOf } from '../shared/search-helpers.ts'

const SITE = { title: 't', description: null, defaultLocale: 'en', locales: ['en'], baseUrl: '/', sections: [] }

/** A page of the guides, as every site has. */
const page = (slug: string, title: string, text: string): IndexedDocument => ({
  docId: slug,
  slug,
  locale: 'en',
  section: 'guides',
  title,
  draft: false,
  tags: [],
  sections: [{ heading: null, text }],
})

/** An operation's page as the build makes it: titled by its summary, its body starting with the method and path. */
function operation(operationId: string, method: string, path: string, summary: string, text: string): IndexedDocument {
  return {
    ...page(`api/${operationId.toLowerCase()}`, summary, `${method} ${path} ${text}`),
    section: 'api',
    keywords: `${operationId} ${method} ${path}`,
    operation: { method, path },
  }
}

// Twenty-one documents, most about books and lists, so that the words of an operation's id and path are everywhere.
const GUIDES: IndexedDocument[] = [
  page('guides/books', 'Books in the catalogue', 'Every book has an id, a title and authors. List books by shelf, or get a book by its id.'),
  page('guides/listing-books', 'Listing books', 'To list books, call the list endpoint: it returns books a page at a time. The list is sorted by title.'),
  page('guides/book-lists', 'Book lists for readers', 'Readers keep lists of books: a reading list, a wish list. Each list holds book ids.'),
  page('guides/pagination', 'Paging through long lists', 'A list of books or authors comes a page at a time; get the next page with the cursor.'),
  page('guides/ids', 'Book ids', 'A bookId is stable: get a book by its bookId long after its title changed.'),
  page('guides/start', 'Getting started', 'Get a key, then list books and get one book to see the shape of the answers.'),
  page('guides/errors', 'Errors', 'A book that does not exist answers 404; a list with a bad cursor answers 400.'),
  page('guides/auth', 'Authentication', 'Send the key in a header with every request to get books or lists.'),
  page('guides/shelves', 'Shelves and books', 'A shelf lists books; get the books of a shelf, or the shelves of a book.'),
  page('guides/get-books', 'How to get books out of the catalogue', 'Export books: get every book of a list, page by page, with GET requests.'),
  page('guides/changelog', 'Changes to books and lists', 'Books gained a subtitle; lists may be shared. GET /books now pages.'),
]
const OPERATIONS: IndexedDocument[] = [
  operation('listBooks', 'GET', '/books', 'List books', 'Returns the books of the catalogue, a page at a time, sorted by title.'),
  operation('getBook', 'GET', '/books/{bookId}', 'Get a book', 'Returns one book by its id, with its authors and shelves.'),
  operation('updateBook', 'PUT', '/books/{bookId}', 'Update a book', 'Replaces a book: its title, authors and shelves.'),
  operation('deleteBook', 'DELETE', '/books/{bookId}', 'Delete a book', 'Removes a book from the catalogue and from every list.'),
  operation('createBook', 'POST', '/books', 'Add a book', 'Adds a book to the catalogue and gives its id.'),
  operation('listAuthors', 'GET', '/authors', 'List authors', 'Returns the authors of the books of the catalogue.'),
  operation('getAuthor', 'GET', '/authors/{authorId}', 'Get an author', 'Returns one author and the ids of their books.'),
  operation('listShelves', 'GET', '/shelves', 'List shelves', 'Returns the shelves, each with the books it lists.'),
  operation('getShelf', 'GET', '/shelves/{shelfId}', 'Get a shelf', 'Returns one shelf and its list of books.'),
  operation('listBookReviews', 'GET', '/books/{bookId}/reviews', 'List the reviews of a book', 'Returns the reviews of one book, newest first.'),
]
const DOCUMENTS = [...GUIDES, ...OPERATIONS]

function stored(documents: IndexedDocument[]) {
  const encoded = encodeSearchIndex(indexDocuments('en', documents), contentHash)
  const chunks = encoded.displayChunks.map((text) => DisplayChunkSchema.parse(JSON.parse(text)))
  return { encoded, read: encodedValues(encoded), readChunk: async (chunk: number) => chunks[chunk] ?? DisplayChunkSchema.parse({ documents: [] }) }
}

async function search(query: string) {
  const { encoded, read, readChunk } = stored(DOCUMENTS)
  const engine = await loadEngine(encoded.index, read)
  return (await engine.search(SITE, { query, limit: 10, sectionBoost: [], canReadDrafts: false }, readChunk)).results
}

describe('search over API operations', () => {
  it.each([
    ['listBooks', 'api/listbooks'],
    ['getBook', 'api/getbook'],
    ['GET /books/{bookId}', 'api/getbook'],
    ['DELETE /books/{bookId}', 'api/deletebook'],
    ['GET /books', 'api/listbooks'],
  ])('ranks an operation first for its operationId or its method and path (%s)', async (query, slug) => {
    expect((await search(query))[0]?.slug).toBe(slug)
  })

  it('ranks the operations of a path first for the path alone, before the operations of longer paths and the guides that share its words', async () => {
    const slugs = (await search('/books/{bookId}')).map((hit) => hit.slug)
    expect(slugs.slice(0, 3).sort()).toEqual(['api/deletebook', 'api/getbook', 'api/updatebook'])
    expect(slugs).toContain('api/listbookreviews')
  })

  it('ranks the operation of a path above those of longer paths that hold every word of the query', async () => {
    const forItem = (await search('GET /books/{bookId}')).map((hit) => hit.slug)
    expect(forItem.indexOf('api/getbook')).toBe(0)
    expect(forItem).toContain('api/listbookreviews')
    const forList = (await search('GET /books')).map((hit) => hit.slug)
    expect(forList.slice(0, 3)).toEqual(['api/listbooks', expect.any(String), expect.any(String)])
    expect(forList).toEqual(expect.arrayContaining(['api/getbook', 'api/listbookreviews']))
  })

  it('finds a path by its start, and ranks a path with a trailing slash or in backticks as the path', async () => {
    expect((await search('/books/{bookId}/rev'))[0]?.slug).toBe('api/listbookreviews')
    expect((await search('GET /books/')).map((hit) => hit.slug)[0]).toBe('api/listbooks')
    expect((await search('`/authors`'))[0]?.slug).toBe('api/listauthors')
  })

  it('ranks guides as before when the query is no operation of theirs: keywords count only for the documents that have them', async () => {
    const withOperations = (await search('listing books')).map((hit) => hit.slug)
    expect(withOperations[0]).toBe('guides/listing-books')
  })

  it('shows the method and path with the hits of an operation, and null with other hits', async () => {
    const hits = await search('books')
    const byHit = new Map(hits.map((hit) => [hit.slug, hit.operation]))
    expect(hits.length).toBe(10)
    for (const hit of hits) expect(SearchHitSchema.parse(hit)).toEqual(hit)
    expect((await search('getBook'))[0]?.operation).toEqual({ method: 'GET', path: '/books/{bookId}' })
    for (const [slug, shown] of byHit) expect(shown, slug).toEqual(slug.startsWith('api/') ? OPERATIONS.find((document) => document.slug === slug)?.operation : null)
    expect([...byHit.values()]).toContain(null)
  })

  it('never shows the keywords: a hit’s title is the summary alone', async () => {
    const [hit] = await search('listBooks')
    expect(hit?.title).toBe('List books')
    expect(hit?.excerpt).not.toContain('listBooks')
  })

  it('encodes an index of pages that give empty keywords as one of pages that give none: a title gains no line', () => {
    const { encoded } = stored(GUIDES)
    const { encoded: empty } = stored(GUIDES.map((document) => ({ ...document, keywords: '' })))
    expect(empty.index).toBe(encoded.index)
    expect(empty.parts).toEqual(encoded.parts)
    expect(empty.displayChunks).toEqual(encoded.displayChunks)
    expect(encoded.displayChunks.join('')).not.toContain('"operation"')
  })

  it('finds a path as typed or by its start, never one typo away, where its words are found anyway', () => {
    const index = wholeIndexOf(stored(DOCUMENTS).encoded)
    const termsOf = (query: string) => expandQueryTerm(index, query).map((expansion) => [index.terms[expansion.term], expansion.kind])
    expect(termsOf('/author')).toEqual([
      ['/authors', 'prefix'],
      ['/authors/{authorid}', 'prefix'],
    ])
    expect(termsOf('/authorz')).toEqual([])
    expect(termsOf('authorz').map(([, kind]) => kind)).toContain('typo')
  })

  it('counts the words of the keywords as title words', async () => {
    const { encoded, read, readChunk } = stored(DOCUMENTS)
    const engine = await loadEngine(encoded.index, read)
    const [hit] = (await engine.search(SITE, { query: 'listBooks', limit: 1, sectionBoost: [], canReadDrafts: false, explain: true }, readChunk)).results
    expect(hit?.explain?.contributions.map(({ term, field }) => [term, field])).toEqual([['listbooks', 'title']])
  })

  it('counts a path whole as a title term, not its words one by one: each of their forms would score again', () => {
    // As DigitalOcean's API names them: word by word, this path said droplet twice more in the title (droplets, droplet_id),
    // and "create droplet" found "Retrieve an Existing Droplet" above "Create a New Droplet".
    const table = new TermTable()
    const ids = titleTerms({ title: 'Retrieve an Existing Droplet', keywords: 'droplets_get GET /v2/droplets/{droplet_id}' }, 'en', table)
    const terms = ids.map((id) => table.terms[id / 2])
    expect(terms).toEqual(expect.arrayContaining(['retrieve', 'droplet', 'droplets_get', 'get', '/v2/droplets/{droplet_id}']))
    expect(terms).not.toContain('droplet_id')
    expect(terms).not.toContain('droplets')
  })
})
