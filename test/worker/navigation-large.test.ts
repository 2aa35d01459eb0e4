import { env } from 'cloudflare:workers'
import { describe, expect, inject, it } from 'vitest'
import { NAVIGATION_DEFAULT_DEPTH, NavigationBlobSchema, NavigationPartSchema, type NavItem } from '../../contract/index.ts'
import { docsOf, llmsOf } from '../shared/route-table.ts'
import { LARGE_SITE, LARGE_SITE_PAGES, LARGE_SITE_VIEW_BYTES } from '../shared/large-site.ts'
import { bearer, draftsToken } from './tokens.ts'
import { call, publishLargeSiteForSuite, expectUnavailable, freshKv, readJson, spyOnKvReads } from './helpers.ts'

const site = inject('largeSite')
const docs = docsOf(site.manifest, (hash) => site.blobs[hash])
const blobOf = (hash: string) => site.blobs[hash] as string
const bytesOf = (hash: string) => new TextEncoder().encode(blobOf(hash)).byteLength
// A value holds items up to the line, and the few bytes of its own wrapping.
const BOUND = LARGE_SITE_VIEW_BYTES + 256
const SECTION_PAGES = 1 + LARGE_SITE.folders * (1 + LARGE_SITE.subfolders * LARGE_SITE.pages)

/** Every value of a stored sidebar: its head, its parts (following the tree) and its name shards. */
function navigationValues(head: string): { head: string; parts: string[]; names: string[] } {
  const stored = NavigationBlobSchema.parse(JSON.parse(blobOf(head)))
  const parts: string[] = []
  const walk = (items: typeof stored.items) => {
    for (const item of items) {
      for (const part of item.parts ?? []) {
        parts.push(part)
        walk(NavigationPartSchema.parse(JSON.parse(blobOf(part))).items)
      }
      walk(item.children)
    }
  }
  for (const part of stored.parts ?? []) {
    parts.push(part)
    walk(NavigationPartSchema.parse(JSON.parse(blobOf(part))).items)
  }
  walk(stored.items)
  return { head, parts, names: stored.names ?? [] }
}

const publicNav = navigationValues(docs.navigation.en?.public as string)
const allNavigation = [publicNav.head, ...publicNav.parts, ...publicNav.names]

/** Every page item of a tree, in reading order. */
const pages = (items: NavItem[]): string[] => items.flatMap((item) => [...(item.slug === null ? [] : [item.slug]), ...pages(item.children)])
const cut = (items: NavItem[]): NavItem[] => items.flatMap((item) => [...(item.hasChildren ? [item] : []), ...cut(item.children)])

async function navigation(query: string, kv?: KVNamespace) {
  const response = await call(`/v1/navigation${query}`, {}, kv ? { DOCS_KV: kv } : {})
  expect(response.status, query).toBe(200)
  return readJson<{ depth?: number; items: NavItem[] }>(response)
}

publishLargeSiteForSuite()

