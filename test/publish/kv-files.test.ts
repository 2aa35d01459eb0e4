import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { KVNamespace } from '@cloudflare/workers-types/index.ts'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SuccessivePublisher } from '../../publish/successive.ts'
import { kvDatabasePath, openKvFiles } from '../../publish/targets/kv-files.ts'
import { createLocalKv } from '../../scripts/local-worker.ts'

// npm start writes local KV as Miniflare's own files before its workerd starts.
// Miniflare itself is the judge here: what the files say is what a binding reads.
const NAMESPACE = 'docs-kv-files-test'
let kvDir: string

/** A Miniflare over the same files, as npm start's serving worker opens them; disposed after `use`. */
async function withBinding<T>(use: (kv: KVNamespace) => Promise<T>): Promise<T> {
  const miniflare = new Miniflare({ modules: true, script: 'export default {}', compatibilityDate: '2026-08-01', kvNamespaces: { KV: NAMESPACE }, kvPersist: kvDir, cf: false })
  try {
    return await use((await miniflare.getKVNamespace('KV')) as unknown as KVNamespace)
  } finally {
    await miniflare.dispose()
  }
}

beforeAll(async () => {
  kvDir = await mkdtemp(join(tmpdir(), 'docs-kv-files-'))
})
afterAll(async () => {
  await rm(kvDir, { recursive: true, force: true })
})

describe('local KV written as files', () => {
  it('finds the database where Miniflare creates the namespace', async () => {
    expect(existsSync(kvDatabasePath(kvDir, NAMESPACE))).toBe(false)
    await createLocalKv({ kvDir, namespaceId: NAMESPACE })
    expect(existsSync(kvDatabasePath(kvDir, NAMESPACE))).toBe(true)
  })

  it('writes values, bytes included, that a binding then reads and lists', async () => {
    const files = openKvFiles(kvDir, NAMESPACE)
    await files.putMany([
      { key: 'blob:a', value: '{"text":"héllo"}' },
      { key: 'blob:b', value: new Uint8Array([0, 255, 7]) },
      { key: 'pointer:v5', value: 'one' },
    ])
    expect(await files.list('blob:')).toEqual(['blob:a', 'blob:b'])
    files.close()
    await withBinding(async (kv) => {
      expect(await kv.get('blob:a', 'text')).toBe('{"text":"héllo"}')
      expect([...new Uint8Array((await kv.get('blob:b', 'arrayBuffer')) as ArrayBuffer)]).toEqual([0, 255, 7])
      expect((await kv.list({ prefix: 'blob:' })).keys.map((key) => key.name)).toEqual(['blob:a', 'blob:b'])
    })
  })

  it('replaces and deletes keys, leaving no blob file behind that no key names', async () => {
    const files = openKvFiles(kvDir, NAMESPACE)
    await files.putMany([{ key: 'pointer:v5', value: 'two' }])
    await files.deleteMany(['blob:b'])
    expect(await files.get('pointer:v5')).toBe('two')
    expect(await files.get('blob:b')).toBeNull()
    files.close()
    expect(await readdir(join(kvDir, NAMESPACE, 'blobs'))).toHaveLength(2)
    await withBinding(async (kv) => {
      expect(await kv.get('pointer:v5', 'text')).toBe('two')
      expect(await kv.get('blob:b', 'text')).toBeNull()
    })
  })

  it('reads what a binding wrote', async () => {
    await withBinding((kv) => kv.put('blob:c', 'from workerd'))
    const files = openKvFiles(kvDir, NAMESPACE)
    expect(await files.get('blob:c')).toBe('from workerd')
    expect(await files.list('blob:')).toEqual(['blob:a', 'blob:c'])
    files.close()
  })

  it('takes blobs a build stages at once, before the build goes on, once more text waits than the publisher allows', async () => {
    const files = openKvFiles(kvDir, NAMESPACE)
    const waiting = await SuccessivePublisher.open(files)
    const atOnce = await SuccessivePublisher.open(files, { waitingLimit: 0 })
    waiting.stage('d'.repeat(32), '"queued"')
    atOnce.stage('e'.repeat(32), '"written at once"')
    // No await between staging and reading: only a write made inside stage() is there.
    const now = await Promise.all([files.get(`blob:${'d'.repeat(32)}`), files.get(`blob:${'e'.repeat(32)}`)])
    expect(now).toEqual([null, '"written at once"'])
    await expect.poll(() => files.get(`blob:${'d'.repeat(32)}`)).toBe('"queued"')
    files.close()
  })
})
