import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { KV_KEYS } from '../../contract/index.ts'
import { safeSlug } from '../../worker/read-model/index.ts'
import { NOT_FOUND, call, publishFixture, readJson, spyOnKvReads, type ProblemBody } from './helpers.ts'

beforeAll(publishFixture)
afterEach(() => {
  vi.restoreAllMocks()
})

// Keys a rejected slug may cause to be read: the live pointer and the published slug map.
const ALLOWED_KEY = new RegExp(`^(${KV_KEYS.pointer}|manifest:.+)$`)

async function expectRejected(path: string) {
  await call('/v1/documents/index') // warm-up, so a manifest read is not mistaken for anything else
  const reads = spyOnKvReads()
  const response = await call(path)
  expect(response.status, path).toBe(404)
  expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  expect(await readJson<ProblemBody>(response)).toEqual(NOT_FOUND)
  expect(
    reads.keys().filter((key) => !ALLOWED_KEY.test(key)),
    path,
  ).toEqual([])
  reads.spy.mockRestore()
}

describe('a document URL with a trailing slash', () => {
  // WHATWG URL parsing turns a trailing `.` or `..` segment into a trailing slash before the worker sees it.
  it.each([
    ['a trailing slash', '/v1/documents/guides/install/', '/v1/documents/guides/install'],
    ['two trailing slashes', '/v1/documents/guides/install//', '/v1/documents/guides/install'],
    ['a trailing slash after .md', '/v1/documents/guides/install.md/', '/v1/documents/guides/install.md'],
    ['a trailing slash and a query', '/v1/documents/guides/install/?locale=fr&v=2', '/v1/documents/guides/install?locale=fr&v=2'],
    ['a trailing ".." that resolves to a trailing slash', '/v1/documents/guides/install/..', '/v1/documents/guides'],
    ['a trailing "." that resolves to a trailing slash', '/v1/documents/guides/.', '/v1/documents/guides'],
  ])('answers %s with 308 to the URL without it, before any storage read', async (_name, path, location) => {
    const reads = spyOnKvReads()
    const response = await call(path)
    expect(response.status, path).toBe(308)
    expect(response.headers.get('Location')).toBe(location)
    expect(response.headers.get('Cache-Control')).toMatch(/^public/)
    expect(reads.keys()).toEqual([])
    reads.spy.mockRestore()
    const followed = await call(location)
    expect(followed.status, location).toBe(200)
  })

  it('still answers 404 when the path without the slash names no document safely', async () => {
    await expectRejected('/v1/documents/guides//install/')
    await expectRejected('/v1/documents/')
  })
})

describe('slugs that never name a document', () => {
  // WHATWG URL parsing (Request, and workerd for real traffic) resolves `.` and
  // `..` segments, also as %2e, before the worker sees the path; the results
  // below are what such requests turn into. safeSlug is checked directly too.
  it.each([
    ['"%2e%2e" segments that climb out of /v1/documents', '/v1/documents/%2e%2e/%2e%2e/pointer'],
    ['an empty segment', '/v1/documents/guides//install'],
    ['a leading empty segment', '/v1/documents//guides/install'],
    ['an encoded backslash', '/v1/documents/guides%5Cinstall'],
    ['an encoded backslash in lower case', '/v1/documents/guides%5cinstall'],
    ['an encoded NUL', '/v1/documents/guides/install%00'],
    ['a double-encoded slash, decoded once only', '/v1/documents/guides%252Finstall'],
    ['encoded slashes around a dot-dot segment', '/v1/documents/guides%2F..%2Finstall'],
    ['encoded slashes that make an empty segment', '/v1/documents/guides%2F%2Finstall'],
    ['an encoded leading slash', '/v1/documents/%2Fguides/install'],
    ['an encoded backslash after an encoded slash', '/v1/documents/guides%2F%5Cinstall'],
    ['no slug at all', '/v1/documents/'],
    ['a malformed percent escape', '/v1/documents/guides/%E0%A4%A'],
    ['an Object.prototype key', '/v1/documents/constructor'],
    ['__proto__', '/v1/documents/__proto__'],
    ['a KV key name', '/v1/documents/pointer'],
  ])('answers 404 without reading storage outside the slug map for %s', async (_name, path) => {
    await expectRejected(path)
  })

  it.each([
    ['guides/../install'],
    ['guides/./install'],
    ['..'],
    ['.'],
    ['guides/install/..'],
    ['guides//install'],
    ['/guides/install'],
    ['guides\\install'],
    ['guides/install\u0000'],
    ['guides%5Cinstall'],
    ['guides%2F..%2Finstall'],
    ['guides%2F%2Finstall'],
    ['%2Fguides'],
    ['guides/%2e%2e'],
    ['%2E/guides'],
    [''],
  ])('safeSlug rejects the raw slug %j', (raw) => {
    expect(safeSlug(`/v1/documents/${raw}`)).toBeNull()
  })

  it('safeSlug decodes an ordinary slug and keeps its slashes, plain or encoded', () => {
    expect(safeSlug('/v1/documents/guides/install')).toBe('guides/install')
    expect(safeSlug('/v1/documents/guides%2Finstall')).toBe('guides/install')
    expect(safeSlug('/v1/documents/guides%2finstall')).toBe('guides/install')
    expect(safeSlug('/v1/documents/guides/pr%C3%A9requis')).toBe('guides/prérequis')
  })

  it('still serves the document when dot segments resolve to a published slug', async () => {
    // The URL layer resolves the dots; nothing reaches the worker but `guides/install`.
    const response = await call('/v1/documents/guides/%2e%2e/guides/install')
    expect(response.status).toBe(200)
    expect(await readJson(response)).toMatchObject({ slug: 'guides/install' })
  })

  it.each([
    ['an encoded slash', '/v1/documents/guides%2Finstall'],
    ['an encoded slash in lower case', '/v1/documents/guides%2finstall'],
    ['an encoded slash before the Markdown suffix', '/v1/documents/guides%2Finstall.md'],
  ])('serves the document a plain slash names for %s, with the same ETag', async (_name, path) => {
    const plain = await call(path.replace(/%2f/i, '/'))
    const encoded = await call(path)
    expect(encoded.status).toBe(200)
    expect(encoded.headers.get('ETag')).toBe(plain.headers.get('ETag'))
    expect(await encoded.text()).toBe(await plain.text())
  })
})
