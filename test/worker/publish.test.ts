import { env } from 'cloudflare:workers'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { formatBuildList } from '../../publish/build-list.ts'
import { readHistory, readPointer, rollback } from '../../publish/history.ts'
import { publishBuild } from '../../publish/publish.ts'
import type { PublishTarget } from '../../publish/target.ts'
import { blobKeys, call, clearKv, fixtureBuild, fixtureManifest, installTitle as title, kvTarget as target, publishFixture, spyOnPuts } from './helpers.ts'
import { KV_KEYS, type BuildSource } from '../../contract/index.ts'
import { extraKey, variantBuild } from './variants.ts'

beforeEach(async () => {
  vi.restoreAllMocks()
  await clearKv()
})

/** A target whose writes fail for good once `limit` entries have been written. */
function failingAfter(limit: number): PublishTarget {
  const real = target()
  let written = 0
  return {
    ...real,
    async putMany(entries) {
      for (const entry of entries) {
        if (written >= limit) throw new Error('injected: KV write failed')
        await real.putMany([entry])
        written++
      }
    },
  }
}

describe('publishBuild', () => {
  it('refuses a blob over KV’s 25 MiB limit before sending it, and leaves the pointer alone', async () => {
    const build = fixtureBuild()
    const [huge] = build.blobList.blobs
    const oversized: BuildSource = {
      ...build,
      readBlob: async (hash) => (hash === huge ? 'x'.repeat(25 * 1024 * 1024 + 1) : build.readBlob(hash)),
    }
    const puts = spyOnPuts()
    await expect(publishBuild(target(), oversized, { batchSize: 1 })).rejects.toThrow(/25 MiB/)
    expect(puts()).not.toContain(`blob:${huge}`)
    expect(await readPointer(target())).toBeNull()
  })

  it('writes every blob, then the blob list, then the manifest, then the pointer, on the first publish', async () => {
    const puts = spyOnPuts()
    const { manifest, blobList } = fixtureBuild()
    const report = await publishFixture()
    expect(report).toMatchObject({ buildId: manifest.buildId, blobsToUpload: blobList.blobs.length, blobWrites: blobList.blobs.length, switched: true })
    expect(await blobKeys()).toEqual(blobList.blobs.map((hash) => `blob:${hash}`).sort())
    const keys = puts()
    expect(keys.filter((key) => key.startsWith('blob:'))).toHaveLength(blobList.blobs.length)
    expect(keys.indexOf(KV_KEYS.blobList(manifest.buildId))).toBeGreaterThan(keys.findLastIndex((key) => key.startsWith('blob:')))
    expect(keys.indexOf(KV_KEYS.manifest(manifest.buildId))).toBeGreaterThan(keys.indexOf(KV_KEYS.blobList(manifest.buildId)))
    expect(keys.indexOf(KV_KEYS.pointer)).toBeGreaterThan(keys.indexOf(KV_KEYS.manifest(manifest.buildId)))
    expect(await readPointer(target())).toMatchObject({ buildId: manifest.buildId })
    expect(await env.DOCS_KV.get(KV_KEYS.manifest(manifest.buildId), 'json')).toEqual(manifest)
    expect(await env.DOCS_KV.get(KV_KEYS.blobList(manifest.buildId), 'json')).toEqual(blobList)
  })

  it('writes nothing at all when the same build is published again', async () => {
    await publishFixture()
    const puts = spyOnPuts()
    const report = await publishFixture()
    expect(report).toMatchObject({ blobsToUpload: 0, bytesToUpload: 0, blobWrites: 0, switched: false })
    expect(puts()).toEqual([])
  })

  it('uploads only the blobs the store lacks for a new build', async () => {
    await publishFixture()
    const puts = spyOnPuts()
    const next = await variantBuild('next', { extra: ['only-next'], installTitle: 'Next' })
    const report = await publishBuild(target(), next)
    expect(report).toMatchObject({ blobsToUpload: 4, blobWrites: 4, switched: true })
    expect(
      puts()
        .filter((key) => key.startsWith('blob:'))
        .sort(),
    ).toEqual([...next.ownBlobs.map(KV_KEYS.blob), await extraKey('only-next')].sort())
  })

  it('writes nothing on a dry run but reports what it would upload', async () => {
    const puts = spyOnPuts()
    const report = await publishBuild(target(), fixtureBuild(), { dryRun: true })
    expect(report.blobsToUpload).toBe(fixtureBuild().blobList.blobs.length)
    expect(report.bytesToUpload).toBe(Object.values(fixtureBuild().fixture.blobs).reduce((sum, blob) => sum + new TextEncoder().encode(blob).byteLength, 0))
    expect(report).toMatchObject({ blobWrites: 0, switched: false })
    expect(puts()).toEqual([])
  })

  it('keeps serving the old build when uploads fail half-way, and finishes on a re-run', async () => {
    await publishFixture()
    const next = await variantBuild('half', { extra: ['half-1', 'half-2', 'half-3'], installTitle: 'Half published' })
    await expect(publishBuild(failingAfter(2), next, { batchSize: 2 })).rejects.toThrow('injected')
    expect(await readPointer(target())).toMatchObject({ buildId: fixtureManifest().buildId })
    expect(await env.DOCS_KV.get('manifest:half')).toBeNull()
    expect((await blobKeys()).length).toBe(fixtureBuild().blobList.blobs.length + 2)
    expect(await title()).toBe('Installing the service')

    const report = await publishBuild(target(), next, { batchSize: 2 })
    expect(report).toMatchObject({ blobsToUpload: 4, blobWrites: 4, switched: true })
    expect(await readPointer(target())).toMatchObject({ buildId: 'half' })
    expect(await title()).toBe('Half published')
  })
})

