import { readFileSync } from 'node:fs'
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildSite, type SiteBuild } from '../../build/build.ts'
import { DIST_FILES, DocumentBlobSchema, type DocumentBlob } from '../../contract/index.ts'
import { doc, makeTempDir, removeTempDirs, SITE_EN, SITE_EN_FR, writeContent, writeFiles } from '../shared/build-helpers.ts'
import { docsOf, llmsOf, routeTable } from '../shared/route-table.ts'

afterAll(removeTempDirs)

// Three pages in one section, in this order: `b`'s prev and next are its neighbours' titles.
const CONTENT = {
  'site.yml': SITE_EN,
  'docs/en/guide/a.md': doc('title: Alpha\norder: 1', 'First page.\n'),
  'docs/en/guide/b.md': doc('title: Beta\norder: 2', 'Middle page, see [Gamma](./c.md).\n'),
  'docs/en/guide/c.md': doc('title: Gamma\norder: 3', 'Last page.\n'),
  'releases/v1.0.0.md': doc('version: 1.0.0\ndate: 2026-01-05', 'The first release.\n'),
}

/** A one-shot build as `npm run build` runs it: render cache on, no blob text handed back; search indexes of `searchThreadFrom` pages on the search thread. */
async function cachedBuild(contentDir: string, root: string, searchThreadFrom: number): Promise<SiteBuild> {
  return buildSite({ contentDir, outDir: join(root, 'dist'), cacheDir: join(root, 'cache'), threads: 1, searchThreadFrom })
}

/** A build with no cache of any kind, into its own folder: what a first build on a new machine writes. */
async function coldDist(contentDir: string): Promise<string> {
  const outDir = join(await makeTempDir('docs-cold-'), 'dist')
  await buildSite({ contentDir, outDir, cacheDir: null, threads: 1 })
  return outDir
}

/** A folder's files, by path under it, with their text; the manifest without the one field two builds differ in (when each ran). */
async function filesOf(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const paths = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
  const read = async (path: string) => {
    const text = await readFile(join(dir, path), 'utf8')
    return path === 'manifest.json' ? text.replace(/"builtAt": "[^"]*"/, '"builtAt": ""') : text
  }
  return new Map(await Promise.all(paths.sort().map(async (path) => [path, await read(path)] as const)))
}

async function expectSameFiles(built: string, expected: string): Promise<void> {
  const [a, b] = await Promise.all([filesOf(built), filesOf(expected)])
  expect([...a.keys()]).toEqual([...b.keys()])
  for (const [path, text] of b) expect(a.get(path), path).toBe(text)
}

/** The files in which the cache under `root` keeps a search index (a kept docs version's, `memo-version-*`, and the pages' blob names, `memo-page-blobs-*`, aside). */
async function indexMemos(root: string): Promise<string[]> {
  const entries = await readdir(join(root, 'cache'), { recursive: true, withFileTypes: true })
  return entries.filter((entry) => /^memo-(?!version-|page-blobs-)/.test(entry.name)).map((entry) => join(entry.parentPath, entry.name))
}

/** Replaces `from` by `to` (as many bytes) in the HTML and the Markdown of every rendering in the cache under `root`, leaving its outline as it was. */
async function rewriteCachedTexts(root: string, from: string, to: string): Promise<void> {
  const entries = await readdir(join(root, 'cache'), { recursive: true, withFileTypes: true })
  for (const entry of entries.filter((found) => found.name.endsWith('.rendering'))) {
    const path = join(entry.parentPath, entry.name)
    const file = await readFile(path)
    const start = file.indexOf(10) + 1
    const { lengths } = JSON.parse(file.toString('utf8', 0, start)) as { lengths: number[] }
    // The texts' first two, end to end: the HTML, then the Markdown.
    const end = start + (lengths[0] as number) + (lengths[1] as number)
    const texts = file.toString('utf8', start, end).replaceAll(from, to)
    await writeFile(path, Buffer.concat([file.subarray(0, start), Buffer.from(texts), file.subarray(end)]))
  }
}

/** The locale's llms-full.txt as the build wrote it to disk. */
function llmsFullIn(outDir: string, result: SiteBuild, locale: string): string {
  const blobText = (hash: string) => readFileSync(join(outDir, DIST_FILES.blob(hash)), 'utf8')
  return llmsOf(docsOf(result.manifest, blobText), locale, blobText)
    .full.map((hash) => JSON.parse(blobText(hash)) as string)
    .join('')
}

/** Each blob file's inode: a file linked or moved from the build before keeps its own. */
async function blobInodes(outDir: string): Promise<Map<string, number>> {
  const names = await readdir(join(outDir, 'blobs'))
  return new Map(await Promise.all(names.map(async (name) => [name, (await stat(join(outDir, 'blobs', name))).ino] as const)))
}

