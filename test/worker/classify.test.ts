import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { SearchIndexError } from '../../search/errors.ts'
import { StoreUnavailable } from '../../worker/errors.ts'
import { classify } from '../../worker/http/classify.ts'
import { Problem } from '../../worker/http/problem.ts'

describe('the error classifier that HTTP and MCP share', () => {
  it('makes a storage or search index fault a retryable 503 whose message the caller never reads', () => {
    for (const error of [new StoreUnavailable('blob:abc does not match its hash'), new SearchIndexError('a varint runs past the end of its bytes')]) {
      expect(classify(error)).toEqual({ status: 503, detail: null, retryable: true, log: 'warn' })
    }
  })

  it("keeps a caller's mistake as its status and sentence, unlogged", () => {
    expect(classify(new Problem(422, 'limit must be at most 50'))).toEqual({ status: 422, detail: 'limit must be at most 50', retryable: false, log: null })
    expect(classify(new HTTPException(405, { message: '' }))).toEqual({ status: 405, detail: 'Request failed.', retryable: false, log: null })
  })

  it('makes any other fault a 500 logged with its stack and shown to nobody', () => {
    expect(classify(new TypeError('cannot read properties of undefined'))).toEqual({ status: 500, detail: null, retryable: false, log: 'error' })
  })
})
