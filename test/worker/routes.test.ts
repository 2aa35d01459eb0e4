import { env } from 'cloudflare:workers'
import { beforeEach, describe, expect, inject, it } from 'vitest'
import { KV_KEYS, shardOf } from '../../contract/index.ts'
import { publishBuild } from '../../publish/publish.ts'
import { kvBindingTarget } from '../../publish/targets/kv-binding.ts'
import { call, clearKv, freshKv, routesOf, sourceOf, spyOnKvReads } from './helpers.ts'
import { docsOf } from '../shared/route-table.ts'

// The build puts each slug in the shard shardOf names; the worker, in
// workerd, must look in the same one. A generated site of 120 pages has
// two shards, so a disagreement would lose about half the pages.

const many = () => inject('manyParts')

beforeEach(async () => {
  await clearKv()
  await publishBuild(kvBindingTarget(env.DOCS_KV), sourceOf(many()))
})

describe('route shards in workerd', () => {
  it('hash slugs as the build does: FNV-1a over UTF-8, pinned by the same vectors as in Node', () => {
    const vectors: Array<[string, number]> = [
      ['', 0x811c9dc5],
      ['a', 0xe40c292c],
      ['foobar', 0xbf9cf968],
      ['guides/install', 0x2a6ea4e0],
      ['démarrer/é', 0xb40bc55f],
    ]
    for (const [slug, hash] of vectors) expect(shardOf(slug, 2 ** 32), slug).toBe(hash)
  })

  it('find every page of a build with several shards', async () => {
    expect(docsOf(many().manifest, (hash) => many().blobs[hash]).routes.length).toBeGreaterThan(1)
    const slugs = Object.keys(routesOf(many()).slugs)
    expect(slugs).toHaveLength(120)
    for (const slug of slugs) expect((await call(`/v1/documents/${slug}`)).status, slug).toBe(200)
  })

  it('read one shard for a Markdown URL, which shares the shard of its page', async () => {
    const [slug] = Object.keys(routesOf(many()).slugs)
    const overrides = { DOCS_KV: freshKv() }
    await call('/v1/status', {}, overrides)
    const reads = spyOnKvReads()
    expect((await call(`/v1/documents/${slug}.md`, {}, overrides)).status).toBe(200)
    const { routes } = docsOf(many().manifest, (hash) => many().blobs[hash])
    const shard = KV_KEYS.blob(routes[shardOf(slug as string, routes.length)] as string)
    expect(reads.keys().filter((key) => routes.some((hash) => key === KV_KEYS.blob(hash)))).toEqual([shard])
  })
})
