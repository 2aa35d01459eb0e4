import { beforeAll, describe, expect, inject, it } from 'vitest'
import { KV_KEYS, blobListOf, type DocumentResponse, type NavigationResponse, type ReleasesResponse, type SearchResponse, type VersionsResponse } from '../../contract/index.ts'
import { publishBuild } from '../../publish/publish.ts'
import { call, clearKv, kvTarget, readJson, searchCall, sourceOf, spyOnKvReads, type ProblemBody } from './helpers.ts'
import { connectMcp } from './mcp-client.ts'
import { routeTable } from '../shared/route-table.ts'

const site = () => inject('versionsSite')
const documentOf = async (path: string) => {
  const response = await call(path)
  expect(response.status, path).toBe(200)
  return readJson<DocumentResponse>(response)
}

beforeAll(async () => {
  await clearKv()
  await publishBuild(kvTarget(), sourceOf(site()))
})

describe('GET /v1/versions', () => {
  it("lists the versions in site.yml's order with status, label, aliases and counts, with an ETag and 304", async () => {
    const response = await call('/v1/versions')
    expect(response.status).toBe(200)
    expect(await readJson<VersionsResponse>(response)).toEqual({
      default: '2.x',
      versions: [
        { name: '3.x', label: '3.x', status: 'unreleased', aliases: ['next'], documents: { en: 5, fr: 1 } },
        { name: '2.x', label: '2.x', status: 'current', aliases: ['latest'], documents: { en: 4, fr: 1 } },
        { name: '1.x', label: '1.x (legacy)', status: 'unmaintained', aliases: [], documents: { en: 3, fr: 0 } },
      ],
    })
    const etag = response.headers.get('ETag') as string
    expect((await call('/v1/versions', { headers: { 'If-None-Match': etag } })).status).toBe(304)
  })
})

describe('Link headers in versions', () => {
  it("name the page's Markdown and llms.txt in the version read, and leave the default version unnamed", async () => {
    expect((await call('/v1/documents/guides/setup?version=1.x')).headers.get('Link')).toBe(
      '</v1/documents/guides/setup.md?version=1.x>; rel="alternate"; type="text/markdown", </llms.txt?version=1.x>; rel="describedby"',
    )
    expect((await call('/v1/documents/guides/setup?version=latest')).headers.get('Link')).toBe(
      '</v1/documents/guides/setup.md>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"',
    )
  })
})

describe('documents in versions', () => {
  it('serves the default version when no version is named, with the same page in the other versions and its canonical URL', async () => {
    expect(await documentOf('/v1/documents/guides/setup')).toMatchObject({
      title: 'Setting up kiln',
      version: '2.x',
      versions: [
        { version: '3.x', slug: 'guides/install', url: '/3.x/guides/install' },
        { version: '1.x', slug: 'guides/setup', url: '/1.x/guides/setup' },
      ],
      canonical: '/guides/setup',
    })
  })

  it('follows a rename back to older versions, and points the canonical URL at the default version', async () => {
    expect(await documentOf('/v1/documents/guides/install?version=3.x')).toMatchObject({
      version: '3.x',
      versions: [
        { version: '2.x', slug: 'guides/setup', url: '/guides/setup' },
        { version: '1.x', slug: 'guides/setup', url: '/1.x/guides/setup' },
      ],
      canonical: '/guides/setup',
    })
  })

  it('resolves the aliases on each request: latest is the default version, next the unreleased one', async () => {
    expect((await documentOf('/v1/documents/index?version=latest')).title).toBe('Kiln 2')
    expect((await documentOf('/v1/documents/index?version=next')).title).toBe('Kiln 3')
    expect((await documentOf('/v1/documents/index?version=1.x')).title).toBe('Kiln 1')
  })

  it('serves a page that exists in one version only there, with no other versions and no canonical URL', async () => {
    expect(await documentOf('/v1/documents/legacy?version=1.x')).toMatchObject({ version: '1.x', versions: [], canonical: null })
    expect((await call('/v1/documents/legacy')).status).toBe(404)
    expect((await call('/v1/documents/guides/kilnfile?version=2.x')).status).toBe(404)
  })

  it('answers an unknown version with a 404 that lists the versions', async () => {
    const response = await call('/v1/documents/index?version=9.x')
    expect(response.status).toBe(404)
    expect((await readJson<ProblemBody>(response)).detail).toBe('Version "9.x" does not exist. Versions: 3.x (next), 2.x (latest), 1.x.')
  })

  it("gives each version's body its own ETag, and answers 304 without reading the document", async () => {
    const etags = await Promise.all(['2.x', '3.x'].map(async (version) => (await call(`/v1/documents/guides/glaze?version=${version}`)).headers.get('ETag')))
    expect(new Set(etags).size).toBe(2)
    const blob = routeTable(site().manifest, (hash) => site().blobs[hash], '3.x').documents.en?.['guides/glaze']?.blob
    const reads = spyOnKvReads()
    expect((await call('/v1/documents/guides/glaze?version=3.x', { headers: { 'If-None-Match': etags[1] as string } })).status).toBe(304)
    expect(reads.keys()).not.toContain(KV_KEYS.blob(blob as string))
    reads.spy.mockRestore()
  })

  it("serves a version's Markdown, its links pointing into that version", async () => {
    const response = await call('/v1/documents/index.md?version=3.x')
    expect(response.headers.get('Content-Type')).toBe('text/markdown; charset=utf-8')
    expect(await response.text()).toContain('(/v1/documents/guides/install.md?version=3.x)')
  })
})

