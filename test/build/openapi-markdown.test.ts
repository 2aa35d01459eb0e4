import type { Code, Heading, Root, RootContent, Table } from 'mdast'
import { toString as textOf } from 'mdast-util-to-string'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { afterAll, describe, expect, it } from 'vitest'
import type { ApiMediaType, ApiOperation, ApiParameter, ApiSecurityScheme } from '../../contract/api-reference.ts'
import { remarkContainerSyntax } from '../../build/markdown/plugins/remark-container-syntax.ts'
import { apiMarkdown, operationMarkdown, tagMarkdown, type ApiOverviewInput, type TagOverviewInput } from '../../build/openapi/page-markdown.ts'
import { buildFolder, doc, documentOf, removeTempDirs, SITE_EN } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

/** The site's own reading of Markdown: CommonMark, GFM and container directives. */
const reader = unified().use(remarkParse).use(remarkGfm).use(remarkContainerSyntax).freeze()
const parse = (markdown: string): Root => reader.parse(markdown)

function nodesOf<T extends RootContent['type']>(tree: Root, type: T): Array<Extract<RootContent, { type: T }>> {
  const found: RootContent[] = []
  const walk = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type === type) found.push(node)
      if ('children' in node) walk(node.children)
    }
  }
  walk(tree.children)
  return found.filter((node): node is Extract<RootContent, { type: T }> => node.type === type)
}

const headings = (tree: Root) => nodesOf(tree, 'heading').map((node: Heading) => `${'#'.repeat(node.depth)} ${textOf(node)}`)
const rows = (table: Table | undefined) => (table?.children ?? []).map((row) => row.children.map((cell) => textOf(cell)))

/** The table that follows the heading with this text. */
function tableAfter(tree: Root, title: string): Table | undefined {
  const start = tree.children.findIndex((node) => node.type === 'heading' && textOf(node) === title)
  return tree.children.slice(start + 1).find((node): node is Table => node.type === 'table')
}

const bearer: ApiSecurityScheme = { name: 'bearerAuth', type: 'http', scheme: 'bearer', in: null, parameterName: null, description: null, scopes: [] }

function parameter(fields: Partial<ApiParameter> & Pick<ApiParameter, 'in' | 'name'>): ApiParameter {
  return { required: false, deprecated: false, description: null, schema: { type: 'string' }, example: null, ...fields }
}

const category = {
  type: 'object',
  'x-ref': '#/components/schemas/Category',
  properties: { name: { type: 'string' }, parent: { $ref: '#/components/schemas/Category', 'x-circular': true } },
}

const bookBody: ApiMediaType = {
  mediaType: 'application/json',
  schema: {
    'x-ref': '#/components/schemas/NewBook',
    allOf: [
      { type: 'object', required: ['title'], properties: { title: { type: 'string' }, published: { type: 'string', format: 'date-time' } } },
      {
        type: 'object',
        properties: {
          author: {
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string' },
              a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'object', properties: { d: { type: 'string' } } } } } } },
            },
          },
          copies: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } },
          category,
          payment: {
            oneOf: [
              { 'x-ref': '#/components/schemas/Card', type: 'object', properties: { number: { type: 'string' } } },
              { title: 'Transfer', type: 'object', properties: { iban: { type: 'string' } } },
            ],
          },
        },
      },
    ],
  },
  example: { value: { title: 'Dune' }, generated: true },
}

