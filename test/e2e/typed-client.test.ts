import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import type { KVNamespace } from '@cloudflare/workers-types/index.ts'
import { SignJWT } from 'jose'
import type { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite } from '../../build/build.ts'
import { inMemorySource, publishBuild } from '../../publish/publish.ts'
import { kvBindingTarget } from '../../publish/targets/kv-binding.ts'
import type { ClientProgram, ClientRun } from '../typed-client/answers.ts'
import { deviations, operationsOf, type OpenApiDocument } from '../typed-client/conformance.ts'
import { generateTypes } from '../typed-client/generate.ts'
import { TEST_JWT, workerInMiniflare } from '../shared/worker-miniflare.ts'

const run = promisify(execFile)

// A client generated from the worker's own OpenAPI document by tools nobody
// here wrote (openapi-typescript, openapi-fetch): the types are generated from
// the document the worker serves, a client program is type-checked against
// them with the project's compiler, and then calls every operation over HTTP.
const PROGRAM = resolve('test/typed-client/program.ts')
const JWT = TEST_JWT
// The fixture site, and a page with an image so that the assets path has a file to serve.
const PICTURES = { 'docs/en/guides/pictures.md': '---\ntitle: Pictures\n---\n\n![A diagram](./images/diagram.svg)\n' }
const DIAGRAM = 'test/fixtures/assets/docs/en/images/diagram.svg'

let workDir: string
let mf: Miniflare
let openapi: OpenApiDocument
let served: { ok: boolean; output: string }
let client: ClientRun

async function publishedWorker(): Promise<string> {
  const content = join(workDir, 'content')
  await cp('test/fixtures/site', content, { recursive: true })
  await cp(DIAGRAM, join(content, 'docs/en/guides/images/diagram.svg'))
  for (const [path, text] of Object.entries(PICTURES)) await writeFile(join(content, path), text)
  const built = await buildSite({ contentDir: content, outDir: join(workDir, 'dist'), cacheDir: null, threads: 1, keepBlobs: true })
  mf = await workerInMiniflare(workDir, { bindings: { POINTER_TTL_SECONDS: '0' }, host: '127.0.0.1', port: 0 })
  const origin = (await mf.ready).origin
  await publishBuild(kvBindingTarget((await mf.getKVNamespace('DOCS_KV')) as unknown as KVNamespace), inMemorySource(built))
  return origin
}

/** tsc (the project's, TypeScript 7) on the client program, with `generated-openapi-types` naming the given types. */
async function typeCheck(types: string, name: string): Promise<{ ok: boolean; output: string }> {
  const typesFile = join(workDir, `${name}.d.ts`)
  const config = join(workDir, `tsconfig.${name}.json`)
  await writeFile(typesFile, types)
  const compilerOptions = { types: [], paths: { 'generated-openapi-types': [typesFile] } }
  await writeFile(config, JSON.stringify({ extends: resolve('tsconfig.json'), compilerOptions, include: [], files: [PROGRAM] }))
  return run(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', config, '--pretty', 'false'])
    .then(({ stdout }) => ({ ok: true, output: stdout }))
    .catch((error: { stdout?: string }) => ({ ok: false, output: error.stdout ?? String(error) }))
}

const draftsToken = () =>
  new SignJWT({ scope: 'drafts:read' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(JWT.JWT_ISSUER)
    .setAudience(JWT.JWT_AUDIENCE)
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(JWT.JWT_SECRET))

function withoutToc(document: OpenApiDocument): OpenApiDocument {
  const { schemas } = document.components
  const { toc: _toc, ...properties } = schemas.Document?.properties ?? {}
  return { ...document, components: { schemas: { ...schemas, Document: { ...schemas.Document, properties } } } }
}

/** The document with its documents path parameter named `id` instead of `slug`. */
function withSlugNamedId(document: OpenApiDocument): OpenApiDocument {
  const { '/v1/documents/{slug}': item, ...paths } = document.paths
  if (item?.get?.parameters === undefined) throw new Error('the document has no parameters of GET /v1/documents/{slug}')
  const parameters = item.get.parameters.map((parameter) => (parameter.in === 'path' ? { ...parameter, name: 'id' } : parameter))
  return { ...document, paths: { ...paths, '/v1/documents/{id}': { get: { ...item.get, parameters } } } }
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'docs-typed-client-'))
  const origin = await publishedWorker()
  openapi = (await (await fetch(`${origin}/v1/openapi.json`)).json()) as OpenApiDocument
  served = await typeCheck(await generateTypes(openapi), 'served')
  const program = (await import(pathToFileURL(PROGRAM).href)) as ClientProgram
  // The client calls the server the document names, as a generated client does.
  client = await program.callEveryOperation(openapi.servers[0]?.url ?? '', await draftsToken())
}, 120_000)

afterAll(async () => {
  await mf?.dispose()
  await rm(workDir, { recursive: true, force: true })
})