describe('the sidebar of a locale past the size line', () => {
  it('is stored split, and no value of it is over the line', () => {
    const total = allNavigation.reduce((sum, hash) => sum + bytesOf(hash), 0)
    expect(total).toBeGreaterThan(20 * LARGE_SITE_VIEW_BYTES)
    expect(publicNav.parts.length, 'parts').toBeGreaterThan(10)
    expect(publicNav.names.length).toBeGreaterThan(1)
    for (const hash of allNavigation) expect(bytesOf(hash), hash).toBeLessThanOrEqual(BOUND)
  })

  it('answers /v1/navigation without a depth from its head alone, cut where the head stops, and says so', async () => {
    const reads = spyOnKvReads()
    const body = await navigation('', freshKv())
    const navigationReads = reads.keys().filter((key) => allNavigation.some((hash) => key === `blob:${hash}`))
    reads.spy.mockRestore()
    expect(navigationReads).toEqual([`blob:${publicNav.head}`])
    // Sections and folders fit in half of 8 KiB; with the second-level folders they would not.
    expect(body.depth).toBe(2)
    expect(body.items.map((item) => item.slug)).toEqual(['s1', 's2', 's3', 's4'])
    expect(body.items[0]?.children.map((item) => item.slug)).toEqual(['s1/f1', 's1/f2', 's1/f3', 's1/f4', 's1/f5'])
    expect(cut(body.items)).toHaveLength(LARGE_SITE.sections * LARGE_SITE.folders)
    expect(body.items[0]?.children[0]).toMatchObject({ hasChildren: true, root: 's1/f1', children: [] })
  })

  it('still gives every page, in order, to a reader who asks for every level', async () => {
    const body = await navigation('?depth=32')
    expect(cut(body.items)).toEqual([])
    const slugs = pages(body.items)
    expect(slugs).toHaveLength(LARGE_SITE_PAGES + LARGE_SITE.sections * (1 + LARGE_SITE.folders))
    expect(slugs.slice(0, 4)).toEqual(['s1', 's1/f1', 's1/f1/g1/p01', 's1/f1/g1/p02'])
  })

  it('answers a subtree from the few values that hold it, not the whole tree', async () => {
    const kv = freshKv()
    const reads = spyOnKvReads()
    const body = await navigation('?root=s3/f2/g4', kv)
    expect(body.items).toHaveLength(1)
    expect(body.items[0]).toMatchObject({ title: 'G4', slug: null })
    expect(pages(body.items)).toEqual(Array.from({ length: LARGE_SITE.pages }, (_, page) => `s3/f2/g4/p${String(page + 1).padStart(2, '0')}`))
    const navigationReads = reads.keys().filter((key) => allNavigation.some((hash) => key === `blob:${hash}`))
    reads.spy.mockRestore()
    // The head, one names shard, the part that holds the folder, and at most the parts of its own children.
    expect(navigationReads.length).toBeLessThanOrEqual(4)
    expect(navigationReads[0]).toBe(`blob:${publicNav.head}`)
    const bytesRead = navigationReads.reduce((sum, key) => sum + bytesOf(key.slice('blob:'.length)), 0)
    expect(bytesRead).toBeLessThanOrEqual(4 * BOUND)
  })

  it('cuts a subtree two levels below its root unless asked otherwise', async () => {
    const body = await navigation('?root=s4/f1')
    expect(body.depth).toBe(NAVIGATION_DEFAULT_DEPTH)
    expect(cut(body.items).map((item) => item.root)).toEqual([])
    expect(pages(body.items)).toHaveLength(1 + LARGE_SITE.subfolders * LARGE_SITE.pages)
    const section = await navigation('?root=s4')
    expect(cut(section.items)).toHaveLength(LARGE_SITE.folders * LARGE_SITE.subfolders)
  })

  it('cuts a subtree at its depth, and the cut items read on', async () => {
    const body = await navigation('?root=s2&depth=1')
    expect(body.depth).toBe(1)
    expect(body.items[0]?.children.map((item) => item.root)).toEqual(['s2/f1', 's2/f2', 's2/f3', 's2/f4', 's2/f5'])
    const next = await navigation(`?root=${body.items[0]?.children[4]?.root}&depth=1`)
    expect(next.items[0]?.children.map((item) => [item.title, item.root])).toEqual([
      ['G1', 's2/f5/g1'],
      ['G2', 's2/f5/g2'],
      ['G3', 's2/f5/g3'],
      ['G4', 's2/f5/g4'],
      ['G5', 's2/f5/g5'],
    ])
  })

  it('answers 404 to a name no item has, after reading only its names shard', async () => {
    const reads = spyOnKvReads()
    const response = await call('/v1/navigation?root=s9/nowhere', {}, { DOCS_KV: freshKv() })
    expect(response.status).toBe(404)
    const navigationReads = reads.keys().filter((key) => allNavigation.some((hash) => key === `blob:${hash}`))
    reads.spy.mockRestore()
    expect(navigationReads).toHaveLength(2)
    expect(publicNav.names.map((hash) => `blob:${hash}`)).toContain(navigationReads[1])
  })

  it('answers 304 to the ETag of a subtree without reading any value of the sidebar', async () => {
    const etag = (await call('/v1/navigation?root=s1/f1')).headers.get('ETag') as string
    const reads = spyOnKvReads()
    const revalidated = await call('/v1/navigation?root=s1/f1', { headers: { 'If-None-Match': etag } })
    expect(revalidated.status).toBe(304)
    expect(reads.keys().filter((key) => allNavigation.some((hash) => key === `blob:${hash}`))).toEqual([])
    reads.spy.mockRestore()
  })

  it('keeps the drafts view split the same way, and private', async () => {
    const drafts = navigationValues(docs.navigation.en?.drafts as string)
    for (const hash of [drafts.head, ...drafts.parts, ...drafts.names]) expect(bytesOf(hash)).toBeLessThanOrEqual(BOUND)
    const response = await call('/v1/navigation?root=s1/f1/g1', { headers: bearer(await draftsToken()) })
    expect([response.status, response.headers.get('Cache-Control')]).toEqual([200, 'private, no-store'])
    expect(pages((await readJson<{ items: NavItem[] }>(response)).items)).toContain('s1/f1/g1/zeppelin')
    expect(pages((await navigation('?root=s1/f1/g1')).items)).not.toContain('s1/f1/g1/zeppelin')
    expect((await call('/v1/navigation?root=s1/f1/g1/zeppelin')).status).toBe(404)
  })
})