const updateBook: ApiOperation = {
  api: 'library',
  operationId: 'updateBook',
  method: 'put',
  path: '/books/{bookId}',
  kind: 'operation',
  summary: 'Update a book',
  description: 'Replaces a book and its copies.\n\n# Limits\n\nOne update a second.\n\n## Bursts\n\nTen at most.',
  tags: ['books'],
  deprecated: true,
  servers: [{ url: 'https://api.example.com/v1/', description: 'Production' }],
  parameters: [
    parameter({ in: 'path', name: 'bookId', required: true, description: 'Splits on | and * around {id}, and &lt;b> stays text.', schema: { type: 'string', format: 'uuid' } }),
    parameter({ in: 'query', name: 'shelf', schema: { type: 'string', enum: ['a|b', '<b>', '*x*', '{id}'], default: 'a|b' } }),
    parameter({ in: 'query', name: 'ids', schema: { type: 'array', items: { type: 'integer' } } }),
    parameter({ in: 'header', name: 'X-Request-Id', description: 'Echoed back.' }),
    parameter({ in: 'cookie', name: 'session' }),
  ],
  requestBody: { required: true, description: 'The new state of the book.', content: [bookBody] },
  responses: [
    {
      status: '200',
      description: 'The updated book.\n\n# Caching\n\nSee the ETag.',
      headers: [{ name: 'ETag', required: true, description: 'The version of the book.', schema: { type: 'string' } }],
      content: [{ mediaType: 'application/json', schema: category, example: { value: { name: 'Fiction' }, generated: false } }],
    },
    { status: '4XX', description: 'The request was wrong.', headers: [], content: [] },
    { status: 'default', description: 'Anything else.', headers: [], content: [] },
  ],
  callbacks: [
    {
      name: 'bookIndexed',
      expression: '{$request.body#/callbackUrl}',
      method: 'post',
      summary: null,
      description: 'Sent once the search index has the book.',
      requestBody: {
        required: true,
        description: null,
        content: [{ mediaType: 'application/json', schema: { type: 'object', properties: { bookId: { type: 'string' } } }, example: null }],
      },
      responses: [{ status: '204', description: 'Received.', headers: [], content: [] }],
    },
  ],
  security: [[bearer], [{ ...bearer, name: 'oauth', type: 'oauth2', scheme: null, scopes: ['books:write'] }]],
  codeSamples: [
    { lang: 'sh', label: 'curl', source: "curl -X PUT 'https://api.example.com/v1/books/42'" },
    { lang: 'js', label: 'JavaScript', source: "await fetch('https://api.example.com/v1/books/42', { method: 'PUT' })" },
    { lang: 'python', label: 'Python', source: "requests.put('https://api.example.com/v1/books/42')" },
  ],
}