/** A page's document blob as the build wrote it to disk. */
function documentIn(outDir: string, result: SiteBuild, docId: string): DocumentBlob {
  const blobText = (hash: string) => readFileSync(join(outDir, DIST_FILES.blob(hash)), 'utf8')
  const entry = routeTable(result.manifest, blobText).documents.en?.[docId]
  if (!entry) throw new Error(`no document "${docId}" in ${outDir}`)
  return DocumentBlobSchema.parse(JSON.parse(blobText(entry.blob)))
}

async function site() {
  const contentDir = await writeContent(CONTENT)
  const root = await makeTempDir('docs-kept-')
  return { contentDir, root, outDir: join(root, 'dist') }
}

describe.each([
  ['its search indexes made in its own thread', Number.POSITIVE_INFINITY],
  ['its search indexes made on the search thread', 0],
])('a rebuild of the content folder with the cache on, %s', (_how, searchThreadFrom) => {
  const build = (contentDir: string, root: string) => cachedBuild(contentDir, root, searchThreadFrom)

  it('builds nothing when no file changed, reading no rendering, and writes file for file what the build before wrote', async () => {
    const { contentDir, root, outDir } = await site()
    const first = await build(contentDir, root)
    expect(first.renders).toEqual({ rendered: 4, cached: 0 })
    const before = join(await makeTempDir('docs-before-'), 'dist')
    await writeFiles(before, Object.fromEntries(await filesOf(outDir)))
    const inodes = await blobInodes(outDir)
    const second = await build(contentDir, root)
    expect(second.renders).toEqual({ rendered: 0, cached: 0 })
    expect(second.manifest.buildId).toBe(first.manifest.buildId)
    await expectSameFiles(outDir, before)
    // No blob was written again: each is the very file the build before wrote.
    expect(await blobInodes(outDir)).toEqual(inodes)
  })

  it('after an edit, writes file for file what a cold build of the edited folder writes, a neighbour title included', async () => {
    const { contentDir, root, outDir } = await site()
    const first = await build(contentDir, root)
    await build(contentDir, root)
    const unchanged = routeTable(first.manifest, (hash) => readFileSync(join(outDir, DIST_FILES.blob(hash)), 'utf8')).documents.en?.['guide/a']?.markdown
    const inode = (await blobInodes(outDir)).get(`${unchanged}.json`)
    await writeFiles(contentDir, { 'docs/en/guide/c.md': doc('title: Gamma renamed\norder: 3', 'Last page.\n') })
    const edited = await build(contentDir, root)
    expect(edited.renders).toEqual({ rendered: 0, cached: 4 })
    const middle = documentIn(outDir, edited, 'guide/b')
    expect(middle.nav.prev?.title).toBe('Alpha')
    expect(middle.nav.next?.title).toBe('Gamma renamed')
    // A Markdown copy the edit does not touch is the same file, linked from the build before.
    expect(inode).toBeDefined()
    expect((await blobInodes(outDir)).get(`${unchanged}.json`)).toBe(inode)
    await expectSameFiles(outDir, await coldDist(contentDir))
  })

  it("after an edit, names the blob the last build made of a page's very inputs (llms-full.txt's parts of its pages' very copies), without reading its rendering's texts, and makes again those whose inputs changed", async () => {
    const { contentDir, root, outDir } = await site()
    const gamma = (description: string) => ({ 'docs/en/guide/c.md': doc(`title: Gamma\norder: 3\ndescription: ${description}`, 'Last page.\n') })
    await writeFiles(contentDir, gamma('The last one'))
    await build(contentDir, root)
    // The cached HTML and Markdown of every page now say otherwise, in as many bytes: a blob made again shows it, one named does not.
    await rewriteCachedTexts(root, 'page', 'PAGE')
    // A new description, in as many lines: the page renders from the same cache entry, and no other page's context changes.
    await writeFiles(contentDir, gamma('The final one'))
    const edited = await build(contentDir, root)
    expect(edited.renders).toEqual({ rendered: 0, cached: 4 })
    const last = documentIn(outDir, edited, 'guide/c')
    expect(last.description).toBe('The final one')
    expect(last.html).toContain('Last PAGE.')
    expect(documentIn(outDir, edited, 'guide/a').html).toContain('First page.')
    expect(documentIn(outDir, edited, 'guide/b').html).toContain('Middle page,')
    // A description is not in a page's Markdown copy: llms-full.txt is named as the last build made it.
    expect(llmsFullIn(outDir, edited, 'en')).toContain('Last page.')
    await writeFiles(contentDir, { 'docs/en/guide/c.md': doc('title: Gamma, renamed\norder: 3\ndescription: The final one', 'Last page.\n') })
    expect(llmsFullIn(outDir, await build(contentDir, root), 'en')).toContain('Last PAGE.')
  })

  it("dates a page by its file's new time when only the time changed", async () => {
    const { contentDir, root, outDir } = await site()
    const first = await build(contentDir, root)
    expect(documentIn(outDir, first, 'guide/a').edit.lastModified).not.toBe('2020-02-03T04:05:06.000Z')
    const time = new Date('2020-02-03T04:05:06Z')
    await utimes(join(contentDir, 'docs/en/guide/a.md'), time, time)
    const touched = await build(contentDir, root)
    expect(documentIn(outDir, touched, 'guide/a').edit.lastModified).toBe('2020-02-03T04:05:06.000Z')
    await expectSameFiles(outDir, await coldDist(contentDir))
  })

  it('sees an edit of the same size whose file time was set back as it was, as a copy that keeps times makes', async () => {
    const { contentDir, root, outDir } = await site()
    const path = join(contentDir, 'docs/en/guide/a.md')
    const time = new Date('2021-06-07T08:09:10Z')
    await utimes(path, time, time)
    await build(contentDir, root)
    const before = await stat(path)
    await writeFiles(contentDir, { 'docs/en/guide/a.md': doc('title: Alpha\norder: 1', 'First word.\n') })
    await utimes(path, time, time)
    const after = await stat(path)
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs])
    const edited = await build(contentDir, root)
    expect(edited.renders).toEqual({ rendered: 1, cached: 3 })
    expect(documentIn(outDir, edited, 'guide/a').html).toContain('First word.')
  })

  it("after an edit of one page among many, moves the new blobs into the last build's blob folder and drops the ones no longer used, to the files a cold build writes", async () => {
    const pages = Object.fromEntries(Array.from({ length: 12 }, (_, n) => [`docs/en/part${n}/page.md`, doc(`title: Page ${n}`, `Text of page ${n}.\n`)]))
    const contentDir = await writeContent({ 'site.yml': SITE_EN, ...pages })
    const root = await makeTempDir('docs-kept-')
    const outDir = join(root, 'dist')
    await build(contentDir, root)
    const folder = (await stat(join(outDir, 'blobs'))).ino
    await writeFiles(contentDir, { 'docs/en/part3/page.md': doc('title: Page 3', 'New text of page 3.\n') })
    const edited = await build(contentDir, root)
    expect(edited.renders).toEqual({ rendered: 1, cached: 11 })
    expect((await stat(join(outDir, 'blobs'))).ino).toBe(folder)
    expect(documentIn(outDir, edited, 'part3/page').html).toContain('New text of page 3.')
    await expectSameFiles(outDir, await coldDist(contentDir))
  })

  it('keeps the search indexes in the cache through a build that made nothing, for an edit that leaves a locale unchanged', async () => {
    const contentDir = await writeContent({ ...CONTENT, 'site.yml': SITE_EN_FR, 'docs/fr/guide/a.md': doc('title: Alpha fr\norder: 1', 'Première page.\n') })
    const root = await makeTempDir('docs-kept-')
    const searchIndexes = async () => (await indexMemos(root)).length
    await build(contentDir, root)
    expect(await searchIndexes()).toBe(2)
    const kept = await build(contentDir, root)
    expect(kept.renders).toEqual({ rendered: 0, cached: 0 })
    expect(await searchIndexes()).toBe(2)
  })

  it('after an edit that leaves the search indexes as they were, writes file for file what a cold build writes', async () => {
    const contentDir = await writeContent({ ...CONTENT, 'site.yml': SITE_EN_FR, 'docs/fr/guide/a.md': doc('title: Alpha fr\norder: 1', 'Première page.\n') })
    const root = await makeTempDir('docs-kept-')
    await build(contentDir, root)
    // A release note is in no search index: both locales' indexes come from the memo, their values from the last output.
    await writeFiles(contentDir, { 'releases/v1.0.0.md': doc('version: 1.0.0\ndate: 2026-01-05', 'The first release, with notes.\n') })
    await build(contentDir, root)
    await expectSameFiles(join(root, 'dist'), await coldDist(contentDir))
  })

  it('makes a search index again when the last output lost a value its memo names, to the files a cold build writes', async () => {
    const contentDir = await writeContent({ ...CONTENT, 'site.yml': SITE_EN_FR, 'docs/fr/guide/a.md': doc('title: Alpha fr\norder: 1', 'Première page.\n') })
    const root = await makeTempDir('docs-kept-')
    await build(contentDir, root)
    const memos = await indexMemos(root)
    expect(memos).toHaveLength(2)
    const listed = JSON.parse(await readFile(memos[0] as string, 'utf8')) as { parts: string[] }
    await rm(join(root, 'dist', DIST_FILES.blob(listed.parts[0] as string)))
    await writeFiles(contentDir, { 'releases/v1.0.0.md': doc('version: 1.0.0\ndate: 2026-01-05', 'The first release, with notes.\n') })
    await build(contentDir, root)
    await expectSameFiles(join(root, 'dist'), await coldDist(contentDir))
  })

  it('builds again, to the same files, when the last output it would link its blobs from is gone', async () => {
    const { contentDir, root, outDir } = await site()
    await build(contentDir, root)
    const expected = await coldDist(contentDir)
    await rm(outDir, { recursive: true })
    const again = await build(contentDir, root)
    expect(again.renders).toEqual({ rendered: 0, cached: 4 })
    await expectSameFiles(outDir, expected)
  })
})