describe('llms.txt of a locale past the size line', () => {
  const llms = llmsOf(docs, 'en', blobOf)
  const sections = Object.entries(llms?.sections ?? {})

  it('lists the sections, each linking to its own file, and every stored llms value is under its bound', async () => {
    const response = await call('/llms.txt')
    const body = await response.text()
    expect(body.startsWith('# Large\n\n> A generated site of many pages.\n')).toBe(true)
    expect(body).toContain(`## Section 2\n\n- [Section 2](/llms/s2.txt): the ${SECTION_PAGES} pages of this section, listed in a file of their own`)
    expect(body).not.toContain('/v1/documents/s2/f1/g1/p01.md')
    expect(sections.map(([name]) => name)).toEqual(['s1', 's2', 's3', 's4'])
    for (const hash of [llms?.index as string, ...sections.flatMap(([, section]) => section.parts)]) expect(bytesOf(hash)).toBeLessThanOrEqual(BOUND)
    expect(sections.every(([, section]) => section.parts.length > 1)).toBe(true)
  })

  it("serves a section's file at /llms/{section}.txt, streamed from its parts: every page of the section, in sidebar order", async () => {
    const response = await call('/llms/s3.txt')
    expect([response.status, response.headers.get('Content-Type')]).toEqual([200, 'text/plain; charset=utf-8'])
    const body = await response.text()
    expect(
      body.startsWith(
        `# Section 3\n\n> The ${SECTION_PAGES} pages of this section of Large, in full at [/llms-full/s3.txt](/llms-full/s3.txt); every section is listed in [llms.txt](/llms.txt).\n\n`,
      ),
    ).toBe(true)
    const links = [...body.matchAll(/\]\(\/v1\/documents\/([^)]+)\.md\)/g)].map((match) => match[1])
    expect(links).toHaveLength(SECTION_PAGES)
    expect(links.slice(0, 3)).toEqual(['s3', 's3/f1', 's3/f1/g1/p01'])
    expect(links.every((slug) => slug?.startsWith('s3'))).toBe(true)
    const etag = response.headers.get('ETag') as string
    expect(etag).toBe(`"${llms?.sections?.s3?.etag}"`)
    expect((await call('/llms/s3.txt', { headers: { 'If-None-Match': etag } })).status).toBe(304)
  })

  it('keeps drafts out of llms.txt and every section file, even with a drafts:read token', async () => {
    for (const path of ['/llms.txt', '/llms/s1.txt']) {
      const body = await (await call(path, { headers: bearer(await draftsToken()) })).text()
      expect(body).not.toContain('Zeppelin')
      expect(body).not.toContain('zeppelin')
    }
  })

  it('answers 404 to a section file no section has', async () => {
    expect((await call('/llms/nowhere.txt')).status).toBe(404)
    expect((await call('/llms/s3')).status).toBe(404)
  })

  it('keeps every stored part of llms-full.txt far under a MiB', () => {
    for (const hash of llms?.full ?? []) expect(bytesOf(hash)).toBeLessThanOrEqual(1024 * 1024)
  })

  it("serves a section's pages in full at /llms-full/{section}.txt: its run of llms-full.txt's own parts", async () => {
    const files = await Promise.all(sections.map(async ([name]) => (await call(`/llms-full/${name}.txt`)).text()))
    expect(files[2]?.startsWith('# Section 3\n')).toBe(true)
    expect(files[2]).toContain('# Page 3.5.5.10\n')
    expect(files[2]).not.toContain('# Page 2.')
    expect(files.join('')).toBe(await (await call('/llms-full.txt')).text())
    expect(sections.flatMap(([, section]) => section.fullParts)).toEqual(llms?.full)
    expect(sections.every(([, section]) => section.fullParts.length > 1)).toBe(true)
    const response = await call('/llms-full/s3.txt')
    expect(response.headers.get('ETag')).toBe(`"${llms?.sections?.s3?.fullEtag}"`)
    expect((await call('/llms-full/nowhere.txt')).status).toBe(404)
  })

  it("keeps its part lists out of the version's tables: a cold isolate's first document answer reads none of them", async () => {
    const named = [...llms.full, ...sections.flatMap(([, section]) => [...section.parts, ...section.fullParts])]
    expect(named.length).toBeGreaterThan(10)
    const reads = spyOnKvReads()
    expect((await call('/v1/documents/s2/f1/g1/p01', {}, { DOCS_KV: freshKv() })).status).toBe(200)
    const blobsRead = reads.keys().flatMap((key) => (key.startsWith('blob:') ? [key.slice('blob:'.length)] : []))
    reads.spy.mockRestore()
    expect(blobsRead).toContain(site.manifest.versions[0]?.docs)
    expect(blobsRead).not.toContain(llms.parts)
    for (const hash of blobsRead) for (const part of named) expect(blobOf(hash)).not.toContain(part)
  })

  it("answers 304 to a section file's ETag without reading any value once its isolate has served an llms file", async () => {
    const kv = freshKv()
    const etag = (await call('/llms/s2.txt', {}, { DOCS_KV: kv })).headers.get('ETag') as string
    const reads = spyOnKvReads()
    for (const path of ['/llms/s2.txt', '/llms-full/s4.txt']) {
      const known = path === '/llms/s2.txt' ? etag : `"${llms.sections?.s4?.fullEtag}"`
      expect((await call(path, { headers: { 'If-None-Match': known } }, { DOCS_KV: kv })).status).toBe(304)
    }
    expect(reads.keys().filter((key) => key.startsWith('blob:'))).toEqual([])
    reads.spy.mockRestore()
  })
})

