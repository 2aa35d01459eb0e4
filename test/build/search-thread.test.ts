import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildOptions } from '../../build/build.ts'
import { BuildWriter } from '../../build/emit.ts'
import { renderDocument } from '../../build/markdown/render.ts'
import { withOrigin } from '../../build/markdown/rendering-origin.ts'
import { IndexedPage } from '../../build/pipeline/indexed-page.ts'
import { indexJobsIn, SearchIndexes } from '../../build/pipeline/search-index.ts'
import { BlockReader, renderingAt, textsPlaceOf } from '../../build/rendering-blocks.ts'
import { RenderingFile } from '../../build/rendering-file.ts'
import { SearchThread } from '../../build/search-thread.ts'
import { DIST_FILES } from '../../contract/index.ts'
import { SECTIONS_SOURCE } from '../../search/engine.ts'
import { buildDir, distFiles, generatedSite, makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'
import { makeVersionedRepo } from '../shared/versioned-repo.ts'

afterAll(removeTempDirs)

const CONTENT = join(import.meta.dirname, '../../content')
const TARGETS = { urls: {}, markdownUrls: {} }
const SETTINGS = { synonyms: [['kiln', 'oven']] }

const BODIES = [
  '# Firing the kiln\n\nPreheat the kiln slowly. The kiln cracks when rushed.\n\n## Cooling\n\nLet it cool overnight.\n',
  '# Glazes\n\nA glaze melts at cone 6. Kiln shelves need kiln wash.\n',
  '# 窑的温度\n\n窑的温度很重要。慢慢加热。\n\n## 冷却\n\n让窑慢慢冷却。\n',
  '# Draft notes\n\nNot published yet: oven schedules.\n',
  '# Clay bodies\n\nStoneware, porcelain and earthenware.\n',
]

/** Pages like the build's, their renderings' texts in a renderings file; one kept in memory, as a text UTF-8 cannot carry is. */
async function pagesInFile() {
  const renderingsPath = join(await makeTempDir('docs-search-thread-'), 'renderings')
  const file = RenderingFile.open(renderingsPath)
  const renderings = BODIES.map((body, n) => {
    const rendered = renderDocument({ path: `docs/en/p${n}.md`, body, bodyLine: 1 }, TARGETS)
    // Two come from the render cache, as far as the index's key knows (their origin names their texts).
    const kept = n === 4 ? file.keep({ ...rendered, html: `${rendered.html}\uD800` }) : file.keep(rendered)
    return n < 2 ? withOrigin(kept, `origin of p${n}`) : kept
  })
  const pages = renderings.map((kept, n) => {
    const api = n === 1 ? { keywords: 'listGlazes GET /glazes', operation: { method: 'GET', path: '/glazes' } } : {}
    return new IndexedPage(
      { docId: `p${n}`, slug: `p${n}`, locale: 'en', section: n < 2 ? 'guides' : '', title: `Page ${n}`, draft: n === 3, tags: n % 2 ? ['kiln'] : [], ...api },
      kept,
    )
  })
  return { renderingsPath, file, pages }
}

/** A writer of a build into `<dir>/dist`, whose previous build holds the blobs `previous`. */
async function writerOver(previous: Map<string, string> = new Map()) {
  const outDir = join(await makeTempDir('docs-search-thread-dist-'), 'dist')
  await mkdir(join(outDir, DIST_FILES.blobDir), { recursive: true })
  for (const [hash, json] of previous) await writeFile(join(outDir, DIST_FILES.blob(hash)), json)
  return BuildWriter.open(outDir)
}

/** What a taker was given: values as text, and values named as stored. */
function taker() {
  const texts = new Map<string, string>()
  const stored: string[] = []
  return { texts, stored, take: { text: (json: string, hash: string) => texts.set(hash, json), stored: (hash: string) => stored.push(hash) } }
}

/**
 * `use` with a search thread over the renderings file of `inFile`, writing into a build whose last output
 * holds `previous`; the thread stops and the staged output goes after.
 */
async function withThread(
  inFile: Pick<Awaited<ReturnType<typeof pagesInFile>>, 'renderingsPath'>,
  minPages: number,
  use: (thread: SearchThread, writer: BuildWriter) => Promise<void>,
  previous = new Map<string, string>(),
): Promise<void> {
  const writer = await writerOver(previous)
  const thread = new SearchThread({ renderingsPath: inFile.renderingsPath, writer, minPages })
  try {
    await use(thread, writer)
  } finally {
    await thread.close()
    await writer.abort()
  }
}

describe('the search thread', () => {
  let inFile: Awaited<ReturnType<typeof pagesInFile>>
  beforeAll(async () => {
    inFile = await pagesInFile()
  })
  afterAll(() => inFile.file.close())

  it('gives each locale’s index key and head as this thread does, reading the pages’ texts from their file and storing the values itself', async () => {
    const { pages } = inFile
    expect(pages.filter((page) => textsPlaceOf(page[SECTIONS_SOURCE])).length).toBe(4)
    for (const locale of ['en', 'zh']) {
      const here = indexJobsIn(new SearchIndexes())(locale, pages, SETTINGS, true)
      const madeHere = taker()
      const expected = await here.write(madeHere.take)
      // The previous build has one of the values: it is named, not written again.
      const [kept, ...others] = [...madeHere.texts.keys()]
      const previous = new Map([[kept as string, madeHere.texts.get(kept as string) as string]])
      await withThread(
        inFile,
        0,
        async (thread, writer) => {
          const there = thread.indexes(() => expect.fail('an index was made in this thread'), { keepBuilders: false })(locale, pages, SETTINGS, true)
          expect(await there.key()).toBe(await here.key())
          const madeThere = taker()
          expect(await there.write(madeThere.take)).toEqual(expected)
          expect(madeThere.texts.size).toBe(0)
          expect(madeThere.stored.sort()).toEqual([...madeHere.texts.keys()].sort())
          const staged = await readdir(join(writer.staging, DIST_FILES.blobDir))
          expect(staged.sort()).toEqual(others.map((hash) => DIST_FILES.blob(hash).slice(DIST_FILES.blobDir.length + 1)).sort())
          for (const hash of others) expect(await readFile(join(writer.staging, DIST_FILES.blob(hash)), 'utf8')).toBe(madeHere.texts.get(hash))
        },
        previous,
      )
    }
  })

  it('makes an index of fewer pages than it takes in the caller’s thread', async () => {
    const { pages } = inFile
    await withThread(inFile, pages.length + 1, async (thread) => {
      let madeHere = 0
      const inThread = indexJobsIn(new SearchIndexes())
      const jobs = thread.indexes(
        (...job) => {
          madeHere++
          return inThread(...job)
        },
        { keepBuilders: false },
      )
      const made = taker()
      await jobs('en', pages, SETTINGS, true).write(made.take)
      expect(madeHere).toBe(1)
      expect(made.texts.size).toBeGreaterThan(1)
    })
  })

  it('fails an index whose page cannot be read with the file named, and makes the next one', async () => {
    const { renderingsPath, pages } = inFile
    await withThread(inFile, 0, async (thread) => {
      const jobs = thread.indexes(indexJobsIn(new SearchIndexes()), { keepBuilders: false })
      const beyond = renderingAt({}, { path: renderingsPath, start: 1_000_000, bytes: 10, lengths: [2, 2, 2, -1, -1, 4] }, new BlockReader())
      const broken = [...pages, new IndexedPage({ ...(pages[0] as IndexedPage).toJSON(), docId: 'lost', slug: 'lost' }, beyond)]
      await expect(jobs('en', broken, SETTINGS, false).write(taker().take)).rejects.toThrow(`${renderingsPath}: the rendering file ends at`)
      const written = await jobs('en', pages, SETTINGS, true).write(taker().take)
      expect(written.index).toBe((await indexJobsIn(new SearchIndexes())('en', pages, SETTINGS, true).write(taker().take)).index)
    })
  })

  it('stops once it has answered every job, starts again for a later one, and stays while a job keeps its builders', async () => {
    const { pages } = inFile
    const expected = await indexJobsIn(new SearchIndexes())('en', pages, SETTINGS, true).write(taker().take)
    await withThread(inFile, 0, async (thread) => {
      const jobs = thread.indexes(indexJobsIn(new SearchIndexes()), { keepBuilders: false })
      const both = [jobs('en', pages, SETTINGS, true), jobs('zh', pages, SETTINGS, true)]
      expect(thread.running).toBe(true)
      await both[0]?.write(taker().take)
      await both[1]?.write(taker().take)
      expect(thread.running).toBe(false)
      expect(await jobs('en', pages, SETTINGS, true).write(taker().take)).toEqual(expected)
      expect(thread.running).toBe(false)
      const keeping = thread.indexes(indexJobsIn(new SearchIndexes({ keepBuilders: true })), { keepBuilders: true })
      expect(await keeping('en', pages, SETTINGS, true).write(taker().take)).toEqual(expected)
      expect(thread.running).toBe(true)
    })
  })

  it('fails what it has not answered when it is closed', async () => {
    await withThread(inFile, 0, async (thread) => {
      const key = thread.indexes(indexJobsIn(new SearchIndexes()), { keepBuilders: false })('en', inFile.pages, SETTINGS, true).key()
      const failed = expect(key).rejects.toThrow('the search thread was closed before it answered')
      await thread.close()
      await failed
    })
  })
})

describe('a build that makes its indexes on the search thread', () => {
  it.each([
    ['this repository’s content/ (three locales, Chinese, the API reference)', async () => CONTENT, {}],
    ['a generated site of 300 documents in two locales with drafts', () => generatedSite(300, 7), {}],
    ['a site of three docs versions, whose builders are kept from one version to the next', async () => makeVersionedRepo(await makeTempDir()), {}],
    ['the generated site with its sidebars and llms files split by section', () => generatedSite(300, 7), { llmsPartBytes: 2048, viewBytes: 4096 }],
  ])('writes byte for byte what a build that makes them in its own thread writes: %s', { timeout: 120_000 }, async (_name, contentOf, sizes: Partial<BuildOptions>) => {
    const contentDir = await contentOf()
    const onThread = await distFiles((await buildDir(contentDir, { keepBlobs: false, searchThreadFrom: 0, ...sizes })).outDir)
    const here = await distFiles((await buildDir(contentDir, { keepBlobs: false, searchThreadFrom: Number.POSITIVE_INFINITY, ...sizes })).outDir)
    expect([...onThread.keys()].sort()).toEqual([...here.keys()].sort())
    expect([...here].filter(([name, data]) => onThread.get(name) !== data).map(([name]) => name)).toEqual([])
    // Small sizes split llms-full.txt by section (LlmsPartsBlob's `sections`, each with its run of parts).
    const splitBySection = [...here.values()].some((data) => Buffer.from(data, 'base64').toString('utf8').includes('"fullParts":['))
    expect(splitBySection).toBe(sizes.viewBytes !== undefined)
  })

  it('writes byte for byte the same from the render cache, the thread reading the pages’ terms ahead as they come from it', { timeout: 120_000 }, async () => {
    const contentDir = await generatedSite(300, 7)
    const cacheDir = await makeTempDir('docs-search-thread-cache-')
    await buildDir(contentDir, { keepBlobs: false, cacheDir, searchThreadFrom: 0 })
    const fromCache = await buildDir(contentDir, { keepBlobs: false, cacheDir, searchThreadFrom: 0 })
    expect(fromCache.result.renders.rendered).toBe(0)
    const onThread = await distFiles(fromCache.outDir)
    const here = await distFiles((await buildDir(contentDir, { keepBlobs: false, searchThreadFrom: Number.POSITIVE_INFINITY })).outDir)
    expect([...onThread.keys()].sort()).toEqual([...here.keys()].sort())
    expect([...here].filter(([name, data]) => onThread.get(name) !== data).map(([name]) => name)).toEqual([])
  })
})