describe('navigation, search and llms files in versions', () => {
  it("serves a version's sidebar, naming the version", async () => {
    const response = await call('/v1/navigation?version=1.x')
    const body = await readJson<NavigationResponse>(response)
    expect(body.version).toBe('1.x')
    expect(JSON.stringify(body.items)).toContain('"slug":"legacy"')
    expect(response.headers.get('ETag')).not.toBe((await call('/v1/navigation')).headers.get('ETag'))
  })

  it('searches the version the body names, and the default one otherwise', async () => {
    const inNext = await readJson<SearchResponse>(await searchCall({ query: 'kilnfile', version: 'next' }))
    expect(inNext.version).toBe('3.x')
    expect(inNext.results.map((hit) => hit.slug)).toContain('guides/kilnfile')
    expect(inNext.results.find((hit) => hit.slug === 'guides/kilnfile')?.url).toBe('/3.x/guides/kilnfile')
    const inDefault = await readJson<SearchResponse>(await searchCall({ query: 'kilnfile' }))
    expect(inDefault.version).toBe('2.x')
    expect(inDefault.results.map((hit) => hit.slug)).not.toContain('guides/kilnfile')
    expect((await searchCall({ query: 'coal furnaces', version: '1.x' })).status).toBe(200)
    expect((await searchCall({ query: 'kiln', version: 'nope' })).status).toBe(404)
  })

  it("lists a version's pages in its llms.txt", async () => {
    const text = await (await call('/llms.txt?version=1.x')).text()
    expect(text).toContain('[Legacy furnaces](/v1/documents/legacy.md?version=1.x)')
    expect(await (await call('/llms.txt')).text()).not.toContain('Legacy furnaces')
  })

  it('links each release note to the docs version that covers it', async () => {
    const { streams } = await readJson<ReleasesResponse>(await call('/v1/releases'))
    expect(streams[0]?.releases.map((release) => [release.version, release.docsVersion])).toEqual([
      ['3.0.0-beta.1', '3.x'],
      ['2.4.0', '2.x'],
      ['1.2.0', '1.x'],
    ])
  })
})

describe('MCP tools in versions', () => {
  it('reads and searches the version a tool names, and says which one an unknown name could have been', async () => {
    const client = await connectMcp()
    const text = (result: Awaited<ReturnType<typeof client.callTool>>) => (result.content as Array<{ text: string }>).map((block) => block.text).join('\n')
    const legacy = await client.callTool({ name: 'get_document', arguments: { slug: 'legacy', version: '1.x' } })
    expect(text(legacy)).toContain('Version: 1.x')
    expect(text(legacy)).toContain('Kiln 1 supported coal furnaces')
    const found = await client.callTool({ name: 'search_docs', arguments: { query: 'kilnfile', version: '3.x' } })
    expect(text(found)).toContain('slug: guides/kilnfile')
    const unknown = await client.callTool({ name: 'get_navigation', arguments: { version: '4.x' } })
    expect(unknown.isError).toBe(true)
    expect(text(unknown)).toContain('Versions: 3.x (next), 2.x (latest), 1.x')
    await client.close()
  })
})

describe('aliases', () => {
  it('resolve on every request: a publish that makes another version the default moves latest, and a name stays put', async () => {
    const moved = structuredClone(site().manifest)
    moved.buildId = 'latest-moved'
    moved.versions = moved.versions.map((version) => ({ ...version, aliases: version.name === '3.x' ? ['latest', 'next'] : [] }))
    await publishBuild(kvTarget(), sourceOf({ ...site(), manifest: moved, blobList: blobListOf(moved.buildId, site().blobList.blobs) }))
    expect((await documentOf('/v1/documents/index?version=latest')).title).toBe('Kiln 3')
    expect((await documentOf('/v1/documents/index')).version).toBe('3.x')
    expect((await documentOf('/v1/documents/index?version=2.x')).title).toBe('Kiln 2')
    await publishBuild(kvTarget(), sourceOf(site()))
    expect((await documentOf('/v1/documents/index?version=latest')).title).toBe('Kiln 2')
  })
})

describe('a site without versions', () => {
  beforeAll(async () => {
    await clearKv()
    await publishBuild(kvTarget(), sourceOf(inject('site')))
  })

  it('has one unnamed version: latest reads it, any name is unknown, and bodies name no version', async () => {
    expect(await readJson<VersionsResponse>(await call('/v1/versions'))).toEqual({
      default: null,
      versions: [{ name: null, label: null, status: 'current', aliases: ['latest'], documents: { en: expect.any(Number), fr: expect.any(Number) } }],
    })
    const body = await documentOf('/v1/documents/guides/install?version=latest')
    expect(body).not.toHaveProperty('version')
    expect(body).not.toHaveProperty('versions')
    expect((await call('/v1/documents/guides/install?version=2.x')).status).toBe(404)
  })
})
