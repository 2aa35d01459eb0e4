import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import type { TestProject } from 'vitest/node'
import { buildSite } from '../../build/build.ts'
import { makeVersionedRepo } from '../shared/versioned-repo.ts'
import { docusaurusVersionsSite } from '../shared/docusaurus-versions-site.ts'
import { LARGE_SITE_VIEW_BYTES, writeLargeSite } from '../shared/large-site.ts'
import { readDist } from '../../publish/read-dist.ts'
import type { BlobList, Manifest } from '../../contract/index.ts'

export interface BuiltFixture {
  manifest: Manifest
  blobList: BlobList
  blobs: Record<string, string>
  /** Asset bytes by hash, in base64: provided values travel to workerd as JSON. */
  assets: Record<string, string>
}

declare module 'vitest' {
  export interface ProvidedContext {
    site: BuiltFixture
    /** A generated site of many pages whose llms-full.txt is split into many small parts. */
    manyParts: BuiltFixture
    /** A generated site of a thousand pages in a deep tree, built with a small size line so its sidebar and llms.txt are split. */
    largeSite: BuiltFixture
    /** A site whose pages reference images and a PDF (test/fixtures/assets). */
    assetsSite: BuiltFixture
    /** A site in English, Chinese and Arabic (test/fixtures/languages), for the preview's interface languages. */
    languagesSite: BuiltFixture
    /** Three versions of one product's docs: the content folder, a git tag and a folder of old pages (test/fixtures/versions). */
    versionsSite: BuiltFixture
    /** Two versions the Docusaurus way (test/fixtures/docusaurus-versions), the old one kept from a build before the current one gained a page. */
    docusaurusVersionsSite: BuiltFixture
    /** An API reference from three OpenAPI documents and a German translation, beside a few pages (test/fixtures/api-reference). */
    apiSite: BuiltFixture
    jwks: { url: string; privateKey: JWK }
  }
}

/** Runs the real build on the fixture site once; tests publish it into workerd's KV. */
export default async function setup(project: TestProject) {
  const outDir = await mkdtemp(join(tmpdir(), 'docs-worker-fixture-'))
  project.provide('site', await built('test/fixtures/site', join(outDir, 'site')))
  project.provide('assetsSite', await built('test/fixtures/assets', join(outDir, 'assets')))
  project.provide('languagesSite', await built('test/fixtures/languages', join(outDir, 'languages')))
  project.provide('versionsSite', await built(await makeVersionedRepo(outDir), join(outDir, 'versions')))
  project.provide('docusaurusVersionsSite', await builtTwice(outDir))
  project.provide('apiSite', await built('test/fixtures/api-reference', join(outDir, 'api-reference')))
  project.provide('manyParts', await built(await generatedSite(join(outDir, 'generated')), join(outDir, 'many-parts'), { llmsPartBytes: 8 * 1024 }))
  project.provide(
    'largeSite',
    await built(await writeLargeSite(join(outDir, 'large')), join(outDir, 'large-out'), { viewBytes: LARGE_SITE_VIEW_BYTES, llmsPartBytes: LARGE_SITE_VIEW_BYTES }),
  )
  const jwks = await serveJwks()
  project.provide('jwks', { url: jwks.url, privateKey: jwks.privateKey })
  return async () => {
    jwks.server.close()
    await rm(outDir, { recursive: true, force: true })
  }
}

async function built(contentDir: string, outDir: string, options: { llmsPartBytes?: number; viewBytes?: number; cacheDir?: string } = {}): Promise<BuiltFixture> {
  const result = await buildSite({ contentDir, outDir, cacheDir: null, ...options })
  const emitted = await readDist(outDir)
  const blobs: Record<string, string> = {}
  const assets: Record<string, string> = {}
  for (const hash of emitted.blobList.blobs) {
    const bytes = await emitted.readAsset(hash)
    if (bytes) assets[hash] = Buffer.from(bytes).toString('base64')
    else blobs[hash] = await emitted.readBlob(hash)
  }
  return { manifest: result.manifest, blobList: emitted.blobList, blobs, assets }
}

/** The Docusaurus-shaped site built, then built again with the same cache after its current version gained a page. */
async function builtTwice(parent: string): Promise<BuiltFixture> {
  const { contentDir, addPage } = await docusaurusVersionsSite(parent)
  const options = { cacheDir: join(parent, 'docusaurus-versions-cache') }
  await built(contentDir, join(parent, 'docusaurus-versions'), options)
  await addPage()
  return built(contentDir, join(parent, 'docusaurus-versions'), options)
}

/** 120 pages of about 1 KB in 4 sections, numbered so their order can be checked. */
async function generatedSite(dir: string): Promise<string> {
  await mkdir(join(dir, 'docs/en'), { recursive: true })
  await writeFile(join(dir, 'site.yml'), 'title: Generated\ndescription: Many pages.\ndefaultLocale: en\nlocales: [en]\n')
  for (let page = 0; page < 120; page++) {
    const file = join(dir, 'docs/en', `section-${page % 4}`, `page-${String(page).padStart(3, '0')}.md`)
    await mkdir(join(file, '..'), { recursive: true })
    await writeFile(file, `---\ntitle: Page ${page}\norder: ${page}\n---\n\n${'Generated text for the parts test. '.repeat(30)}\n`)
  }
  return dir
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
