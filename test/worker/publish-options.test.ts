import { env } from 'cloudflare:workers'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { KV_KEYS } from '../../contract/index.ts'
import { readHistory, readPointer } from '../../publish/history.ts'
import { publishBuild } from '../../publish/publish.ts'
import { blobKeys, clearKv, fixtureBuild, installTitle as title, kvTarget as target, publishFixture, spyOnPuts } from './helpers.ts'
import { extraKey, variantBuild } from './variants.ts'

// The options the author loop publishes with, to put a one-file edit live in
// milliseconds: what it knows KV holds, and no garbage collection.

beforeEach(async () => {
  vi.restoreAllMocks()
  await clearKv()
})

describe('publishing with known blobs', () => {
  it('uploads only the blobs it is not told KV has, without listing KV', async () => {
    await publishFixture()
    const next = await variantBuild('known-next', { extra: ['only-next'], installTitle: 'Known next' })
    const lists = vi.spyOn(env.DOCS_KV, 'list')
    const puts = spyOnPuts()
    const report = await publishBuild(target(), next, { known: new Set(fixtureBuild().blobList.blobs) })
    expect(lists).not.toHaveBeenCalled()
    expect(report).toMatchObject({ blobsToUpload: 4, blobWrites: 4, switched: true })
    expect(
      puts()
        .filter((key) => key.startsWith('blob:'))
        .sort(),
    ).toEqual([...next.ownBlobs.map(KV_KEYS.blob), await extraKey('only-next')].sort())
    expect(await title()).toBe('Known next')
  })

  it('uploads every blob when it knows of none, still without listing KV', async () => {
    const lists = vi.spyOn(env.DOCS_KV, 'list')
    const report = await publishBuild(target(), fixtureBuild(), { known: new Set() })
    expect(lists).not.toHaveBeenCalled()
    expect(report.blobWrites).toBe(fixtureBuild().blobList.blobs.length)
    expect(await blobKeys()).toEqual(fixtureBuild().blobList.blobs.map(KV_KEYS.blob).sort())
    expect(await title()).toBe('Installing the service')
  })
})

describe('publishing without garbage collection', () => {
  it('retires and deletes nothing, and a later publish with it catches up', async () => {
    const variant = (id: string) => variantBuild(id, { extra: [`only-${id}`], installTitle: id })
    const [a, b, c] = await Promise.all([variant('gc-a'), variant('gc-b'), variant('gc-c')])
    const options = { keep: 2, graceSeconds: 0 }
    await publishBuild(target(), a, options)
    await publishBuild(target(), b, options)
    const before = await blobKeys()
    const skipped = await publishBuild(target(), c, { ...options, collectGarbage: false })
    expect(skipped).toMatchObject({ switched: true, gc: null })
    expect((await readHistory(target())).map((record) => [record.buildId, record.retiredAt])).toEqual([
      ['gc-c', null],
      ['gc-b', null],
      ['gc-a', null],
    ])
    expect(await blobKeys()).toEqual(expect.arrayContaining(before))
    expect(await env.DOCS_KV.get(KV_KEYS.manifest('gc-a'))).not.toBeNull()

    const caughtUp = await publishBuild(target(), c, options)
    expect(caughtUp.gc).toEqual({ retired: ['gc-a'], deletedBuilds: ['gc-a'], deletedBlobs: 4 })
    expect(await readPointer(target())).toMatchObject({ buildId: 'gc-c' })
  })
})

describe('garbage collection reads the blob lists', () => {
  it("keeps every blob while a kept build's blob list is missing, rather than guess what it uses", async () => {
    const variant = (id: string) => variantBuild(id, { installTitle: id })
    const [a, b, c] = await Promise.all([variant('gc-a'), variant('gc-b'), variant('gc-c')])
    const options = { keep: 2, graceSeconds: 0 }
    await publishBuild(target(), a, options)
    await publishBuild(target(), b, options)
    await env.DOCS_KV.delete(KV_KEYS.blobList('gc-b'))
    const report = await publishBuild(target(), c, options)
    expect(report.gc).toEqual({ retired: ['gc-a'], deletedBuilds: [], deletedBlobs: 0 })
    expect(await blobKeys()).toEqual(expect.arrayContaining(a.ownBlobs.map(KV_KEYS.blob)))
  })

  it('deletes the blob list of a build it deletes, with its manifest', async () => {
    const variant = (id: string) => variantBuild(id, { installTitle: id })
    const [a, b, c] = await Promise.all([variant('gc-a'), variant('gc-b'), variant('gc-c')])
    for (const build of [a, b]) await publishBuild(target(), build, { keep: 2, graceSeconds: 0 })
    expect(await env.DOCS_KV.get(KV_KEYS.blobList('gc-a'), 'json')).toEqual(a.blobList)
    await publishBuild(target(), c, { keep: 2, graceSeconds: 0 })
    expect(await env.DOCS_KV.get(KV_KEYS.blobList('gc-a'))).toBeNull()
    expect(await env.DOCS_KV.get(KV_KEYS.blobList('gc-b'))).not.toBeNull()
    expect((await blobKeys()).filter((key) => a.ownBlobs.map(KV_KEYS.blob).includes(key))).toEqual([])
  })
})
