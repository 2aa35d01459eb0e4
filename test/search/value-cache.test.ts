import { describe, expect, it } from 'vitest'
import type { LoadedLists } from '../../search/codec.ts'
import { SearchValueCache } from '../../search/value-cache.ts'

const lists = (term: string): LoadedLists => ({
  terms: [term],
  textStart: new Uint32Array(2),
  fieldStart: new Uint32Array(2),
  textCount: new Uint32Array(1),
  fieldCount: new Uint32Array(1),
  textDocs: new Uint32Array(1),
  titleDocs: new Uint32Array(1),
  headingDocs: new Uint32Array(1),
  textPostings: new Uint8Array(0),
  fieldPostings: new Uint8Array(0),
})

describe('the search value cache', () => {
  it('keeps what it loaded, and drops the least recently used shards once past its budget in bytes', async () => {
    const cache = new SearchValueCache(250)
    const loads: string[] = []
    const load = (key: string) =>
      cache.shard(key, async () => {
        loads.push(key)
        return { value: lists(key), bytes: 100 }
      })
    await load('a')
    await load('b')
    await load('a')
    expect(loads).toEqual(['a', 'b'])
    await load('c')
    expect(cache.bytes).toBe(200)
    // b was used least recently: it went, a stayed.
    await load('a')
    await load('b')
    expect(loads).toEqual(['a', 'b', 'c', 'b'])
  })

  it('shares one load between concurrent asks, and forgets a load that failed', async () => {
    const cache = new SearchValueCache(1000)
    let calls = 0
    const failing = () =>
      cache.vocabulary('v', async () => {
        calls++
        throw new Error('KV is down')
      })
    await expect(Promise.all([failing(), failing()])).rejects.toThrow('KV is down')
    expect(calls).toBe(1)
    expect(await cache.vocabulary('v', async () => ({ value: ['term'], bytes: 10 }))).toEqual(['term'])
    expect(cache.bytes).toBe(10)
  })
})