describe('rollback', () => {
  async function publishThree(): Promise<void> {
    for (const id of ['one', 'two', 'three']) await publishBuild(target(), await variantBuild(id, { installTitle: `Build ${id}` }))
  }

  it('points back at the build published before the live one', async () => {
    await publishThree()
    expect((await rollback(target(), 'three')).buildId).toBe('two')
    expect(await readPointer(target())).toMatchObject({ buildId: 'two' })
    expect(await title()).toBe('Build two')
    expect((await rollback(target(), 'two')).buildId).toBe('one')
    expect(await title()).toBe('Build one')
  })

  it('points at a given build id', async () => {
    await publishThree()
    expect((await rollback(target(), 'three', 'one')).buildId).toBe('one')
    expect(await title()).toBe('Build one')
  })

  it('lists a build published again (an edit undone) at its latest publish, and rolls back from it to the build before', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute))
    const one = await variantBuild('one', { installTitle: 'Build one' })
    await publishBuild(target(), one, { now: at(0) })
    await publishBuild(target(), await variantBuild('two', { installTitle: 'Build two' }), { now: at(1) })
    await publishBuild(target(), one, { now: at(2) })
    expect((await readHistory(target())).map((record) => [record.buildId, record.publishedAt])).toEqual([
      ['one', at(2).toISOString()],
      ['two', at(1).toISOString()],
    ])
    expect((await rollback(target(), 'one')).buildId).toBe('two')
    expect(await title()).toBe('Build two')
  })

  it('marks the live build in the list, which rollback does not reorder', async () => {
    await publishThree()
    await rollback(target(), 'three')
    const lines = formatBuildList(await readHistory(target()), (await readPointer(target()))?.buildId ?? null, 'local KV')
    expect(lines[0]).toBe('builds in local KV, latest published first (* live; npm run rollback goes to the one below it):')
    expect(lines.slice(1).map((line) => line.slice(0, 8))).toEqual(['  three ', '* two  2', '  one  2'])
    expect(lines[2]).toMatch(/\(live\)$/)
  })

  it('refuses an unknown build and a rollback past the oldest build, leaving the pointer alone', async () => {
    await publishThree()
    await expect(rollback(target(), 'three', 'zero')).rejects.toThrow('build zero is not among the kept builds')
    await expect(rollback(target(), 'one')).rejects.toThrow('there is no earlier build to roll back to')
    expect(await readPointer(target())).toMatchObject({ buildId: 'three' })
  })
})

