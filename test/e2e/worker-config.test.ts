import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readLocalWorkerConfig } from '../../scripts/worker-config.ts'
import { makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

describe("npm start's reading of wrangler.toml", () => {
  it('takes the compatibility date, the vars and the DOCS_KV namespace from this repository’s wrangler.toml', async () => {
    const config = await readLocalWorkerConfig('wrangler.toml')
    expect(config.compatibilityDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(config.namespaceId).toBe('00000000000000000000000000000000')
    expect(config.vars).toMatchObject({ JWT_ISSUER: 'docs-service', PREVIEW: 'false' })
  })

  it('refuses a binding it would not set up, by name, rather than run the worker without it', async () => {
    const path = join(await makeTempDir('docs-wrangler-toml-'), 'wrangler.toml')
    await writeFile(path, 'compatibility_date = "2026-08-01"\n[[kv_namespaces]]\nbinding = "DOCS_KV"\nid = "abc"\n[[r2_buckets]]\nbinding = "FILES"\nbucket_name = "files"\n')
    await expect(readLocalWorkerConfig(path)).rejects.toThrow(`${path} has r2_buckets, which npm start's local worker does not set up`)
  })

  it('says so when DOCS_KV has no namespace', async () => {
    const path = join(await makeTempDir('docs-wrangler-toml-'), 'wrangler.toml')
    await writeFile(path, 'compatibility_date = "2026-08-01"\n')
    await expect(readLocalWorkerConfig(path)).rejects.toThrow('has no kv_namespaces entry for DOCS_KV')
  })
})
