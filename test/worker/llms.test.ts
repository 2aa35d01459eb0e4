import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { inMemorySource, publishBuild } from '../../publish/publish.ts'
import { kvBindingTarget } from '../../publish/targets/kv-binding.ts'
import { bearer, draftsToken } from './tokens.ts'
import { blobHash } from '../../contract/index.ts'
import { call, clearKv, fixtureLlms, publishFixture, spyOnKvReads } from './helpers.ts'
import { docsOf, llmsOf } from '../shared/route-table.ts'

beforeAll(publishFixture)

const text = async (path: string, headers: Record<string, string> = {}) => {
  const response = await call(path, { headers })
  expect(response.status, path).toBe(200)
  expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
  return { response, body: await response.text() }
}

describe('GET /llms.txt', () => {
  it('follows llmstxt.org: title, description, one section per sidebar section, a Markdown link per page', async () => {
    const { body } = await text('/llms.txt')
    expect(body.startsWith('# Fixture docs\n\n> The fixture site for the worker tests.\n')).toBe(true)
    expect(body).toContain('- [Welcome](/v1/documents/index.md)')
    expect(body).toContain('## Guides\n')
    expect(body).toContain('- [Installing the service](/v1/documents/guides/install.md): Install and run it locally.')
    expect(body).toContain('- [Glossary](/v1/documents/reference/glossary.md): Words the docs use.')
  })

  it('lists pages in sidebar order', async () => {
    const { body } = await text('/llms.txt')
    const order = ['Welcome', 'Guides', 'Installing the service', 'Deploying', 'API reference', 'Search endpoint', 'Ranking fixtures', 'Marmoset handbook', 'Glossary', 'Quotas']
    const positions = order.map((title) => body.indexOf(`[${title}]`))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
  })

  it('serves the locale asked for, with fallbacks at their localized Markdown URL', async () => {
    const { response, body } = await text('/llms.txt?locale=fr')
    expect(response.headers.get('Content-Language')).toBe('fr')
    expect(body).toContain('- [Bienvenue](/v1/documents/index.md?locale=fr)')
    expect(body).toContain('- [Installer le service](/v1/documents/guides/installation.md?locale=fr)')
    expect(body).toContain('- [Deploying](/v1/documents/guides/deploy.md?locale=fr)')
    expect((await text('/llms.txt', { 'Accept-Language': 'fr' })).response.headers.get('Vary')).toBe('Accept-Language')
  })

  it('answers 304 to its ETag', async () => {
    const { response } = await text('/llms.txt')
    const revalidated = await call('/llms.txt', { headers: { 'If-None-Match': response.headers.get('ETag') as string } })
    expect(revalidated.status).toBe(304)
  })
})

describe('GET /llms-full.txt', () => {
  it('holds every published page in Markdown, in sidebar order', async () => {
    const { body } = await text('/llms-full.txt')
    expect(body.startsWith('# Welcome\n')).toBe(true)
    const install = body.indexOf('# Installing the service\n')
    const deploy = body.indexOf('# Deploying\n')
    expect(install).toBeGreaterThan(0)
    expect(deploy).toBeGreaterThan(install)
    expect(body).toContain('[the next step](/v1/documents/guides/deploy.md#rollback)')
  })

  it('answers 304 to its ETag, which changes with the locale', async () => {
    const { response } = await text('/llms-full.txt')
    const etag = response.headers.get('ETag') as string
    expect((await call('/llms-full.txt', { headers: { 'If-None-Match': etag } })).status).toBe(304)
    expect((await text('/llms-full.txt?locale=fr')).response.headers.get('ETag')).not.toBe(etag)
  })

  it('takes its ETag from the names of its parts, so a 304 reads no part', async () => {
    const parts = fixtureLlms().full
    const { response } = await text('/llms-full.txt')
    expect(response.headers.get('ETag')).toBe(`"${await blobHash(parts.join('\n'))}"`)
    const reads = spyOnKvReads()
    expect((await call('/llms-full.txt', { headers: { 'If-None-Match': response.headers.get('ETag') as string } })).status).toBe(304)
    expect(reads.keys().filter((key) => parts.some((hash) => key === `blob:${hash}`))).toEqual([])
    reads.spy.mockRestore()
  })
})

describe('drafts never reach the files for AI tools', () => {
  it.each(['/llms.txt', '/llms-full.txt', '/llms.txt?locale=fr', '/llms-full.txt?locale=fr'])(
    'keeps every byte of a draft out of %s, even with a drafts:read token',
    async (path) => {
      for (const headers of [{}, bearer(await draftsToken())]) {
        const { body } = await text(path, headers)
        expect(body).not.toContain('Zeppelin')
        expect(body).not.toContain('Secret plans')
        expect(body).not.toContain('secret-plans')
      }
    },
  )
})

describe('a llms-full.txt larger than one part', () => {
  it('streams every part in order, reading each part only as the client asks for more', async () => {
    const { manifest, blobList, blobs } = inject('manyParts')
    await clearKv()
    await publishBuild(kvBindingTarget(env.DOCS_KV), inMemorySource({ manifest, blobList, blobs: new Map(Object.entries(blobs)) }))
    const parts = llmsOf(
      docsOf(manifest, (hash) => blobs[hash]),
      'en',
      (hash) => blobs[hash],
    ).full
    expect(parts.length).toBeGreaterThan(5)

    const reads = spyOnKvReads()
    const response = await call('/llms-full.txt')
    expect(response.status).toBe(200)
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    const partReads = () => reads.keys().filter((key) => parts.some((hash) => key === `blob:${hash}`)).length
    expect(partReads()).toBeLessThanOrEqual(2)
    const decoder = new TextDecoder()
    let body = decoder.decode(first.value, { stream: true })
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) body += decoder.decode(chunk.value, { stream: true })
    body += decoder.decode()
    expect(partReads()).toBe(parts.length)
    expect(body).toBe(parts.map((hash) => JSON.parse(blobs[hash] as string) as string).join(''))
    const order = Array.from({ length: 120 }, (_, page) => body.indexOf(`# Page ${page}\n`))
    expect(order.every((position) => position >= 0)).toBe(true)
    reads.spy.mockRestore()
    await clearKv()
    await publishFixture()
  })
})
