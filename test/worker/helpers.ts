import { env } from 'cloudflare:workers'
import { afterAll, beforeAll, expect, inject, vi } from 'vitest'
import { kvBindingTarget } from '../../publish/targets/kv-binding.ts'
import { inMemorySource, publishBuild } from '../../publish/publish.ts'
import { RouteShardSchema, blobHash, shardOf, type BuildSource, type DocsVersion, type Manifest, type RouteEntry, type RouteVariant } from '../../contract/index.ts'
import app from '../../worker/index.ts'
import type { BuiltFixture } from './global-setup.ts'
import { docsOf, llmsOf, routeTable, type RouteTable } from '../shared/route-table.ts'

export function fixtureBuild(): BuildSource & { fixture: BuiltFixture } {
  const fixture = inject('site')
  return { fixture, ...sourceOf(fixture) }
}

/** A built fixture as publishing reads it: blobs as text, assets as their bytes. */
export function sourceOf(fixture: BuiltFixture): BuildSource {
  const assets = new Map(Object.entries(fixture.assets).map(([hash, base64]) => [hash, { bytes: Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)) }]))
  return inMemorySource({ ...fixture, blobs: new Map(Object.entries(fixture.blobs)), assets })
}

/** A built fixture's slugs, redirects and variants, read back from its route shards. */
export function routesOf(fixture: Pick<BuiltFixture, 'manifest' | 'blobs'> = fixtureBuild().fixture): RouteTable {
  return routeTable(fixture.manifest, (hash) => fixture.blobs[hash])
}

/** Publishes the fixture build into the test's KV through the real publish code. */
export async function publishFixture() {
  return publishBuild(kvBindingTarget(env.DOCS_KV), fixtureBuild())
}

/** Publishes the API reference fixture (global-setup's `apiSite`) into the test's emptied KV. */
export async function publishApiSite() {
  await clearKv()
  return publishBuild(kvTarget(), sourceOf(inject('apiSite')))
}

/** Sends a request through the real app, with the test's bindings (optionally overridden). */
export async function call(path: string, init?: RequestInit, overrides: Partial<Env> = {}): Promise<Response> {
  return app.request(`https://docs.example${path}`, init, { ...env, ...overrides })
}

/** POST /v1/search with a JSON body. */
export function searchCall(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call('/v1/search', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })
}

/** JSON a test reads to assert on, field by field: a test that needs a shape names it. */
// biome-ignore lint/suspicious/noExplicitAny: the one untyped value in the tests, so that an assertion can walk any answer without a cast at each step.
export type AnyJson = any

export const readJson = <T = AnyJson>(response: Response): Promise<T> => response.json<T>()

export interface ProblemBody {
  type: string
  title: string
  status: number
  detail: string
  errors?: Array<{ pointer: string; detail: string }>
}

/** The body every 404 has, whether the path, the slug or the draft scope was missing. */
export const NOT_FOUND: ProblemBody = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No document, release or route at this path.' }

/** Asserts the exact 404 problem response. */
export async function expectNotFound(response: Response): Promise<void> {
  expect(response.status).toBe(404)
  expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  expect(await readJson<ProblemBody>(response)).toEqual(NOT_FOUND)
}

/** What the fixture build serves for a document in a requested locale. */
export function variantOf(docId: string, locale = 'en'): RouteVariant {
  const entry = routesOf().documents[locale]?.[docId]
  if (!entry) throw new Error(`fixture has no ${locale} variant of ${docId}`)
  return entry
}

export const fixtureManifest = (): Manifest => fixtureBuild().manifest

/** The tables of the (default, only) version the fixture build has; a copy a test may change. */
export const fixtureDocs = (): DocsVersion => docsOf(fixtureManifest(), (hash) => fixtureBuild().fixture.blobs[hash])

/** The fixture's llms files of a locale, with their part lists. */
export const fixtureLlms = (locale = 'en') => llmsOf(fixtureDocs(), locale, (hash) => fixtureBuild().fixture.blobs[hash])

