import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuildResult, buildSite } from '../../build/build.ts'
import { buildDir, doc, documentOf, makeTempDir, removeTempDirs, routesOf, SITE_EN, versionOf, writeContent, writeFiles } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const CONTENT = {
  'site.yml': SITE_EN,
  'docs/en/index.md': '# Home\n\nRead [page A](./a.md).\n',
  'docs/en/a.md': '# Page A\n\nSee [page B](./b.md#details) for more.\n',
  'docs/en/b.md': doc('title: Page B', '## Details\n\nAll about B.\n'),
  'docs/en/c.md': '# Page C\n\nStandalone text.\n',
  'docs/en/d.md': '# Page D\n\nMore standalone text.\n',
}
const TOTAL = Object.keys(CONTENT).length - 1

interface CachedBuild {
  result: BuildResult
  /** How many documents came from the cache: the first progress report counts them. */
  cacheHits: number
}

let contentDir: string
let cacheDir: string
let outDir: string

/** Builds with the render cache on, recording how many renderings it reused. */
async function cachedBuild(): Promise<CachedBuild> {
  const reports: Array<[number, number]> = []
  const { result } = await buildDir(contentDir, { cacheDir, outDir, threads: 1, onProgress: (done, total) => reports.push([done, total]) })
  expect(reports.at(-1)).toEqual([TOTAL, TOTAL])
  return { result, cacheHits: reports[0]?.[0] ?? -1 }
}

