import { readdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildSite } from '../../build/build.ts'
import { contentHash } from '../../build/pipeline/blob-set.ts'
import { ContentError } from '../../build/content/problems.ts'
import { makeTempDir, removeTempDirs, SITE_EN, writeContent, writeFiles } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

describe('writing a build', () => {
  it('streams every blob to disk without keeping its text, and names each file by the hash of its bytes', async () => {
    const contentDir = await writeContent({ 'site.yml': SITE_EN, 'docs/en/index.md': '# Home\n\nWelcome.\n', 'docs/en/a.md': '# A\n\nText.\n' })
    const outDir = join(await makeTempDir('docs-dist-'), 'dist')
    const result = await buildSite({ contentDir, outDir, cacheDir: null })
    expect(result.blobs.size).toBe(0)
    const files = (await readdir(join(outDir, 'blobs'))).sort()
    expect(files).toEqual(result.blobList.blobs.map((hash) => `${hash}.json`))
    for (const hash of result.blobList.blobs) expect(contentHash(await readFile(join(outDir, 'blobs', `${hash}.json`), 'utf8'))).toBe(hash)
    expect(JSON.parse(await readFile(join(outDir, 'blob-list.json'), 'utf8'))).toEqual(result.blobList)
    expect(JSON.parse(await readFile(join(outDir, 'manifest.json'), 'utf8'))).toEqual(result.manifest)
  })

  it('leaves the previous build whole, and no half-written folder, when a build fails after streaming blobs', async () => {
    const contentDir = await writeContent({ 'site.yml': SITE_EN, 'docs/en/index.md': '# Home\n\nSee [A](./a.md).\n', 'docs/en/a.md': '# A\n\nText.\n' })
    const outDir = join(await makeTempDir('docs-dist-'), 'dist')
    const first = await buildSite({ contentDir, outDir, cacheDir: null })
    const before = (await readdir(join(outDir, 'blobs'))).sort()
    // A release note with a related page that does not exist fails at the end, after the pages' blobs were made.
    await writeFiles(contentDir, { 'releases/stable/1.0.0.md': '---\nversion: 1.0.0\ndate: 2026-01-01\nrelated: [nowhere]\n---\nNotes.\n', 'docs/en/b.md': '# B\n\nNew page.\n' })
    await expect(buildSite({ contentDir, outDir, cacheDir: null })).rejects.toBeInstanceOf(ContentError)
    expect((await readdir(join(outDir, 'blobs'))).sort()).toEqual(before)
    expect(JSON.parse(await readFile(join(outDir, 'manifest.json'), 'utf8'))).toEqual(first.manifest)
    expect(await readdir(dirname(outDir))).toEqual(['dist'])
  })
})