/** Points `manifest` (a copy of the fixture's) at `docs`, named by its content hash as a build would; returns the blob to store. */
export async function repoint(manifest: Manifest, docs: DocsVersion): Promise<{ hash: string; text: string }> {
  const text = JSON.stringify(docs)
  const hash = await blobHash(text)
  const version = manifest.versions[0]
  if (!version) throw new Error('the manifest has no version')
  version.docs = hash
  return { hash, text }
}

/**
 * Changes the route of `slug` in `manifest` (a copy of the fixture's): the
 * fixture's shard that holds it is changed by `change` and named by its new
 * content hash, as a build would, and so are the version's tables that name
 * the shard. Returns the new blobs for the caller to store.
 */
export async function reroute(manifest: Manifest, slug: string, change: (page: RouteEntry) => void): Promise<Array<{ hash: string; text: string }>> {
  const docs = fixtureDocs()
  const position = shardOf(slug, docs.routes.length)
  const shard = RouteShardSchema.parse(JSON.parse(fixtureBuild().fixture.blobs[docs.routes[position] ?? ''] ?? 'null'))
  const page = shard.slugs[slug]
  if (!page) throw new Error(`the fixture has no page ${slug}`)
  change(page)
  const text = JSON.stringify(shard)
  const hash = await blobHash(text)
  docs.routes[position] = hash
  return [{ hash, text }, await repoint(manifest, docs)]
}

/**
 * The test's KV binding behind an object of its own: the worker keeps one
 * isolate cache per binding object, so this reads like a cold isolate.
 */
export function freshKv(): KVNamespace {
  return new Proxy(env.DOCS_KV, {
    get(target, property) {
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** Records the keys the worker reads from the real KV binding. */
export function spyOnKvReads() {
  const spy = vi.spyOn(env.DOCS_KV, 'get')
  return { spy, keys: () => spy.mock.calls.map((args) => String(args[0])) }
}

/** A JSON-encoded stack frame such as `at handler (file.ts:12:5)`. */
export const STACK_FRAME = /\bat\s+\S.*:\d+:\d+/

/** Asserts a 503 problem with Retry-After and no stack trace; returns the body text for further checks. */
export async function expectUnavailable(response: Response): Promise<string> {
  expect(response.status).toBe(503)
  expect(response.headers.get('Retry-After')).toBe('30')
  expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  const text = await response.text()
  expect(JSON.parse(text)).toMatchObject({ type: 'about:blank', title: 'Service Unavailable', status: 503 } satisfies Partial<ProblemBody>)
  expect(text).not.toMatch(STACK_FRAME)
  return text
}

/** Deletes every key of the test's KV namespace. */
export async function clearKv(): Promise<void> {
  for (;;) {
    const page = await env.DOCS_KV.list()
    await Promise.all(page.keys.map((key) => env.DOCS_KV.delete(key.name)))
    if (page.list_complete) return
  }
}

/** The test namespace as a publish target. */
export const kvTarget = () => kvBindingTarget(env.DOCS_KV)

/** The live title of the fixture's install guide: which build a reader sees. */
export const installTitle = async () => (await readJson(await call('/v1/documents/guides/install'))).title as string

export const blobKeys = async () => (await env.DOCS_KV.list({ prefix: 'blob:' })).keys.map((key) => key.name).sort()

/** Records the keys KV is asked to put from now on. */
export function spyOnPuts(): () => string[] {
  const spy = vi.spyOn(env.DOCS_KV, 'put')
  return () => spy.mock.calls.map((args) => String(args[0]))
}

// Publishing the generated large site (a thousand pages) into local KV takes a while on a busy machine.
const LARGE_SITE_PUBLISH_TIMEOUT = 180_000

/** Publishes the generated large site (global-setup's `largeSite`) before a suite, and the fixture site again after it. */
export function publishLargeSiteForSuite(): void {
  beforeAll(async () => {
    const site = inject('largeSite')
    await clearKv()
    await publishBuild(kvTarget(), inMemorySource({ manifest: site.manifest, blobList: site.blobList, blobs: new Map(Object.entries(site.blobs)) }))
  }, LARGE_SITE_PUBLISH_TIMEOUT)
  afterAll(async () => {
    await clearKv()
    await publishFixture()
  }, LARGE_SITE_PUBLISH_TIMEOUT)
}
