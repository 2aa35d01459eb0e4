import { beforeAll, describe, expect, it } from 'vitest'
import { strongEtag } from '../../worker/http/etag.ts'
import { bearer, draftsToken } from './tokens.ts'
import { call, expectNotFound, publishFixture, readJson, variantOf } from './helpers.ts'

beforeAll(publishFixture)

const MARKDOWN = 'text/markdown; charset=utf-8'
const markdownOf = (accept: string, path = '/v1/documents/guides/install') => call(path, { headers: { Accept: accept } })

describe('documents as Markdown', () => {
  it('serves the .md suffix as Markdown: the title as H1, then the body without front matter', async () => {
    const response = await call('/v1/documents/guides/install.md')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe(MARKDOWN)
    const text = await response.text()
    expect(text.startsWith('# Installing the service\n\n')).toBe(true)
    expect(text).toContain('## Requirements')
    expect(text).not.toMatch(/^---$/m)
    expect(text).not.toContain('order: 1')
  })

  it('rewrites links to other documents to their Markdown URLs, keeping the fragment', async () => {
    const text = await (await call('/v1/documents/guides/install.md')).text()
    expect(text).toContain('[the next step](/v1/documents/guides/deploy.md#rollback)')
  })

  it.each([
    ['text/markdown', 'markdown'],
    ['text/markdown, application/json;q=0.9', 'markdown'],
    ['application/json, text/markdown;q=0.5', 'json'],
    ['text/*', 'markdown'],
    ['application/json;q=0, */*', 'markdown'],
    ['*/*', 'json'],
    ['text/markdown;q=0.4, */*;q=0.5', 'json'],
  ])('negotiates Accept: %s to %s by q-value', async (accept, format) => {
    const response = await markdownOf(accept)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe(format === 'markdown' ? MARKDOWN : 'application/json; charset=utf-8')
    expect(response.headers.get('Vary')).toContain('Accept')
  })

  it('answers 406 when Accept excludes both JSON and Markdown', async () => {
    const response = await markdownOf('text/html, application/json;q=0')
    expect(response.status).toBe(406)
    expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  })

  it('gives the Markdown its own strong ETag, which answers 304', async () => {
    const response = await call('/v1/documents/guides/install.md')
    const etag = response.headers.get('ETag') as string
    expect(etag).toBe(strongEtag(variantOf('guides/install').markdown))
    expect(etag).not.toBe(strongEtag(variantOf('guides/install').blob))
    const revalidated = await call('/v1/documents/guides/install.md', { headers: { 'If-None-Match': etag } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('Vary')).toBe('Accept-Language')
    const viaAccept = await call('/v1/documents/guides/install', { headers: { Accept: 'text/markdown', 'If-None-Match': etag } })
    expect(viaAccept.status).toBe(304)
    expect(viaAccept.headers.get('Vary')).toBe('Accept-Language, Accept')
  })

  it('serves the translation in Markdown, and the default locale as a fallback', async () => {
    const french = await call('/v1/documents/guides/installation.md')
    expect(french.headers.get('Content-Language')).toBe('fr')
    expect(await french.text()).toMatch(/^# Installer le service\n/)
    const fallback = await call('/v1/documents/guides/deploy.md?locale=fr')
    expect(fallback.headers.get('Content-Language')).toBe('en')
    expect(await fallback.text()).toMatch(/^# Deploying\n/)
  })

  it('keeps drafts behind the drafts:read scope, exactly like JSON', async () => {
    await expectNotFound(await call('/v1/documents/guides/secret-plans.md'))
    await expectNotFound(await markdownOf('text/markdown', '/v1/documents/guides/secret-plans'))
    const response = await call('/v1/documents/guides/secret-plans.md', { headers: bearer(await draftsToken()) })
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await response.text()).toContain('Zeppelin')
  })

  it('still serves JSON to a client that asks for nothing in particular', async () => {
    const response = await call('/v1/documents/guides/install')
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(await readJson(response)).toMatchObject({ slug: 'guides/install' })
  })
})