describe('operationMarkdown', () => {
  const tree = parse(operationMarkdown(updateBook))

  it('opens with the request line and the full URL on the first server, then the deprecation as a GitHub alert', () => {
    const [request, url, alert] = tree.children
    expect(request?.type === 'paragraph' && request.children[0]).toEqual(expect.objectContaining({ type: 'inlineCode', value: 'PUT /books/{bookId}' }))
    expect(url && textOf(url)).toBe('URL: https://api.example.com/v1/books/{bookId}')
    expect(alert?.type).toBe('blockquote')
    expect(alert && textOf(alert)).toMatch(/^\[!WARNING\]\nDeprecated/)
  })

  it('lays out the page in sections, a table of parameters per location, a heading per media type and per status', () => {
    expect(headings(tree)).toEqual([
      ...['## Limits', '### Bursts', '## Authentication', '## Parameters'],
      ...['### Path parameters', '### Query parameters', '### Header parameters', '### Cookie parameters'],
      ...['## Request body', '### application/json', '## Responses', '### 200 OK', '#### Caching', '#### Headers', '#### application/json', '### 4XX', '### default'],
      ...['## Callbacks', '### bookIndexed', '#### Request body', '##### application/json', '## Code samples'],
    ])
  })

  it('moves the headings of a description below the heading it sits under', () => {
    // `# Limits` in the operation's description sits under the page title; `# Caching` under `### 200 OK`.
    expect(headings(tree)).toContain('## Limits')
    expect(headings(tree)).toContain('#### Caching')
    expect(headings(tree)).not.toContain('# Limits')
  })

  it('gives each parameter its type, whether it is required, and its description with allowed and default values', () => {
    expect(rows(tableAfter(tree, 'Path parameters'))).toEqual([
      ['Name', 'Type', 'Required', 'Description'],
      ['bookId', 'string (uuid)', 'yes', 'Splits on | and * around {id}, and <b> stays text.'],
    ])
    expect(rows(tableAfter(tree, 'Query parameters')).slice(1)).toEqual([
      ['shelf', 'string', 'no', 'Allowed values: a|b, <b>, *x*, {id}. Default: a|b.'],
      ['ids', 'array of integer', 'no', ''],
    ])
  })

  it('keeps pipes, asterisks, tags and braces as the text they are in a table cell', () => {
    const [, shelf] = tableAfter(tree, 'Query parameters')?.children ?? []
    const codes = shelf ? nodesOf({ type: 'root', children: [shelf] }, 'inlineCode').map((node) => node.value) : []
    expect(codes).toEqual(['shelf', 'a|b', '<b>', '*x*', '{id}', 'a|b'])
    expect(nodesOf(tree, 'html')).toEqual([])
  })

  it('flattens the body schema: allOf merged, dotted and [] names, required marked, oneOf options labelled', () => {
    const body = rows(tableAfter(tree, 'application/json')).map(([name, type, required, description]) => `${name} | ${type} | ${required} | ${description}`)
    expect(body).toEqual([
      'Name | Type | Required | Description',
      'title | string | yes | ',
      'published | string (date-time) | no | ',
      'author | object | no | ',
      'author.name | string | yes | ',
      'author.a | object | no | ',
      'author.a.b | object | no | ',
      // Four names deep at most: `author.a.b.c.d` is left to the type of `author.a.b.c`.
      'author.a.b.c | object | no | ',
      'copies | array of object | no | ',
      'copies[].id | integer | no | ',
      'category | Category | no | ',
      'category.name | string | no | ',
      'category.parent | Category (recursive) | no | ',
      'payment | one of: Card, Transfer | no | ',
      'payment.number | string | no | (Card)',
      'payment.iban | string | no | (Transfer)',
    ])
  })

  it('writes a body that is one of several schemas as its shared properties, then each option under its name', () => {
    const payment = {
      type: 'object',
      required: ['amount'],
      properties: { amount: { type: 'integer', minimum: 1 } },
      oneOf: [
        { 'x-ref': '#/components/schemas/Card', type: 'object', properties: { number: { type: 'string' } } },
        { type: 'string', title: 'Voucher code' },
      ],
    }
    const paid = parse(
      operationMarkdown({ ...updateBook, requestBody: { required: false, description: null, content: [{ mediaType: 'application/json', schema: payment, example: null }] } }),
    )
    const start = paid.children.findIndex((node) => node.type === 'heading' && textOf(node) === 'application/json')
    const body = paid.children.slice(
      start + 1,
      paid.children.findIndex((node) => node.type === 'heading' && textOf(node) === 'Responses'),
    )
    expect(body.map((node) => (node.type === 'table' ? rows(node).map((row) => row.slice(0, 3).join(' | ')) : textOf(node)))).toEqual([
      ['Name | Type | Required', 'amount | integer | yes'],
      'One of: Card, Voucher code.',
      'Card',
      ['Name | Type | Required', 'number | string | no'],
      'Voucher code',
      'Type: string',
    ])
    expect(rows(paid.children.find((node): node is Table => node.type === 'table' && textOf(node).includes('amount')))[1]?.[3]).toBe('Minimum: 1.')
  })

  it('stops a recursive schema at its repeat instead of expanding it', () => {
    // The 200 response is a Category, whose `parent` is a Category again.
    const category = nodesOf(tree, 'table').find((table) => rows(table).some(([name]) => name === 'parent'))
    expect(rows(category)).toEqual([
      ['Name', 'Type', 'Required', 'Description'],
      ['name', 'string', 'no', ''],
      ['parent', 'Category (recursive)', 'no', ''],
    ])
  })

  it('writes each example as a titled JSON fence, saying when it was generated from the schema', () => {
    const examples = nodesOf(tree, 'code').filter((node) => node.meta?.includes('title='))
    expect(examples.map((node) => [node.lang, node.meta])).toEqual([
      ['json', 'title="Example (generated from the schema)"'],
      ['json', 'title="Example"'],
    ])
    expect(JSON.parse(examples[0]?.value ?? '')).toEqual({ title: 'Dune' })
  })

  it('names every way to authenticate, and says None when the operation needs none', () => {
    const [alternatives] = nodesOf(tree, 'list')
    expect(alternatives?.children.map((item) => textOf(item))).toEqual(['bearerAuth (HTTP bearer: Authorization: Bearer <token>)', 'oauth (OAuth 2.0, scopes: books:write)'])
    const open = parse(operationMarkdown({ ...updateBook, security: [] }))
    const afterHeading = open.children[open.children.findIndex((node) => node.type === 'heading' && textOf(node) === 'Authentication') + 1]
    expect(afterHeading && textOf(afterHeading)).toBe('None.')
  })

  it('writes the code samples as a VitePress code group, one labelled fence per sample', () => {
    const [group] = nodesOf(tree, 'containerDirective')
    const fences = group?.children.filter((node): node is Code => node.type === 'code') ?? []
    expect(group?.name).toBe('code-group')
    expect(group?.children).toHaveLength(3)
    expect(fences.map((node) => [node.lang, node.meta])).toEqual([
      ['sh', '[curl]'],
      ['js', '[JavaScript]'],
      ['python', '[Python]'],
    ])
    expect(fences.map((node) => node.value)).toEqual(updateBook.codeSamples.map((sample) => sample.source))
  })

  it('describes a webhook as a request the API sends, with no URL of its own', () => {
    const webhook = parse(operationMarkdown({ ...updateBook, kind: 'webhook', path: 'bookAdded', method: 'post', deprecated: false }))
    expect(textOf(webhook.children[0] ?? webhook)).toBe('Webhook bookAdded: the API sends POST requests to a URL you register.')
    expect(nodesOf(webhook, 'blockquote')).toEqual([])
  })
})

