import createClient, { type Middleware } from 'openapi-fetch'
// Written by the test from the document the worker serves; its tsconfig maps this name to that file.
import type { paths } from 'generated-openapi-types'
import type { Answer, ClientRun, Exchange } from './answers.ts'

// A document is JSON or Markdown; the client reads JSON and problems unless a call asks for text.
type Json = 'application/json' | 'application/problem+json'

/**
 * What a user of a client generated from `/v1/openapi.json` writes. Every call
 * goes through the generated types, so a path, parameter or field the document
 * lacks fails the type check before anything runs.
 */
export async function callEveryOperation(baseUrl: string, draftsToken: string): Promise<ClientRun> {
  const exchanges: Exchange[] = []
  const recorder: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      const { method, url } = request
      exchanges.push({ operation: `${method.toLowerCase()} ${schemaPath}`, url, status: response.status, headers: Object.fromEntries(response.headers), body: await response.clone().text() })
    },
  }
  const reader = createClient<paths, Json>({ baseUrl, redirect: 'manual' })
  const author = createClient<paths, Json>({ baseUrl, headers: { Authorization: `Bearer ${draftsToken}` } })
  const intruder = createClient<paths, Json>({ baseUrl, headers: { Authorization: 'Bearer not-a-token' } })
  for (const client of [reader, author, intruder]) client.use(recorder)

  const document = async (client: typeof reader, slug: string, query: { locale?: string } = {}): Promise<Answer> => {
    const { data, error, response } = await client.GET('/v1/documents/{slug}', { params: { path: { slug }, query } })
    if (data === undefined) return { status: response.status, problem: error }
    return {
      status: response.status,
      slug: data.slug,
      title: data.title,
      locale: data.locale,
      draft: data.draft,
      tocIds: data.toc.map((entry) => entry.id),
      breadcrumbs: data.nav.breadcrumbs.map((crumb) => crumb.slug),
    }
  }
  const markdown = async (slug: string, header: { accept?: string } = {}): Promise<Answer> => {
    const { data, response } = await reader.GET('/v1/documents/{slug}', { params: { path: { slug }, header }, parseAs: 'text' })
    return { status: response.status, firstLine: data?.split('\n')[0] }
  }

  const answers: Record<string, Answer> = {}
  answers.topLevel = await document(reader, 'index')
  answers.nested = await document(reader, 'guides/install')
  answers.twoLevelsDeep = await document(reader, 'reference/limits/quotas')
  answers.markdownBySuffix = await markdown('guides/install.md')
  answers.markdownByAccept = await markdown('guides/install', { accept: 'text/markdown' })
  answers.french = await document(reader, 'guides/installation', { locale: 'fr' })
  answers.moved = await (async () => {
    const { response } = await reader.GET('/v1/documents/{slug}', { params: { path: { slug: 'guides/setup' }, query: { locale: 'fr' } } })
    return { status: response.status, location: response.headers.get('Location') }
  })()
  answers.notModified = await (async () => {
    const etag = (await reader.GET('/v1/documents/{slug}', { params: { path: { slug: 'guides/install' } } })).response.headers.get('ETag') ?? ''
    const { response } = await reader.GET('/v1/documents/{slug}', { params: { path: { slug: 'guides/install' }, header: { 'if-none-match': etag } } })
    return { status: response.status, etag: response.headers.get('ETag') }
  })()
  answers.draftWithToken = await document(author, 'guides/secret-plans')
  answers.draftWithoutToken = await document(reader, 'guides/secret-plans')
  answers.missing = await document(reader, 'guides/no-such-page')

  answers.navigation = await (async () => {
    const { data, response } = await reader.GET('/v1/navigation', { params: { query: { locale: 'fr' } } })
    return { status: response.status, locale: data?.locale, topLevel: data?.items.map((item) => item.slug) }
  })()
  answers.search = await (async () => {
    const { data, response } = await reader.POST('/v1/search', { body: { query: 'install', limit: 5, filters: { sections: ['guides'] } } })
    return { status: response.status, slugs: data?.results.map((hit) => hit.slug), sections: data?.facets.sections }
  })()
  answers.searchWithoutQuery = await (async () => {
    const { error, response } = await reader.POST('/v1/search', { body: { query: '   ' } })
    return { status: response.status, pointers: error?.errors?.map((field) => field.pointer) }
  })()
  answers.releases = await (async () => {
    const { data, response } = await reader.GET('/v1/releases', { params: { query: { stream: ['stable', 'lts'], version: '^1.2', from: '2026-01-01' } } })
    return { status: response.status, streams: data?.streams.map((stream) => ({ name: stream.name, versions: stream.releases.map((release) => release.version) })) }
  })()
  answers.unknownStream = await (async () => {
    const { error, response } = await reader.GET('/v1/releases', { params: { query: { stream: 'nightly' } } })
    return { status: response.status, problem: error }
  })()
  answers.status = await (async () => {
    const { data, response } = await reader.GET('/v1/status')
    return { status: response.status, documents: data?.documents, locales: data?.site.locales }
  })()
  answers.badToken = await (async () => {
    const { error, response } = await intruder.GET('/v1/status')
    return { status: response.status, title: error?.title, challenge: response.headers.get('WWW-Authenticate') }
  })()
  answers.llms = await (async () => {
    const { data, response } = await reader.GET('/llms.txt', { parseAs: 'text' })
    return { status: response.status, firstLine: data?.split('\n')[0] }
  })()
  answers.llmsFull = await (async () => {
    const { data, response } = await reader.GET('/llms-full.txt', { params: { query: { locale: 'fr' } }, parseAs: 'text' })
    return { status: response.status, firstLine: data?.split('\n')[0] }
  })()
  answers.asset = await (async () => {
    const page = await reader.GET('/v1/documents/{slug}', { params: { path: { slug: 'guides/pictures' } } })
    const [, hash = '', ext = ''] = /\/v1\/assets\/([0-9a-f]+)\.([a-z0-9]+)/.exec(page.data?.html ?? '') ?? []
    const { data, response } = await reader.GET('/v1/assets/{hash}.{ext}', { params: { path: { hash, ext } }, parseAs: 'arrayBuffer' })
    return { status: response.status, type: response.headers.get('Content-Type'), bytes: data?.byteLength }
  })()
  answers.missingAsset = await (async () => {
    const { error, response } = await reader.GET('/v1/assets/{hash}.{ext}', { params: { path: { hash: '0'.repeat(32), ext: 'png' } } })
    return { status: response.status, problem: error }
  })()
  return { answers, exchanges }
}
