import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import app from '../../worker/index.ts'
import { call, publishFixture, readJson, searchCall, type ProblemBody } from './helpers.ts'

beforeAll(publishFixture)

const LIMIT = 16 * 1024

async function expectProblem(response: Response, status: number, title: string): Promise<ProblemBody> {
  expect(response.status).toBe(status)
  expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  const body = await readJson<ProblemBody>(response)
  expect(body).toMatchObject({ type: 'about:blank', title, status })
  return body
}

async function pointersOf(body: unknown): Promise<string[]> {
  const problem = await expectProblem(await searchCall(body), 422, 'Unprocessable Content')
  expect(problem.errors?.every((error) => typeof error.detail === 'string' && error.detail.length > 0)).toBe(true)
  return (problem.errors ?? []).map((error) => error.pointer)
}

describe('POST /v1/search body handling', () => {
  it('answers 415 for text/plain', async () => {
    const response = await call('/v1/search', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"query":"install"}' })
    await expectProblem(response, 415, 'Unsupported Media Type')
  })

  it('answers 415 when there is no Content-Type at all', async () => {
    const request = new Request('https://docs.example/v1/search', { method: 'POST', body: new TextEncoder().encode('{"query":"install"}') })
    expect(request.headers.get('Content-Type')).toBeNull()
    await expectProblem(await app.request(request, undefined, env), 415, 'Unsupported Media Type')
  })

  it('accepts application/json with a charset parameter', async () => {
    const response = await call('/v1/search', { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '{"query":"install"}' })
    expect(response.status).toBe(200)
  })

  it('answers 400 for malformed JSON', async () => {
    for (const body of ['{"query": "install"', '', 'query=install']) {
      const response = await call('/v1/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
      await expectProblem(response, 400, 'Bad Request')
    }
  })

  it('answers 413 for a body over 16 KiB', async () => {
    await expectProblem(await searchCall({ query: 'x', pad: 'y'.repeat(LIMIT) }), 413, 'Content Too Large')
  })

  it('accepts a body of exactly 16 KiB', async () => {
    // Padded with JSON whitespace: an unknown field would be a 422 of its own.
    const skeleton = JSON.stringify({ query: 'install' })
    const body = `${' '.repeat(LIMIT - skeleton.length)}${skeleton}`
    expect(new TextEncoder().encode(body).byteLength).toBe(LIMIT)
    const response = await call('/v1/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
    expect(response.status).toBe(200)
  })

  it('answers 413 for a chunked body over 16 KiB that has no Content-Length', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(4096))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const request = new Request('https://docs.example/v1/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: stream })
    expect(request.headers.get('Content-Length')).toBeNull()
    await expectProblem(await app.request(request, undefined, env), 413, 'Content Too Large')
  })
})

describe('POST /v1/search field validation (422 with JSON pointers)', () => {
  it.each([
    ['query is missing', {}, ['/query']],
    ['query is not a string', { query: 42 }, ['/query']],
    ['query is empty', { query: '' }, ['/query']],
    ['query is empty after trimming', { query: ' \t\n ' }, ['/query']],
    ['query is over 200 characters', { query: 'a'.repeat(201) }, ['/query']],
    ['limit is 0', { query: 'install', limit: 0 }, ['/limit']],
    ['limit is 51', { query: 'install', limit: 51 }, ['/limit']],
    ['limit is not an integer', { query: 'install', limit: 2.5 }, ['/limit']],
    ['limit is a string', { query: 'install', limit: '5' }, ['/limit']],
    ['sectionBoost has 21 names', { query: 'install', sectionBoost: Array.from({ length: 21 }, (_, i) => `s${i}`) }, ['/sectionBoost']],
    ['a sectionBoost name is over 64 characters', { query: 'install', sectionBoost: ['g'.repeat(65)] }, ['/sectionBoost/0']],
    ['the second sectionBoost name is empty', { query: 'install', sectionBoost: ['api', ''] }, ['/sectionBoost/1']],
    ['sectionBoost is not an array', { query: 'install', sectionBoost: 'api' }, ['/sectionBoost']],
    ['locale is not a string', { query: 'install', locale: 7 }, ['/locale']],
  ])('answers 422 when %s', async (_name, body, pointers) => {
    expect(await pointersOf(body)).toEqual(pointers)
  })

  it('lists every invalid field at once', async () => {
    const pointers = await pointersOf({ query: '   ', limit: 0, sectionBoost: ['x'.repeat(65), 'ok', 'y'.repeat(70)], locale: false })
    expect([...pointers].sort()).toEqual(['/limit', '/locale', '/query', '/sectionBoost/0', '/sectionBoost/2'])
  })

  it('points at the whole document ("") when the body is not an object', async () => {
    // RFC 6901: "" is the whole document; "/" would name a member called "".
    expect(await pointersOf(['install'])).toEqual([''])
  })

  it('accepts the boundaries: 200 characters after trimming, limit 1 and 50, 20 boost names of 64 characters', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(64, 'n'))
    for (const body of [{ query: `  ${'a'.repeat(200)}  ` }, { query: 'install', limit: 1 }, { query: 'install', limit: 50 }, { query: 'install', sectionBoost: names }]) {
      expect((await searchCall(body)).status).toBe(200)
    }
  })
})

describe('POST /v1/search refuses fields it does not know', () => {
  it('answers 422 pointing at a misspelled field, with the field it likely meant and the known ones, instead of using the default', async () => {
    const problem = await expectProblem(await searchCall({ query: 'token', lmit: 3 }), 422, 'Unprocessable Content')
    expect(problem.errors).toEqual([{ pointer: '/lmit', detail: expect.stringContaining('"lmit"') }])
    const detail = problem.errors?.[0]?.detail ?? ''
    expect(detail).toContain('did you mean "limit"?')
    expect(detail).toContain('query, limit, sectionBoost, locale, version, filters, explain')
  })

  it('points at each unknown field, inside filters too', async () => {
    expect(await pointersOf({ query: 'token', sort: 'date', filters: { section: ['guides'] } })).toEqual(expect.arrayContaining(['/sort', '/filters/section']))
  })

  it('describes the body with additionalProperties false in the OpenAPI document', async () => {
    const doc = await readJson(await call('/v1/openapi.json'))
    const schema = doc.paths['/v1/search'].post.requestBody.content['application/json'].schema
    expect(schema.additionalProperties).toBe(false)
    expect(schema.properties.filters.additionalProperties).toBe(false)
  })
})
