import { cp, readFile, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KVNamespace } from '@cloudflare/workers-types/index.ts'
import { SiteSession } from '../../build/session.ts'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { KV_KEYS, PointerSchema } from '../../contract/index.ts'
import { readHistory, rollback } from '../../publish/history.ts'
import { SuccessivePublisher } from '../../publish/successive.ts'
import { kvBindingTarget } from '../../publish/targets/kv-binding.ts'
import { makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'
import { localKv } from './local-kv.ts'

let kv: KVNamespace
let disposeKv: () => Promise<void>
let contentDir: string
let session: SiteSession

beforeAll(async () => {
  ;({ kv, dispose: disposeKv } = await localKv())
  contentDir = join(await makeTempDir('docs-successive-'), 'content')
  await cp('test/fixtures/site', contentDir, { recursive: true })
  session = await SiteSession.open({ contentDir, cacheDir: null, threads: 1 })
})
afterAll(async () => {
  await disposeKv()
  await removeTempDirs()
})

/** Builds with blobs staged as they are made, then publishes. */
async function buildAndPublish(publisher: SuccessivePublisher) {
  const build = await session.build({ onBlob: publisher.stage })
  expect(build.blobs.size).toBe(0)
  return { build, report: await publisher.publish(build) }
}

async function expectLive(buildId: string, blobs: string[]) {
  expect(PointerSchema.parse(JSON.parse((await kv.get(KV_KEYS.pointer)) ?? 'null')).buildId).toBe(buildId)
  for (const hash of blobs) expect(contentHash((await kv.get(KV_KEYS.blob(hash))) ?? ''), hash).toBe(hash)
}

describe('publishing the successive builds of npm start', () => {
  it('uploads every blob as the first build makes it, then switches the pointer', async () => {
    const { build, report } = await buildAndPublish(await SuccessivePublisher.open(kvBindingTarget(kv)))
    expect(report.switched).toBe(true)
    expect(report.blobWrites).toBe(build.blobList.blobs.length)
    await expectLive(build.manifest.buildId, build.blobList.blobs)
  })

  it('uploads only what an edit changed, and nothing when nothing changed', async () => {
    const publisher = await SuccessivePublisher.open(kvBindingTarget(kv))
    const path = 'docs/en/guides/install.md'
    await writeFile(join(contentDir, path), `${await readFile(join(contentDir, path), 'utf8')}\nA new paragraph about otters.\n`)
    await session.refresh([path])
    const { build, report } = await buildAndPublish(publisher)
    expect(report.switched).toBe(true)
    expect(report.blobWrites).toBeGreaterThan(0)
    expect(report.blobWrites).toBeLessThan(build.blobList.blobs.length / 3)
    await expectLive(build.manifest.buildId, build.blobList.blobs)
    const again = await buildAndPublish(publisher)
    expect(again.report).toMatchObject({ buildId: build.manifest.buildId, blobWrites: 0, switched: false })
  })

  it('lists the build an undone edit brings back first, so rollback returns to the edit', async () => {
    const target = kvBindingTarget(kv)
    const publisher = await SuccessivePublisher.open(target)
    const path = 'docs/en/guides/deploy.md'
    const original = await readFile(join(contentDir, path), 'utf8')
    // Without git, a page's last-updated time is its file's: the undo restores that too, as git would give it back.
    const { mtime } = await stat(join(contentDir, path))
    const before = (await buildAndPublish(publisher)).build.manifest.buildId
    await writeFile(join(contentDir, path), `${original}\nA paragraph about beavers.\n`)
    await session.refresh([path])
    const edited = (await buildAndPublish(publisher)).build.manifest.buildId
    await writeFile(join(contentDir, path), original)
    await utimes(join(contentDir, path), mtime, mtime)
    await session.refresh([path])
    const undone = await buildAndPublish(publisher)
    expect(undone.report).toMatchObject({ buildId: before, switched: true })
    expect((await readHistory(target)).slice(0, 2).map((record) => record.buildId)).toEqual([before, edited])
    expect((await rollback(target, before)).buildId).toBe(edited)
  })
})
