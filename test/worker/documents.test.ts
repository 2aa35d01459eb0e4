import { beforeAll, describe, expect, it } from 'vitest'
import { call, publishFixture } from './helpers.ts'

beforeAll(publishFixture)

describe('GET /v1/documents/{slug}', () => {
  it('serves a published document with a strong ETag', async () => {
    const response = await call('/v1/documents/guides/install')
    expect(response.status).toBe(200)
    expect(response.headers.get('ETag')).toMatch(/^"[0-9a-f]+"$/)
    const body = await response.json<{ slug: string; title: string; locale: string }>()
    expect(body).toMatchObject({ slug: 'guides/install', title: 'Installing the service', locale: 'en' })
  })
})
