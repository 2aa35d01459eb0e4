import { describe, expect, it } from 'vitest'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { BLOB_HASH, blobHash } from '../../contract/index.ts'

describe('blob names', () => {
  it.each([
    ['an empty value', ''],
    ['ASCII JSON', '{"slug":"guides/install","title":"Installing"}'],
    ['multi-byte text', '{"title":"Démarrer — 検索 🚀"}'],
    ['a large value', 'x'.repeat(1_000_003)],
  ])('are the same from the build (node:crypto) and from the worker (Web Crypto) for %s', async (_name, text) => {
    const fromBuild = contentHash(text)
    expect(fromBuild).toMatch(new RegExp(`^[0-9a-f]{${BLOB_HASH.hexLength}}$`))
    expect(await blobHash(text)).toBe(fromBuild)
    expect(await blobHash(new TextEncoder().encode(text).buffer as ArrayBuffer)).toBe(fromBuild)
  })

  it('differ when one byte differs', async () => {
    expect(await blobHash('{"a":1}')).not.toBe(await blobHash('{"a":2}'))
  })
})
