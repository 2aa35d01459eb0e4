import { afterAll, describe, expect, it } from 'vitest'
import { heapGrowthPercent } from '../../build/heap-growth.ts'
import { makeTempDir, removeTempDirs, writeFiles } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

// A site of four files counts as large here: the threshold is given as three.
const LARGE = 3

describe("the build's heap growth", () => {
  it('keeps a large site to 15 % on its first build, and lets its rebuild with the render cache grow by half', async () => {
    const contentDir = await makeTempDir('docs-growth-content-')
    await writeFiles(contentDir, { 'site.yml': 'title: T\n', 'docs/en/index.md': '# Home\n', 'docs/en/a.md': '# A\n' })
    const outDir = await makeTempDir('docs-growth-out-')
    expect(heapGrowthPercent({ contentDir, outDir, cache: true }, LARGE)).toBe(15)
    await writeFiles(outDir, { 'manifest.json': '{}' })
    expect(heapGrowthPercent({ contentDir, outDir, cache: true }, LARGE)).toBe(50)
    expect(heapGrowthPercent({ contentDir, outDir, cache: false }, LARGE)).toBe(15)
    expect(heapGrowthPercent({ contentDir }, LARGE)).toBe(15)
    expect(heapGrowthPercent({ contentDir, outDir, cache: false }, 100)).toBe(50)
  })
})
