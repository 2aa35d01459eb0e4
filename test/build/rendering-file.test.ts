import { statSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assetName, DIST_FILES } from '../../contract/index.ts'
import { heroSource } from '../../build/content/hero.ts'
import { localeFoldersOf } from '../../build/content/site-config.ts'
import { readGitHistory } from '../../build/git-history.ts'
import { renderDocument, SECTIONS_JSON, type RenderedDocument } from '../../build/markdown/render.ts'
import { runPipeline } from '../../build/pipeline/pipeline.ts'
import { renderInProcess } from '../../build/pipeline/render-all.ts'
import { readContent } from '../../build/read.ts'
import { versionReader } from '../../build/read-versions.ts'
import { RenderCache } from '../../build/render-cache.ts'
import { RenderingFile } from '../../build/rendering-file.ts'
import { buildDir, distFiles, generatedSite, makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const CONTENT = join(import.meta.dirname, '../../content')

const PAGE = [
  '---',
  'hero:',
  '  title: Tidepool',
  '  tagline: Pools in every tide',
  '---',
  '',
  '# Tidepool 🌊',
  '',
  'Écrire, 書く, and a `code` span.',
  '',
  '```ts',
  'const pool = { depth: 3 } // 深さ',
  '```',
  '',
  '## Setup',
  '',
  '| Step | What |',
  '| --- | --- |',
  '| 1 | Fill the pool |',
].join('\n')

/** What a rendering says, its fields read the way the pipeline reads them. */
const fieldsOf = (output: RenderedDocument) => JSON.parse(JSON.stringify(output)) as unknown

describe('the rendering file', () => {
  let file: RenderingFile
  beforeAll(async () => {
    file = RenderingFile.open(join(await makeTempDir('docs-renderings-'), 'renderings'))
  })
  afterAll(() => file.close())

  it('hands back every field of a rendering as it was rendered, its text read from the file', () => {
    const body = PAGE.slice(PAGE.indexOf('# Tidepool'))
    const hero = heroSource({ hero: { title: 'Tidepool', tagline: 'Pools in every tide' } }, 2)
    const output = renderDocument({ path: 'docs/en/index.md', body, bodyLine: 7, ...(hero ? { hero } : {}) }, { urls: {}, markdownUrls: {} })
    expect(output.hero).not.toBeNull()
    const kept = file.keep(output)
    expect(Object.getOwnPropertyDescriptor(kept, 'html')?.get).toBeTypeOf('function')
    expect(fieldsOf(kept)).toEqual(fieldsOf(output))
    expect({ ...kept }).toEqual({ ...output })
  })

  it('reads the texts of several renderings in any order, each from its own place', () => {
    const outputs = ['# One\n\nFirst ü.\n', '# Two\n\n## Part\n\nSecond 書く.\n', '# Three\n'].map((body, position) =>
      renderDocument({ path: `docs/en/p${position}.md`, body, bodyLine: 1 }, { urls: {}, markdownUrls: {} }),
    )
    const kept = outputs.map((output) => file.keep(output))
    for (const [position, field] of [
      [0, 'html'],
      [2, 'markdown'],
      [0, 'sections'],
      [1, 'html'],
      [1, 'recordTerms'],
      [0, 'markdown'],
      [2, 'html'],
    ] as const) {
      expect(kept[position]?.[field], `${field} of ${position}`).toEqual(outputs[position]?.[field])
    }
  })

  it('gives a rendering’s sections as the JSON JSON.stringify writes of them, read from the file, and leaves it out of a copy', () => {
    const output = renderDocument({ path: 'docs/en/s.md', body: '# S\n\nÉcrire 書く.\n\n## Part\n\nMore "quoted" text.\n', bodyLine: 1 }, { urls: {}, markdownUrls: {} })
    const kept = file.keep(output)
    expect(kept[SECTIONS_JSON]).toBe(JSON.stringify(output.sections))
    expect(output[SECTIONS_JSON]).toBeUndefined()
    expect({ ...kept }[SECTIONS_JSON]).toBeUndefined()
  })

  it('gives every rendering the same accessors: V8 keeps an object with getters of its own as a dictionary, several times larger', () => {
    const [a, b] = ['# A\n', '# B\n'].map((body) => file.keep(renderDocument({ path: 'docs/en/x.md', body, bodyLine: 1 }, { urls: {}, markdownUrls: {} })))
    for (const field of ['html', 'markdown', 'sections', 'hero', 'recordTerms', 'headings']) {
      const getter = (rendering: RenderedDocument | undefined) => (rendering ? Object.getOwnPropertyDescriptor(rendering, field)?.get : undefined)
      expect(getter(a), field).toBeTypeOf('function')
      expect(getter(a), field).toBe(getter(b))
    }
  })

  it('keeps a text that UTF-8 cannot carry exactly (a lone surrogate) in memory, as it is', () => {
    const output = renderDocument({ path: 'docs/en/odd.md', body: '# Odd\n', bodyLine: 1 }, { urls: {}, markdownUrls: {} })
    const odd = { ...output, html: `${output.html}\uD800` }
    const kept = file.keep(odd)
    expect(kept.html).toBe(odd.html)
    expect(kept).toBe(odd)
  })
})

describe('a rendering from the render cache', () => {
  const links = { urls: {}, markdownUrls: {} }
  const cachedPage = async (body: string) => {
    const dir = await makeTempDir('docs-render-cache-')
    const cache = await RenderCache.open(dir)
    const input = { path: 'docs/en/cached.md', body, bodyLine: 1 }
    const output = renderDocument(input, links)
    await cache.set(input, output)
    return { dir, output, cached: cache.get(input, links) as RenderedDocument }
  }
  const renderingsFile = async (options: { readCacheInPlace?: boolean }) => {
    const path = join(await makeTempDir('docs-renderings-'), 'renderings')
    return { path, file: RenderingFile.open(path, options) }
  }

  it('is read from its cache file in place, none of its text copied to the renderings file, and gives what was rendered', async () => {
    const { output, cached } = await cachedPage('# Cached\n\nÉcrire 書く, [a link](https://example.com).\n\n## Part\n\nMore.\n')
    const inPlace = await renderingsFile({ readCacheInPlace: true })
    const copied = await renderingsFile({})
    const [read, copy] = [inPlace.file.keep(cached), copied.file.keep(cached)]
    expect(fieldsOf(read)).toEqual(fieldsOf(output))
    expect(fieldsOf(copy)).toEqual(fieldsOf(output))
    expect(statSync(inPlace.path).size).toBe(0)
    expect(statSync(copied.path).size).toBeGreaterThan(output.html.length)
    inPlace.file.close()
    copied.file.close()
  })

  it('fails the read with the cache file named when the entry left the cache while the build ran', async () => {
    const { dir, cached } = await cachedPage('# Gone\n')
    const { file } = await renderingsFile({ readCacheInPlace: true })
    const kept = file.keep(cached)
    const entries = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.rendering'))
    expect(entries).toHaveLength(1)
    await rm(join(dir, entries[0] as string))
    expect(() => kept.html).toThrow(/\.rendering: a cached rendering left the render cache while the build was reading it; build again/)
    file.close()
  })
})

/** The same content through the pipeline with every rendering kept in memory, as `npm start` keeps them. */
async function inMemoryFiles(contentDir: string): Promise<Map<string, string>> {
  const [content, git] = await Promise.all([readContent(contentDir), readGitHistory(contentDir)])
  const openVersion = await versionReader(contentDir, content.siteText, git, localeFoldersOf(content.files.map((file) => file.path)))
  const files = new Map<string, string>()
  const output = await runPipeline({
    ...content,
    git,
    openVersion,
    builtAt: '2026-01-01T00:00:00.000Z',
    renderMany: renderInProcess,
    onBlob: (hash, text) => files.set(DIST_FILES.blob(hash), Buffer.from(text).toString('base64')),
    onAsset: (asset) => files.set(DIST_FILES.asset(assetName(asset.hash, asset.extension)), Buffer.from(asset.bytes).toString('base64')),
  })
  const { builtAt: _builtAt, ...manifest } = output.manifest
  files.set('manifest.json', JSON.stringify(manifest))
  files.set('blob-list.json', JSON.stringify(output.blobList))
  return files
}

describe('a build whose renderings wait on disk', () => {
  it.each([
    ['this repository’s content/', async () => CONTENT],
    ['a generated site of 300 documents in two locales with drafts and release notes', () => generatedSite(300, 42)],
  ])('writes byte for byte what the pipeline writes with every rendering in memory: %s', { timeout: 120_000 }, async (_name, contentOf) => {
    const contentDir = await contentOf()
    const { outDir } = await buildDir(contentDir, { keepBlobs: false })
    const written = await distFiles(outDir)
    const expected = await inMemoryFiles(contentDir)
    expect([...written.keys()].sort()).toEqual([...expected.keys()].sort())
    const different = [...expected].filter(([name, data]) => written.get(name) !== data).map(([name]) => name)
    expect(different).toEqual([])
  })
})
