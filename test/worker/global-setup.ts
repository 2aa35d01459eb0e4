import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import type { TestProject } from 'vitest/node'
import { buildSite } from '../../build/build.ts'
import { readEmitted } from '../../build/emit.ts'
import type { Manifest } from '../../contract/index.ts'

export interface BuiltFixture {
  manifest: Manifest
  blobs: Record<string, string>
}

declare module 'vitest' {
  export interface ProvidedContext {
    site: BuiltFixture
    jwks: { url: string; privateKey: JWK }
  }
}

/** Runs the real build on the fixture site once; tests publish it into workerd's KV. */
export default async function setup(project: TestProject) {
  const outDir = await mkdtemp(join(tmpdir(), 'docs-worker-fixture-'))
  const result = await buildSite({ contentDir: 'test/fixtures/site', outDir, cacheDir: null })
  const blobs: Record<string, string> = {}
  const emitted = await readEmitted(outDir)
  for (const hash of result.manifest.blobs) blobs[hash] = await emitted.readBlob(hash)
  project.provide('site', { manifest: result.manifest, blobs })
  const jwks = await serveJwks()
  project.provide('jwks', { url: jwks.url, privateKey: jwks.privateKey })
  return async () => {
    jwks.server.close()
    await rm(outDir, { recursive: true, force: true })
  }
}

/** An identity provider's JWKS endpoint on loopback, for the asymmetric token option. */
async function serveJwks() {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true })
  const key = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' }
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [key] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, url: `http://127.0.0.1:${port}/.well-known/jwks.json`, privateKey: { ...(await exportJWK(privateKey)), kid: 'test-key' } }
}