const booksTag: TagOverviewInput = {
  name: 'books',
  description: 'Everything about _books_.\n\n# Shelves\n\nBooks sit on shelves.',
  operations: [
    { slug: 'library/update-book', method: 'put', path: '/books/{bookId}', summary: 'Lists <b> | *all* {id}', deprecated: false },
    { slug: 'library/list-books', method: 'get', path: '/books', summary: null, deprecated: true },
  ],
}

describe('tagMarkdown', () => {
  const tree = parse(tagMarkdown(booksTag))

  it('writes the description, its headings moved below the title, then each operation linking to its page by its root-absolute slug', () => {
    expect(headings(tree)).toEqual(['## Shelves', '## Operations'])
    const links = nodesOf(tree, 'link')
    expect(links.map((link) => [link.url, textOf(link)])).toEqual([
      ['/library/update-book', 'PUT /books/{bookId}'],
      ['/library/list-books', 'GET /books'],
    ])
    const [operations] = nodesOf(tree, 'list')
    expect(operations?.children.map((item) => textOf(item))).toEqual(['PUT /books/{bookId}: Lists <b> | *all* {id}', 'GET /books (deprecated)'])
  })
})

describe('apiMarkdown', () => {
  const api: ApiOverviewInput = {
    version: '2.1.0',
    description: 'The library API.',
    servers: [
      { url: 'https://api.example.com/v1', description: 'Production' },
      { url: 'https://{region}.example.com', description: null },
    ],
    securitySchemes: [
      { ...bearer, description: 'A token from the **dashboard**.' },
      { name: 'apiKey', type: 'apiKey', scheme: null, in: 'header', parameterName: 'X-API-Key', description: null, scopes: [] },
    ],
    tags: [
      { name: 'books', slug: 'library/books', description: 'Everything about books.\n\nAnd more.' },
      { name: 'internal', slug: null, description: null },
    ],
    operations: 12,
  }
  const tree = parse(apiMarkdown(api))

  it('writes the version, servers, each authentication scheme and the tags, linked to their pages', () => {
    expect(textOf(tree.children[0] ?? tree)).toBe('Version: 2.1.0')
    expect(headings(tree)).toEqual(['## Servers', '## Authentication', '### bearerAuth', '### apiKey', '## Tags'])
    const [servers, tags] = nodesOf(tree, 'list')
    expect(servers?.children.map((item) => textOf(item))).toEqual(['https://api.example.com/v1: Production', 'https://{region}.example.com'])
    expect(tags?.children.map((item) => textOf(item))).toEqual(['books: Everything about books.', 'internal'])
    expect(nodesOf(tree, 'link').map((link) => link.url)).toEqual(['/library/books'])
    expect(textOf(tree)).toContain('API key in the X-API-Key header')
  })
})

describe('an operation page through the site build', () => {
  it('renders its tables, its code group as tabs and its alert, with no warnings, and the tag page links to it', async () => {
    const { result } = await buildFolder({
      'site.yml': SITE_EN,
      'docs/en/op.md': doc('title: Update a book', operationMarkdown(updateBook)),
      'docs/en/books.md': doc(
        'title: Books',
        tagMarkdown({ ...booksTag, operations: [{ slug: 'op', method: 'put', path: '/books/{bookId}', summary: 'Lists <b> | *all* {id}', deprecated: false }] }),
      ),
    })
    // The one warning left is the build's own about the temp folder having no git history.
    expect(result.warnings.filter((warning) => 'path' in warning)).toEqual([])
    const html = documentOf(result, 'op').html
    expect(html.match(/<table>/g)?.length).toBe(8)
    expect(html).toContain('<div class="tabs" data-kind="code-group">')
    expect([...html.matchAll(/<div class="tab-panel" data-label="([^"]*)">/g)].map((match) => match[1])).toEqual(['curl', 'JavaScript', 'Python'])
    expect(html).toMatch(/<aside[^>]*data-kind="warning"/)
    const tagPage = documentOf(result, 'books').html
    expect(tagPage).toContain('<a href="/op"><code>PUT /books/{bookId}</code></a>: Lists &#x3C;b> | *all* {id}')
  })
})
