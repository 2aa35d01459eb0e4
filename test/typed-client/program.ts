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
      exchanges.push({
        operation: `${method.toLowerCase()} ${schemaPath}`,
        url,
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: await response.clone().text(),
      })
    },
  }
  const reader = createClient<paths, Json>({ baseUrl, redirect: 'manual' })
  const author = createClient<paths, Json>({ baseUrl, headers: { Authorization: `Bearer ${draftsToken}` } })
  const intruder = createClient<paths, Json>({ baseUrl, headers: { Authorization: 'Bearer not-a-token' } })
  for (const client of [reader, author, intruder]) client.use(recorder)

  const document = async (client: typeof reader, slug: string, query: { locale?: string; version?: string } = {}): Promise<Answer> => {
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

  const calls: Record<string, () => Promise<Answer>> = {
    topLevel: () => document(reader, 'index'),
    nested: () => document(reader, 'guides/install'),
    twoLevelsDeep: () => document(reader, 'reference/limits/quotas'),
    markdownBySuffix: () => markdown('guides/install.md'),
    markdownByAccept: () => markdown('guides/install', { accept: 'text/markdown' }),
    french: () => document(reader, 'guides/installation', { locale: 'fr' }),
    async moved() {
      const { response } = await reader.GET('/v1/documents/{slug}', { params: { path: { slug: 'guides/setup' }, query: { locale: 'fr' } } })
      return { status: response.status, location: response.headers.get('Location') }
    },
    async notModified() {
      const etag = (await reader.GET('/v1/documents/{slug}', { params: { path: { slug: 'guides/install' } } })).response.headers.get('ETag') ?? ''
      const { response } = await reader.GET('/v1/documents/{slug}', { params: { path: { slug: 'guides/install' }, header: { 'if-none-match': etag } } })
      return { status: response.status, etag: response.headers.get('ETag') }
    },
    draftWithToken: () => document(author, 'guides/secret-plans'),
    draftWithoutToken: () => document(reader, 'guides/secret-plans'),
    missing: () => document(reader, 'guides/no-such-page'),
    async navigation() {
      const { data, response } = await reader.GET('/v1/navigation', { params: { query: { locale: 'fr' } } })
      return { status: response.status, locale: data?.locale, topLevel: data?.items.map((item) => item.slug) }
    },
    async subtree() {
      const { data, response } = await reader.GET('/v1/navigation', { params: { query: { root: 'reference', depth: 1 } } })
      return { status: response.status, depth: data?.depth, children: data?.items[0]?.children.map((item) => [item.title, item.hasChildren ?? false, item.root ?? null]) }
    },
    async search() {
      const { data, response } = await reader.POST('/v1/search', { body: { query: 'install', limit: 5, filters: { sections: ['guides'] } } })
      return {
        status: response.status,
        slugs: data?.results.map((hit) => hit.slug),
        withOperation: data?.results.filter((hit) => hit.operation !== null).length,
        sections: data?.facets.sections,
      }
    },
    async searchWithoutQuery() {
      const { error, response } = await reader.POST('/v1/search', { body: { query: '   ' } })
      return { status: response.status, pointers: error?.errors?.map((field) => field.pointer) }
    },
    async releases() {
      const { data, response } = await reader.GET('/v1/releases', { params: { query: { stream: ['stable', 'lts'], version: '^1.2', from: '2026-01-01' } } })
      return { status: response.status, streams: data?.streams.map((stream) => ({ name: stream.name, versions: stream.releases.map((release) => release.version) })) }
    },
    async unknownStream() {
      const { error, response } = await reader.GET('/v1/releases', { params: { query: { stream: 'nightly' } } })
      return { status: response.status, problem: error }
    },
    async status() {
      const { data, response } = await reader.GET('/v1/status')
      return { status: response.status, documents: data?.documents, locales: data?.site.locales }
    },
    async versions() {
      const { data, response } = await reader.GET('/v1/versions')
      return { status: response.status, default: data?.default, names: data?.versions.map((version) => version.name), aliases: data?.versions.map((version) => version.aliases) }
    },
    unknownVersion: () => document(reader, 'guides/install', { version: '9.x' }),
    async badToken() {
      const { error, response } = await intruder.GET('/v1/status')
      return { status: response.status, title: error?.title, challenge: response.headers.get('WWW-Authenticate') }
    },
    async llms() {
      const { data, response } = await reader.GET('/llms.txt', { parseAs: 'text' })
      return { status: response.status, firstLine: data?.split('\n')[0] }
    },
    async llmsSection() {
      // The fixture's llms.txt is one file: no section has a file of its own.
      const { error, response } = await reader.GET('/llms/{file}', { params: { path: { file: 'guides.txt' } }, parseAs: 'text' })
      return { status: response.status, problem: error }
    },
    async llmsFullSection() {
      const { error, response } = await reader.GET('/llms-full/{file}', { params: { path: { file: 'guides.txt' } }, parseAs: 'text' })
      return { status: response.status, problem: error }
    },
    async llmsFull() {
      const { data, response } = await reader.GET('/llms-full.txt', { params: { query: { locale: 'fr' } }, parseAs: 'text' })
      return { status: response.status, firstLine: data?.split('\n')[0] }
    },
    async asset() {
      const page = await reader.GET('/v1/documents/{slug}', { params: { path: { slug: 'guides/pictures' } } })
      const [, hash = '', ext = ''] = /\/v1\/assets\/([0-9a-f]+)\.([a-z0-9]+)/.exec(page.data?.html ?? '') ?? []
      const { data, response } = await reader.GET('/v1/assets/{hash}.{ext}', { params: { path: { hash, ext } }, parseAs: 'arrayBuffer' })
      return { status: response.status, type: response.headers.get('Content-Type'), bytes: data?.byteLength }
    },
    async missingAsset() {
      const { error, response } = await reader.GET('/v1/assets/{hash}.{ext}', { params: { path: { hash: '0'.repeat(32), ext: 'png' } } })
      return { status: response.status, problem: error }
    },
  }
  const answers: Record<string, Answer> = {}
  // One at a time, so that the exchanges are in the order of the calls.
  for (const [name, call] of Object.entries(calls)) answers[name] = await call()
  return { answers, exchanges }
}
