import { describe, expect, it } from 'vitest'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { KV_VALUE_LIMIT, blobHash, fitsKv } from '../../contract/index.ts'

describe('the KV value limit', () => {
  it('takes a value of exactly the limit and refuses one byte more, by size, bytes or ASCII text', () => {
    expect(fitsKv(KV_VALUE_LIMIT)).toBe(true)
    expect(fitsKv(KV_VALUE_LIMIT + 1)).toBe(false)
    expect(fitsKv(new Uint8Array(KV_VALUE_LIMIT))).toBe(true)
    expect(fitsKv(new Uint8Array(KV_VALUE_LIMIT + 1).buffer)).toBe(false)
    expect(fitsKv('x'.repeat(KV_VALUE_LIMIT))).toBe(true)
    expect(fitsKv('x'.repeat(KV_VALUE_LIMIT + 1))).toBe(false)
  })

  it('counts text in UTF-8 bytes, not in characters', () => {
    // "é" is two UTF-8 bytes: half the limit in characters is the whole limit in bytes.
    expect(fitsKv('é'.repeat(KV_VALUE_LIMIT / 2))).toBe(true)
    expect(fitsKv(`${'é'.repeat(KV_VALUE_LIMIT / 2)}x`)).toBe(false)
  })
})

describe('blob names of bytes', () => {
  it('are the same from the build (node:crypto) and from the worker (Web Crypto) for a binary asset', async () => {
    const bytes = Uint8Array.from({ length: 4096 }, (_, index) => (index * 251) % 256)
    expect(contentHash(bytes)).toBe(await blobHash(bytes.buffer))
  })
})
