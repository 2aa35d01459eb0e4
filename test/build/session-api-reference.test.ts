import { cp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NavTreeNode } from '../../contract/index.ts'
import { SiteSession } from '../../build/session.ts'
import { buildDir, makeTempDir, navTreeOf, removeTempDirs, versionOf } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

let contentDir: string
let session: SiteSession
// Every blob text the session has handed over: a build hands over only what changed since the last.
const handedOver = new Map<string, string>()

const BOOKSHOP = 'openapi/bookshop.yaml'
const CANCEL_ORDER = 'api/bookshop/orders/cancel-order'

beforeAll(async () => {
  contentDir = join(await makeTempDir('docs-session-api-'), 'content')
  await cp('test/fixtures/api-reference', contentDir, { recursive: true })
  session = await SiteSession.open({ contentDir, cacheDir: null, threads: 1 })
  for (const [hash, text] of (await session.build()).blobs) handedOver.set(hash, text)
})

const methodOf = (nodes: NavTreeNode[], slug: string): string | undefined =>
  nodes.map((node) => (node.slug === slug ? (node.method ?? 'none') : methodOf(node.children, slug))).find((method) => method !== undefined)

describe('the long-lived build of npm start on an API reference', () => {
  it("follows an operation's changed method into the sidebar, as a one-shot build does", async () => {
    expect(methodOf(navTreeOf((await buildDir(contentDir)).result), CANCEL_ORDER)).toBe('post')
    const path = join(contentDir, BOOKSHOP)
    const text = await readFile(path, 'utf8')
    const edited = text.replace(/\/orders\/\{orderId\}\/cancel:\n {4}post:/, '/orders/{orderId}/cancel:\n    put:')
    expect(edited).not.toBe(text)
    await writeFile(path, edited)
    await session.refresh([BOOKSHOP])
    const build = await session.build()
    for (const [hash, text] of build.blobs) handedOver.set(hash, text)
    const { result } = await buildDir(contentDir)
    expect(methodOf(navTreeOf(result), CANCEL_ORDER)).toBe('put')
    // The sidebars the session stores are the one-shot build's, in every locale.
    expect(versionOf({ manifest: build.manifest, blobs: handedOver }).navigation).toEqual(versionOf(result).navigation)
  })
})