describe('a client generated from /v1/openapi.json', () => {
  it('type-checks the client program against the types generated from the document the worker serves', () => {
    expect(served).toEqual({ ok: true, output: '' })
  })

  const lacking: Array<[string, (document: OpenApiDocument) => OpenApiDocument, RegExp]> = [
    ['a field of an answer (the TOC of a document)', withoutToc, /program\.ts\(\d+,\d+\): error TS2339: Property 'toc' does not exist/],
    ['a path parameter (the slug of a document)', withSlugNamedId, /program\.ts\(\d+,\d+\): error TS2345: Argument of type '"\/v1\/documents\/\{slug\}"'/],
  ]
  it.each(lacking)(
    'fails the type check when the document lacks %s that the client program uses',
    async (_what, change, error) => {
      const checked = await typeCheck(await generateTypes(change(openapi)), 'changed')
      expect(checked.ok).toBe(false)
      expect(checked.output).toMatch(error)
    },
    60_000,
  )

  it('reads a top-level page, a nested one sent as guides%2Finstall, one two levels deep, and a translation', () => {
    const { answers, exchanges } = client
    expect(answers.topLevel).toMatchObject({ status: 200, slug: 'index', locale: 'en' })
    expect(answers.nested).toMatchObject({
      status: 200,
      slug: 'guides/install',
      title: 'Installing the service',
      tocIds: ['requirements', 'configure-wrangler'],
      breadcrumbs: ['guides'],
    })
    expect(answers.twoLevelsDeep).toMatchObject({ status: 200, slug: 'reference/limits/quotas', title: 'Quotas' })
    expect(answers.french).toMatchObject({ status: 200, slug: 'guides/installation', title: 'Installer le service', locale: 'fr' })
    expect(exchanges.map((exchange) => new URL(exchange.url).pathname)).toEqual(
      expect.arrayContaining(['/v1/documents/guides%2Finstall', '/v1/documents/reference%2Flimits%2Fquotas', '/v1/documents/guides%2Finstall.md']),
    )
  })

  it('reads the Markdown copy by suffix and by Accept, the 308 of a moved page, and a 304', () => {
    const { answers } = client
    expect(answers.markdownBySuffix).toEqual({ status: 200, firstLine: '# Installing the service' })
    expect(answers.markdownByAccept).toEqual({ status: 200, firstLine: '# Installing the service' })
    expect(answers.moved).toEqual({ status: 308, location: '/v1/documents/guides/install?locale=fr' })
    expect(answers.notModified).toMatchObject({ status: 304, etag: expect.stringMatching(/^"/) })
  })

  it("reads a draft with a token set in the client's headers, and gets a 404 problem without it", () => {
    const { answers } = client
    expect(answers.draftWithToken).toMatchObject({ status: 200, slug: 'guides/secret-plans', draft: true })
    expect(answers.draftWithoutToken).toMatchObject({ status: 404, problem: { status: 404 } })
    expect(answers.missing).toMatchObject({ status: 404, problem: { status: 404, title: expect.any(String) } })
    expect(answers.badToken).toMatchObject({ status: 401, challenge: expect.stringMatching(/^Bearer error="invalid_token"/) })
  })

  it('reads navigation, search, releases by stream and version, status, llms files and an asset', async () => {
    const { answers } = client
    expect(answers.navigation).toMatchObject({ status: 200, locale: 'fr', topLevel: expect.arrayContaining(['index', 'guides']) })
    expect(answers.subtree).toEqual({
      status: 200,
      depth: 1,
      children: [
        ['Glossary', false, null],
        ['Limits', true, 'reference/limits'],
      ],
    })
    // The fixture site has no API operations: every hit says so with a null operation.
    expect(answers.search).toMatchObject({ status: 200, slugs: expect.arrayContaining(['guides/install']), withOperation: 0, sections: { guides: expect.any(Number) } })
    expect(answers.searchWithoutQuery).toEqual({ status: 422, pointers: ['/query'] })
    expect(answers.releases).toMatchObject({
      status: 200,
      streams: [
        { name: 'lts', versions: ['1.4.1'] },
        { name: 'stable', versions: ['1.4.0'] },
      ],
    })
    expect(answers.unknownStream).toMatchObject({ status: 422, problem: { errors: [{ pointer: '/stream' }] } })
    expect(answers.versions).toEqual({ status: 200, default: null, names: [null], aliases: [['latest']] })
    expect(answers.unknownVersion).toMatchObject({ status: 404, problem: { status: 404, detail: 'Version "9.x" does not exist. Versions: (unnamed) (latest).' } })
    expect(answers.status).toMatchObject({ status: 200, documents: { en: expect.any(Number), fr: 2 }, locales: ['en', 'fr'] })
    expect(answers.llms).toEqual({ status: 200, firstLine: '# Fixture docs' })
    expect(answers.llmsFull).toEqual({ status: 200, firstLine: '# Bienvenue' })
    expect(answers.llmsSection).toMatchObject({ status: 404 })
    expect(answers.llmsFullSection).toMatchObject({ status: 404 })
    expect(answers.asset).toEqual({ status: 200, type: 'image/svg+xml', bytes: (await readFile(DIAGRAM)).byteLength })
    expect(answers.missingAsset).toMatchObject({ status: 404, problem: { status: 404 } })
  })

  it('calls every operation the document describes, and each answer has a status, headers, content type and body the document describes', () => {
    expect(new Set(client.exchanges.map((exchange) => exchange.operation))).toEqual(new Set(operationsOf(openapi)))
    const found = client.exchanges.flatMap((exchange) => deviations(openapi, exchange).map((problem) => `${exchange.operation} ${exchange.status}: ${problem}`))
    expect(found).toEqual([])
  })
})
