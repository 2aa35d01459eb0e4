import { describe, expect, it } from 'vitest'
import { assetUrl, documentPath, markdownPath } from '../../contract/index.ts'
import { isApiPath, negotiatesOwnType } from '../../worker/http/api-paths.ts'

describe('the API paths', () => {
  it('include every path the contract builds for a document, its Markdown and an asset, and each negotiates its own type', () => {
    for (const path of [documentPath('guides/install'), markdownPath('guides/install'), assetUrl('0123456789abcdef0123456789abcdef', 'png')]) {
      expect(isApiPath(path)).toBe(true)
      expect(negotiatesOwnType(path)).toBe(true)
    }
  })

  it('leave JSON-only API paths to Accept negotiation and page paths to the preview', () => {
    expect(isApiPath('/v1/search')).toBe(true)
    expect(negotiatesOwnType('/v1/search')).toBe(false)
    expect(isApiPath('/guides/install')).toBe(false)
    expect(isApiPath('/v1documents')).toBe(false)
  })
})
