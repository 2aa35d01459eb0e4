import { afterAll, describe, expect, it } from 'vitest'
import { heapGrowthPercent } from '../../build/heap-growth.ts'
import { buildDir, makeTempDir, removeTempDirs, writeFiles } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

// A site of six entries (files and folders) counts as large here: the threshold is given as three.
const LARGE = 3

async function smallSite(): Promise<string> {
  const contentDir = await makeTempDir('docs-growth-content-')
  await writeFiles(contentDir, { 'site.yml': 'title: T\n', 'docs/en/index.md': '# Home\n', 'docs/en/a.md': '# A\n', 'docs/en/b.md': '# B\n' })
  return contentDir
}

describe("the build's heap growth", () => {
  it('keeps a large site to 15 % on its first build, and lets its rebuild with the render cache grow by half', async () => {
    const contentDir = await smallSite()
    const outDir = await makeTempDir('docs-growth-out-')
    const cacheDir = await makeTempDir('docs-growth-cache-')
    expect(await heapGrowthPercent({ contentDir, outDir, cacheDir }, LARGE)).toBe(15)
    await writeFiles(outDir, { 'manifest.json': '{}' })
    expect(await heapGrowthPercent({ contentDir, outDir, cacheDir }, LARGE)).toBe(50)
    expect(await heapGrowthPercent({ contentDir, outDir, cacheDir: null }, LARGE)).toBe(15)
    expect(await heapGrowthPercent({ contentDir }, LARGE)).toBe(15)
    expect(await heapGrowthPercent({ contentDir, outDir, cacheDir: null }, 100)).toBe(50)
  })

  it('lets a first build grow by half when the render cache holds most of its pages, as after --shard halves', async () => {
    const contentDir = await smallSite()
    const cacheDir = await makeTempDir('docs-growth-cache-')
    const freshOut = await makeTempDir('docs-growth-fresh-')
    expect(await heapGrowthPercent({ contentDir, outDir: freshOut, cacheDir }, LARGE)).toBe(15)
    await buildDir(contentDir, { cacheDir })
    expect(await heapGrowthPercent({ contentDir, outDir: freshOut, cacheDir }, LARGE)).toBe(50)
    // Renderings of other code are not this build's: they are in another namespace of the cache.
    const otherCode = await makeTempDir('docs-growth-other-')
    await writeFiles(otherCode, { '0123456789abcdef/a.rendering': '', '0123456789abcdef/b.rendering': '', '0123456789abcdef/c.rendering': '' })
    expect(await heapGrowthPercent({ contentDir, outDir: freshOut, cacheDir: otherCode }, LARGE)).toBe(15)
  })
})