// Renderings only: the cache also keeps memos (`memo-*`: search indexes, pages' blob names) and the pages' front matter.
const cacheFiles = async () => (await readdir(cacheDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.name.endsWith('.rendering')).length
/** The search indexes the cache keeps (a kept docs version's memo, `memo-version-*`, and the pages' blob names, `memo-page-blobs-*`, aside). */
const indexMemos = async () => {
  const entries = (await readdir(cacheDir, { recursive: true, withFileTypes: true })).filter((entry) => /^memo-(?!version-|page-blobs-)/.test(entry.name))
  return Promise.all(entries.map(async (entry) => JSON.parse(await readFile(join(entry.parentPath, entry.name), 'utf8')) as { parts: string[]; displayChunks: string[] }))
}
const blobOf = (result: BuildResult, docId: string) => routesOf(result).documents.en?.[docId]?.blob
const sortedBlobs = (result: BuildResult) => [...result.blobs].sort(([a], [b]) => a.localeCompare(b))

describe('incremental builds with a render cache', () => {
  let first: CachedBuild

  beforeAll(async () => {
    contentDir = await writeContent(CONTENT)
    cacheDir = join(await makeTempDir('docs-cache-'), 'cache')
    outDir = join(await makeTempDir('docs-dist-'), 'dist')
    first = await cachedBuild()
  })

  it('renders every document on a cold cache and stores one rendering each', async () => {
    expect(first.cacheHits).toBe(0)
    expect(await cacheFiles()).toBe(TOTAL)
  })

  it('re-renders nothing when the content did not change, and writes the same blobs', async () => {
    const second = await cachedBuild()
    expect(second.cacheHits).toBe(TOTAL)
    expect(await cacheFiles()).toBe(TOTAL)
    expect(second.result.blobList.blobs).toEqual(first.result.blobList.blobs)
    expect(second.result.manifest.buildId).toBe(first.result.manifest.buildId)
    expect(sortedBlobs(second.result)).toEqual(sortedBlobs(first.result))
  })

  it('re-renders only an edited document and changes only its document blob', async () => {
    await writeFiles(contentDir, { 'docs/en/c.md': '# Page C\n\nEdited text.\n' })
    const edited = await cachedBuild()
    expect(edited.cacheHits).toBe(TOTAL - 1)
    expect(documentOf(edited.result, 'c').html).toContain('Edited text.')
    expect(blobOf(edited.result, 'c')).not.toBe(blobOf(first.result, 'c'))
    for (const docId of ['index', 'a', 'b', 'd']) expect(blobOf(edited.result, docId), docId).toBe(blobOf(first.result, docId))
    expect(versionOf(edited.result).search.en).not.toBe(versionOf(first.result).search.en)
  })

  it('relinks a document whose link target got a new slug instead of rendering it again, to the bytes a fresh rendering makes', async () => {
    // Same number of front matter lines, so the body of b itself renders the same and stays cached.
    await writeFiles(contentDir, { 'docs/en/b.md': doc('slug: renamed/b', '## Details\n\nAll about B.\n') })
    const renamed = await cachedBuild()
    expect(renamed.cacheHits).toBe(TOTAL)
    expect(renamed.result.blobList.blobs).toEqual((await buildDir(contentDir)).result.blobList.blobs)
    expect(documentOf(renamed.result, 'a').html).toContain('<a href="/renamed/b#details">page B</a>')
    expect(documentOf(renamed.result, 'b').slug).toBe('renamed/b')
    expect(documentOf(renamed.result, 'index').html).toContain('<a href="/a">page A</a>')
  })
})

describe('rendering on worker threads', () => {
  const MANY = 60

  /** A site large enough to be rendered on threads, with links and headings throughout. */
  function manyDocuments(): Record<string, string> {
    const files: Record<string, string> = { 'site.yml': SITE_EN }
    for (let n = 0; n < MANY; n++) {
      const next = (n + 1) % MANY
      files[`docs/en/part-${Math.floor(n / 10)}/page-${n}.md`] =
        `# Page ${n}\n\nText of page ${n}.\n\n## Example\n\nGo on to [page ${next}](../part-${Math.floor(next / 10)}/page-${next}.md#example).\n\n## Example\n\n\`\`\`ts{1}\nconst n = ${n}\n\`\`\`\n`
    }
    return files
  }

  it('produces the same blobs on two threads as on one', async () => {
    const dir = await writeContent(manyDocuments())
    const steps = (reports: number[]) => reports.slice(1).map((done, index) => done - (reports[index] ?? 0))
    const onOne: number[] = []
    const onTwo: number[] = []
    const { result: one } = await buildDir(dir, { threads: 1, onProgress: (done) => onOne.push(done) })
    const { result: two } = await buildDir(dir, { threads: 2, onProgress: (done) => onTwo.push(done) })

    expect(onOne.at(-1)).toBe(MANY)
    expect(onTwo.at(-1)).toBe(MANY)
    // One thread reports document by document; worker threads report whole batches.
    expect(Math.max(...steps(onOne))).toBe(1)
    expect(Math.max(...steps(onTwo))).toBeGreaterThan(1)

    expect(two.blobList.blobs).toEqual(one.blobList.blobs)
    expect(sortedBlobs(two)).toEqual(sortedBlobs(one))
    expect(documentOf(two, 'part-5/page-59').html).toContain('<a href="/part-0/page-0#example">page 0</a>')
  })

  it('stores every rendering made on threads in the render cache, so the next build renders none', async () => {
    const dir = await writeContent(manyDocuments())
    const cache = join(await makeTempDir('docs-cache-'), 'cache')
    const firstReports: number[] = []
    const secondReports: number[] = []
    await buildDir(dir, { cacheDir: cache, threads: 2, onProgress: (done) => firstReports.push(done) })
    const { result } = await buildDir(dir, { cacheDir: cache, threads: 2, onProgress: (done) => secondReports.push(done) })

    expect(firstReports[0]).toBe(0)
    const renderings = (await readdir(cache, { recursive: true, withFileTypes: true })).filter((entry) => entry.name.endsWith('.rendering'))
    expect(renderings).toHaveLength(MANY)
    expect(secondReports).toEqual([MANY])
    expect(documentOf(result, 'part-5/page-59').html).toContain('<a href="/part-0/page-0#example">page 0</a>')
  })
})

describe('the search index cache', () => {
  it('keeps one cached search index per locale, naming values of the build, and drops the ones a rebuild no longer uses', async () => {
    contentDir = await writeContent(CONTENT)
    cacheDir = join(await makeTempDir('docs-cache-'), 'cache')
    outDir = join(await makeTempDir('docs-dist-'), 'dist')
    // As the CLI builds: no blob's text handed back, so an index the memo names is put in place from the last output.
    const build = () => buildSite({ contentDir, outDir, cacheDir, threads: 1 })
    const first = await build()
    const locales = first.manifest.site.locales.length
    expect(await indexMemos()).toHaveLength(locales)
    await writeFiles(contentDir, { 'docs/en/d.md': '# Page D\n\nA new word: quetzal.\n' })
    await build()
    const memos = await indexMemos()
    expect(memos).toHaveLength(locales)
    const blobs = new Set((await readdir(join(outDir, 'blobs'))).map((name) => name.replace(/\.json$/, '')))
    const named = memos.flatMap(({ parts, displayChunks }) => [...parts, ...displayChunks])
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((hash) => !blobs.has(hash))).toEqual([])
  })
})