describe('garbage collection', () => {
  // A, B and C share the fixture's blobs; besides, A∩B, A∩C and B∩C share one each.
  const builds = (): Promise<BuildSource[]> =>
    Promise.all([
      variantBuild('gc-a', { extra: ['only-a', 'shared-ab', 'shared-ac'], installTitle: 'A' }),
      variantBuild('gc-b', { extra: ['only-b', 'shared-ab', 'shared-bc'] }),
      variantBuild('gc-c', { extra: ['only-c', 'shared-ac', 'shared-bc'] }),
    ])
  const onlyA = async () => [...(await variantBuild('gc-a', { installTitle: 'A' })).ownBlobs.map(KV_KEYS.blob), await extraKey('only-a')].sort()

  it('deletes exactly the blobs only the retired build used, with keep 2 and no grace', async () => {
    const [a, b, c] = (await builds()) as [BuildSource, BuildSource, BuildSource]
    await publishBuild(target(), a, { keep: 2, graceSeconds: 0 })
    await publishBuild(target(), b, { keep: 2, graceSeconds: 0 })
    const before = await blobKeys()
    const deletes = vi.spyOn(env.DOCS_KV, 'delete')
    const report = await publishBuild(target(), c, { keep: 2, graceSeconds: 0 })
    expect(report.gc).toEqual({ retired: ['gc-a'], deletedBuilds: ['gc-a'], deletedBlobs: 4 })
    const deleted = deletes.mock.calls.map((args) => String(args[0]))
    expect(deleted.filter((key) => key.startsWith('blob:')).sort()).toEqual(await onlyA())
    expect(deleted.filter((key) => !key.startsWith('blob:')).sort()).toEqual(['blob-list:gc-a', 'manifest:gc-a'])
    const retired = await onlyA()
    expect(await blobKeys()).toEqual([...before, await extraKey('only-c')].filter((key) => !retired.includes(key)).sort())
    expect((await readHistory(target())).map((record) => record.buildId)).toEqual(['gc-c', 'gc-b'])
    expect((await call('/v1/documents/guides/install')).status).toBe(200)
  })

  it('keeps a retired build until the grace period has passed', async () => {
    const [a, b, c] = (await builds()) as [BuildSource, BuildSource, BuildSource]
    const t0 = Date.parse('2026-05-01T12:00:00Z')
    const at = (ms: number) => ({ keep: 2, graceSeconds: 600, now: new Date(t0 + ms) })
    await publishBuild(target(), a, at(0))
    await publishBuild(target(), b, at(1_000))
    const retiring = await publishBuild(target(), c, at(2_000))
    expect(retiring.gc).toEqual({ retired: ['gc-a'], deletedBuilds: [], deletedBlobs: 0 })
    expect((await readHistory(target())).find((record) => record.buildId === 'gc-a')?.retiredAt).toBe(new Date(t0 + 2_000).toISOString())

    const early = await publishBuild(target(), c, at(2_000 + 599_999))
    expect(early.gc).toEqual({ retired: [], deletedBuilds: [], deletedBlobs: 0 })
    expect(await blobKeys()).toEqual(expect.arrayContaining(await onlyA()))
    expect(await env.DOCS_KV.get('manifest:gc-a')).not.toBeNull()

    const due = await publishBuild(target(), c, at(2_000 + 600_000))
    expect(due.gc).toEqual({ retired: [], deletedBuilds: ['gc-a'], deletedBlobs: 4 })
    const retired = await onlyA()
    expect((await blobKeys()).filter((key) => retired.includes(key))).toEqual([])
    expect(await env.DOCS_KV.get('manifest:gc-a')).toBeNull()
  })

  it('lets a retired build within its grace period be rolled back to, and then keeps it', async () => {
    const [a, b, c] = (await builds()) as [BuildSource, BuildSource, BuildSource]
    for (const build of [a, b, c]) await publishBuild(target(), build, { keep: 2, graceSeconds: 600 })
    expect((await rollback(target(), 'gc-c', 'gc-a')).buildId).toBe('gc-a')
    expect(await title()).toBe('A')
    expect((await readHistory(target())).find((record) => record.buildId === 'gc-a')?.retiredAt).toBeNull()
  })
})
