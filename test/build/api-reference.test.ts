import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiOperation, NavTreeNode } from '../../contract/index.ts'
import { formatProblem } from '../../build/content/problems.ts'
import { blob, buildDir, buildFolder, documentOf, makeTempDir, navTreeOf, problemsOf, removeTempDirs, routesOf, type FolderBuild } from '../shared/build-helpers.ts'

const FIXTURE = 'test/fixtures/api-reference'
const INVALID = 'test/fixtures/openapi-invalid'

let build: FolderBuild

beforeAll(async () => {
  build = await buildDir(FIXTURE)
}, 120_000)

afterAll(removeTempDirs)

const operationOf = (docId: string, locale?: string): ApiOperation => {
  const operation = documentOf(build.result, docId, locale).operation
  if (!operation) throw new Error(`${docId} carries no operation`)
  return operation
}

const childSlugs = (nodes: NavTreeNode[], slug: string): Array<string | null> => {
  for (const node of nodes) {
    if (node.slug === slug) return node.children.map((child) => child.slug)
    const found = childSlugs(node.children, slug)
    if (found.length > 0) return found
  }
  return []
}

describe('an OpenAPI document listed in site.yml', () => {
  it('makes a document per operation, slugged from its operationId under its first tag', () => {
    const listBooks = documentOf(build.result, 'api/bookshop/books/list-books')
    expect(listBooks.title).toBe(operationOf('api/bookshop/books/list-books').summary)
    expect(listBooks.operation).toMatchObject({ operationId: 'listBooks', method: 'get', path: '/books', api: 'api/bookshop', kind: 'operation', tags: ['books'] })
    expect(listBooks.section).toBe('api')
    // An operation in two tags has one page, under its first.
    expect(operationOf('api/bookshop/authors/list-author-books').tags).toEqual(['authors', 'books'])
  })

  it('slugs an operation without an operationId from its method and path', () => {
    expect(operationOf('api/bookshop/categories/get-categories')).toMatchObject({ operationId: null, method: 'get', path: '/categories' })
  })

  it('carries parameters of every location, path-level ones included, with examples given or generated', () => {
    const getBook = operationOf('api/bookshop/books/get-book')
    expect(getBook.parameters.find((parameter) => parameter.in === 'path')).toMatchObject({ name: 'bookId', required: true })
    const all = collectOperations()
    const locations = new Set(all.flatMap((operation) => operation.parameters.map((parameter) => parameter.in)))
    expect([...locations].sort()).toEqual(['cookie', 'header', 'path', 'query'])
    for (const parameter of all.flatMap((operation) => operation.parameters)) if (parameter.schema) expect(parameter.example).not.toBeNull()
  })

  it('carries request bodies per media type and responses per status with headers, schemas expanded and cycles marked', () => {
    const createBook = operationOf('api/bookshop/books/create-book')
    expect(createBook.requestBody?.content.map((media) => media.mediaType)).toEqual(expect.arrayContaining(['application/json', 'multipart/form-data']))
    const responses = collectOperations().flatMap((operation) => operation.responses)
    expect(responses.some((response) => response.headers.length > 0)).toBe(true)
    const text = JSON.stringify(collectOperations())
    expect(text).not.toContain('"$ref":"#/components/schemas/Book"}')
    expect(text).toContain('"x-circular":true')
    expect(text).toMatch(/"x-ref":"#\/components\/schemas\//)
  })

  it('carries security alternatives, servers, callbacks, deprecation and three code samples', () => {
    const createOrder = operationOf('api/bookshop/orders/create-order')
    expect(createOrder.callbacks.length).toBeGreaterThan(0)
    expect(createOrder.servers.length).toBeGreaterThan(0)
    expect(createOrder.security.flat().map((scheme) => scheme.type)).toEqual(expect.arrayContaining([expect.any(String)]))
    expect(createOrder.codeSamples.map((sample) => sample.label)).toEqual(expect.arrayContaining(['curl', 'JavaScript', 'Python']))
    expect(operationOf('api/bookshop/books/delete-book').deprecated).toBe(true)
    expect(collectOperations().some((operation) => operation.security.length === 0)).toBe(true)
  })

  it('makes a page per webhook (OpenAPI 3.1)', () => {
    const webhooks = collectOperations().filter((operation) => operation.kind === 'webhook')
    expect(webhooks.map((operation) => operation.path).sort()).toEqual(['bookPublished', 'orderShipped'].sort())
  })

  it('makes an overview per API and per tag, and groups operations by tag in the sidebar in document order', () => {
    expect(documentOf(build.result, 'api/bookshop').title).toBe('Bookshop API')
    expect(documentOf(build.result, 'api/bookshop/books').operation).toBeNull()
    const tree = navTreeOf(build.result)
    expect(childSlugs(tree, 'api/bookshop')).toEqual(expect.arrayContaining(['api/bookshop/books', 'api/bookshop/authors', 'api/bookshop/orders']))
    const books = childSlugs(tree, 'api/bookshop/books')
    expect(books.indexOf('api/bookshop/books/list-books')).toBeLessThan(books.indexOf('api/bookshop/books/create-book'))
  })

  it("links Redoc's anchors in descriptions (#operation/getOrder, #tag/books) to the pages they name", () => {
    const orders = documentOf(build.result, 'api/bookshop/orders').html
    expect(orders).toMatch(/href="[^"]*api\/bookshop\/orders\/get-order"/)
    expect(orders).toMatch(/href="[^"]*api\/bookshop\/books"/)
  })

  it('keeps an x-draft operation out of the published documents and the public sidebar', () => {
    const routes = routesOf(build.result)
    const updateBook = routes.documents.en?.['api/bookshop/books/update-book']
    expect(updateBook?.draft).toBe(true)
    expect(childSlugs(navTreeOf(build.result), 'api/bookshop/books')).not.toContain('api/bookshop/books/update-book')
  })

  it('reads a translated document beside the original and falls back for an untranslated API', () => {
    const german = documentOf(build.result, 'api/bookshop/books/list-books', 'de')
    expect(german.locale).toBe('de')
    expect(german.title).not.toBe(documentOf(build.result, 'api/bookshop/books/list-books').title)
    expect(documentOf(build.result, 'api/inventory', 'de').fallback).toBe(true)
  })

  it('converts a Swagger 2.0 document: a body parameter becomes a request body', () => {
    const legacy = collectOperations().filter((operation) => operation.api === 'api/legacy')
    expect(legacy.length).toBeGreaterThanOrEqual(3)
    expect(legacy.some((operation) => operation.requestBody !== null)).toBe(true)
  })

  it('makes every page of an API a draft when its site.yml entry says draft: true', async () => {
    const small = await buildFolder({
      'site.yml': 'title: T\nopenapi:\n  - path: openapi/api.yaml\n    draft: true\n',
      'docs/en/index.md': '# Home\n',
      'openapi/api.yaml':
        'openapi: 3.1.0\ninfo: {title: Tiny, version: "1"}\npaths:\n  /ping:\n    get:\n      operationId: ping\n      tags: [health]\n      responses:\n        "200": {description: pong}\n',
    })
    const documents = routesOf(small.result).documents.en ?? {}
    expect(Object.keys(documents).sort()).toEqual(['api', 'api/health', 'api/health/ping', 'index'])
    for (const slug of ['api', 'api/health', 'api/health/ping']) expect(documents[slug]?.draft, slug).toBe(true)
    expect(documents.index?.draft).toBe(false)
  })

  it("points an operation's edit link at its OpenAPI document", async () => {
    const small = await buildFolder({
      'site.yml': 'title: T\neditUrl: https://example.com/edit/{path}\nopenapi:\n  - path: openapi/api.yaml\n',
      'docs/en/index.md': '# Home\n',
      'openapi/api.yaml':
        'openapi: 3.1.0\ninfo: {title: Tiny, version: "1"}\npaths:\n  /ping:\n    get:\n      operationId: ping\n      responses:\n        "200": {description: pong}\n',
    })
    expect(documentOf(small.result, 'api/ping').edit.url).toBe('https://example.com/edit/openapi/api.yaml')
  })
})

describe('an invalid OpenAPI document', async () => {
  const cases = (await readdir(INVALID)).sort()
  it.each(cases)('%s: fails the build with path:line problems and writes nothing', async (name) => {
    const dir = join(INVALID, name)
    const expected = JSON.parse(await readFile(join(dir, 'expected.json'), 'utf8')) as Array<{ path: string; line: number; contains: string }>
    const parent = await makeTempDir('docs-dist-')
    const problems = (await problemsOf(dir, { outDir: join(parent, 'dist') })).map((problem) => formatProblem(problem))
    // Nothing half written: no output, no leftover beside it.
    expect(await readdir(parent)).toEqual([])
    for (const want of expected)
      expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${escapeRegExp(`${want.path}:${want.line}: `)}.*${escapeRegExp(want.contains)}`)))
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Every operation of the default locale's published and draft documents. */
function collectOperations(): ApiOperation[] {
  const routes = routesOf(build.result)
  return Object.values(routes.documents.en ?? {}).flatMap((entry) => {
    const operation = blob<{ operation: ApiOperation | null }>(build.result, entry.blob).operation
    return operation ? [operation] : []
  })
}
