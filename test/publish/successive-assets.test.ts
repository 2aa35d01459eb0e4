import { cp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KVNamespace } from '@cloudflare/workers-types/index.ts'
import { SiteSession } from '../../build/session.ts'
import { AssetIndexSchema, KV_KEYS, blobHash } from '../../contract/index.ts'
import { SuccessivePublisher } from '../../publish/successive.ts'
import { kvBindingTarget } from '../../publish/targets/kv-binding.ts'
import { makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'
import { localKv } from './local-kv.ts'

let kv: KVNamespace
let disposeKv: () => Promise<void>
let contentDir: string
let session: SiteSession
let publisher: SuccessivePublisher

beforeAll(async () => {
  ;({ kv, dispose: disposeKv } = await localKv())
  contentDir = join(await makeTempDir('docs-successive-assets-'), 'content')
  await cp('test/fixtures/assets', contentDir, { recursive: true })
  session = await SiteSession.open({ contentDir, cacheDir: null, threads: 1 })
  publisher = await SuccessivePublisher.open(kvBindingTarget(kv))
})
afterAll(async () => {
  await disposeKv()
  await removeTempDirs()
})

async function buildAndPublish() {
  const build = await session.build({ onBlob: publisher.stage })
  return { build, report: await publisher.publish(build) }
}

/** The asset names the live build serves, from its asset index in KV. */
async function liveAssetNames(assetIndex: string): Promise<string[]> {
  return Object.keys(AssetIndexSchema.parse(JSON.parse((await kv.get(KV_KEYS.blob(assetIndex))) ?? 'null')).assets)
}

describe('assets in the successive builds of npm start', () => {
  it('publishes each referenced file as its bytes', async () => {
    const { build } = await buildAndPublish()
    expect(build.assets.size).toBe(5)
    for (const [hash, asset] of build.assets) {
      const stored = await kv.get(KV_KEYS.blob(hash), 'arrayBuffer')
      expect(stored && (await blobHash(stored))).toBe(hash)
      expect(new Uint8Array(stored ?? new ArrayBuffer(0))).toEqual(asset.bytes)
    }
  })

  it('uploads a changed image, and nothing when nothing changed', async () => {
    const logo = 'public/img/logo.png'
    const bytes = await readFile(join(contentDir, 'docs/en/images/unused.png'))
    await writeFile(join(contentDir, logo), bytes)
    await session.refresh([logo])
    const { report } = await buildAndPublish()
    expect(report.switched).toBe(true)
    const hash = await blobHash(new Uint8Array(bytes).buffer)
    expect(new Uint8Array((await kv.get(KV_KEYS.blob(hash), 'arrayBuffer')) ?? new ArrayBuffer(0))).toEqual(new Uint8Array(bytes))
    const again = await buildAndPublish()
    expect(again.report).toMatchObject({ blobWrites: 0, switched: false })
  })

  it('publishes a new file once a page references it', async () => {
    const page = 'docs/en/guides/setup.md'
    const picture = 'docs/en/images/new.svg'
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="#345" /></svg>\n'
    await writeFile(join(contentDir, picture), svg)
    await writeFile(join(contentDir, page), `${await readFile(join(contentDir, page), 'utf8')}\n![A new picture](../images/new.svg)\n`)
    await session.refresh([picture, page])
    const { build } = await buildAndPublish()
    const hash = await blobHash(svg)
    expect(await liveAssetNames(build.manifest.assets)).toContain(`${hash}.svg`)
    expect(await kv.get(KV_KEYS.blob(hash))).toBe(svg)
  })
})