// Last: these take values of the published build away.
describe('missing llms part lists of a locale with section files', () => {
  it('answer 503 with Retry-After on every llms route that needs them, and leave llms.txt served', async () => {
    const { parts } = llmsOf(docs, 'en', blobOf)
    await env.DOCS_KV.delete(`blob:${parts}`)
    const kv = freshKv()
    for (const path of ['/llms-full.txt', '/llms/s1.txt', '/llms-full/s1.txt', '/llms/nowhere.txt']) await expectUnavailable(await call(path, {}, { DOCS_KV: kv }))
    expect((await call('/llms.txt', {}, { DOCS_KV: kv })).status).toBe(200)
    await env.DOCS_KV.put(`blob:${parts}`, blobOf(parts))
  })
})

describe('a damaged split sidebar', () => {
  it('answers 503 with Retry-After when a value the answer needs is missing, never a 500 or a short tree', async () => {
    const body = await navigation('?root=s4/f5/g5')
    expect(pages(body.items)).toHaveLength(LARGE_SITE.pages)
    await Promise.all(publicNav.parts.map((hash) => env.DOCS_KV.delete(`blob:${hash}`)))
    await expectUnavailable(await call('/v1/navigation?root=s4/f5/g5'))
    await expectUnavailable(await call('/v1/navigation?depth=3'))
  })
})
