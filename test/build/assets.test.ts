import { createHash } from 'node:crypto'
import { cp, mkdir, open, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AssetIndexSchema, KV_VALUE_LIMIT, blobHash, type AssetIndex } from '../../contract/index.ts'
import { blob, buildDir, documentOf, makeTempDir, problemsOf, removeTempDirs, routesOf, SITE_EN, type FolderBuild } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const FIXTURE = 'test/fixtures/assets'

/** The name a file is published under: the hash of its bytes, as contract/hash.ts names every blob. */
async function publishedName(path: string): Promise<string> {
  const bytes = await readFile(join(FIXTURE, path))
  const extension = path.slice(path.lastIndexOf('.') + 1)
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`
}

/** A copy of the fixture with `changes` written over it, for the failing cases. */
async function fixtureWith(changes: Record<string, string>): Promise<string> {
  const dir = join(await makeTempDir(), 'content')
  await cp(FIXTURE, dir, { recursive: true })
  for (const [path, text] of Object.entries(changes)) {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), text)
  }
  return dir
}

describe('assets a page references', () => {
  let build: FolderBuild
  let index: AssetIndex
  let html: string

  beforeAll(async () => {
    build = await buildDir(FIXTURE)
    index = AssetIndexSchema.parse(blob(build.result, build.result.manifest.assets))
    html = documentOf(build.result, 'index').html
  })

  it('points a relative image at its asset URL with the size its SVG viewBox states, loading lazily', async () => {
    const name = await publishedName('docs/en/images/diagram.svg')
    expect(html).toContain(`<img src="/v1/assets/${name}" alt="How a build becomes a release" width="240" height="120" loading="lazy" decoding="async">`)
  })

  it('finds a root path in public/ and in static/, beside docs/', async () => {
    expect(html).toContain(`<img src="/v1/assets/${await publishedName('public/img/logo.png')}" alt="The logo" width="48" height="32"`)
    expect(html).toContain(`<img src="/v1/assets/${await publishedName('static/banner.gif')}" alt="A banner" title="Banner" width="20" height="10"`)
  })

  it("keeps the author's own width and adds no height to it", async () => {
    const name = await publishedName('public/img/photo.svg')
    expect(html).toContain(`<img src="/v1/assets/${name}" width="120" alt="A photo, sized by its author" loading="lazy" decoding="async">`)
  })

  it('points a link to a PDF at its asset', async () => {
    expect(html).toContain(`<a href="/v1/assets/${await publishedName('docs/en/files/guide.pdf')}">the whole guide as a PDF</a>`)
  })

  it('resolves the same file from another folder to the same asset', async () => {
    expect(documentOf(build.result, 'guides/setup').html).toContain(`src="/v1/assets/${await publishedName('docs/en/images/diagram.svg')}"`)
  })

  it('points the Markdown copy at the same assets', async () => {
    const copy = JSON.parse(build.result.blobs.get(markdownHashOf(build, 'index')) ?? 'null') as string
    expect(copy).toContain(`![The logo](/v1/assets/${await publishedName('public/img/logo.png')})`)
    expect(copy).toContain(`[the whole guide as a PDF](/v1/assets/${await publishedName('docs/en/files/guide.pdf')})`)
    // An image written as raw HTML too.
    expect(copy).toContain(`<img src="/v1/assets/${await publishedName('public/img/photo.svg')}"`)
    expect(copy).not.toContain('"/img/photo.svg"')
  })

  it('lists every published asset with its content type, and publishes no unused file', async () => {
    expect(index.assets).toEqual({
      [await publishedName('docs/en/images/diagram.svg')]: 'image/svg+xml',
      [await publishedName('public/img/logo.png')]: 'image/png',
      [await publishedName('public/img/photo.svg')]: 'image/svg+xml',
      [await publishedName('static/banner.gif')]: 'image/gif',
      [await publishedName('docs/en/files/guide.pdf')]: 'application/pdf',
    })
    const unused = (await publishedName('docs/en/images/unused.png')).slice(0, 32)
    expect(build.result.blobList.blobs).not.toContain(unused)
  })

  it('writes each asset to dist/assets as its bytes, named by their hash, and lists it among the blobs', async () => {
    const written = (await readdir(join(build.outDir, 'assets'))).sort()
    expect(written).toEqual(Object.keys(index.assets).sort())
    for (const name of written) {
      const bytes = await readFile(join(build.outDir, 'assets', name))
      const hash = name.slice(0, name.indexOf('.'))
      expect(await blobHash(new Uint8Array(bytes).buffer)).toBe(hash)
      expect(build.result.blobList.blobs).toContain(hash)
    }
  })

  it('takes its root folders from assets.dirs in site.yml', async () => {
    const problems = await problemsOf(await fixtureWith({ 'site.yml': `${SITE_EN}assets:\n  dirs: [static]\n` }))
    expect(problems).toEqual([
      { path: 'docs/en/index.md', line: 9, message: '"/img/logo.png" points at no file' },
      { path: 'docs/en/index.md', line: 15, message: '"/img/photo.svg" points at no file' },
    ])
  })
})

describe('assets that cannot be published', () => {
  const MISSING_PAGE = '# Missing\n\nText.\n\n![Gone](./images/gone.png)\n\n[Old slides](/slides.pdf)\n'

  it('reports a missing image and a missing file link with their path and line', async () => {
    const problems = await problemsOf(await fixtureWith({ 'docs/en/missing.md': MISSING_PAGE }))
    expect(problems).toEqual([
      { path: 'docs/en/missing.md', line: 5, message: '"./images/gone.png" points at no file' },
      { path: 'docs/en/missing.md', line: 7, message: '"/slides.pdf" points at no file' },
    ])
  })

  it("makes them warnings under links: warn, keeping the author's references", async () => {
    const dir = await fixtureWith({ 'docs/en/missing.md': MISSING_PAGE, 'site.yml': `${SITE_EN}links: warn\n` })
    const { result } = await buildDir(dir)
    expect(result.warnings).toContainEqual({ path: 'docs/en/missing.md', line: 5, message: '"./images/gone.png" points at no file' })
    expect(result.warnings).toContainEqual({ path: 'docs/en/missing.md', line: 7, message: '"/slides.pdf" points at no file' })
    const page = documentOf(result, 'missing').html
    expect(page).toContain('<img src="./images/gone.png" alt="Gone" loading="lazy" decoding="async">')
    expect(page).toContain('<a href="/slides.pdf">Old slides</a>')
  })

  it('refuses a file larger than a KV value, saying so', async () => {
    const dir = await fixtureWith({ 'docs/en/video.md': '# Video\n\n[The recording](./files/recording.zip)\n' })
    // A sparse file: its size is what counts, and the build never reads a file this large.
    const file = await open(join(dir, 'docs/en/files/recording.zip'), 'w')
    await file.truncate(KV_VALUE_LIMIT + 1)
    await file.close()
    expect(await problemsOf(dir)).toEqual([{ path: 'docs/en/video.md', line: 3, message: '"./files/recording.zip" is 25.0 MiB, over the 25 MiB a KV value can hold' }])
  })
})

/** The hash of a document's Markdown blob, from its route. */
function markdownHashOf(build: FolderBuild, docId: string): string {
  const entry = routesOf(build.result).documents.en?.[docId]
  if (!entry) throw new Error(`no document ${docId}`)
  return entry.markdown
}
