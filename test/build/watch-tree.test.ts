import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isEditorLeftover, watchTree } from '../../scripts/watch-tree.ts'
import { makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const settle = () => new Promise((resolve) => setTimeout(resolve, 400))

describe("npm start's watcher", () => {
  it.each([
    'docs/en/.index.md.swp',
    'docs/en/.index.md.swx',
    'docs/en/index.md~',
    'docs/en/.#index.md',
    'docs/en/#index.md#',
    'docs/en/4913',
    'docs/en/sedA1b2C3',
    'docs/en/index.md___jb_tmp___',
    'docs/en/.goutputstream-X1Y2Z3',
    'docs/en/index.md.tmp',
    '.DS_Store',
  ])('takes %s for an editor leftover', (path) => {
    expect(isEditorLeftover(path)).toBe(true)
  })

  it.each(['docs/en/index.md', 'docs/en/guide/sed.md', 'docs/en/seduction.md', 'site.yml', 'public/logo.svg', 'docs/en/4913.md'])('takes %s for content', (path) => {
    expect(isEditorLeftover(path)).toBe(false)
  })

  it('reports a page saved as editors save it, and none of the files they write on the way', async () => {
    const root = await makeTempDir('docs-watch-')
    await mkdir(join(root, 'docs/en'), { recursive: true })
    await writeFile(join(root, 'docs/en/index.md'), '# Home\n')
    const seen: string[] = []
    const watcher = watchTree(root, (path) => seen.push(path))
    await settle()
    // vim: probe, swap file, backup, then the new text renamed over the page; sed -i: a temporary renamed over it.
    await writeFile(join(root, 'docs/en/4913'), '')
    await writeFile(join(root, 'docs/en/.index.md.swp'), 'swap')
    await writeFile(join(root, 'docs/en/index.md~'), '# Home\n')
    await writeFile(join(root, 'docs/en/sedX1y2Z3'), '# Home, edited\n')
    await rename(join(root, 'docs/en/sedX1y2Z3'), join(root, 'docs/en/index.md'))
    await settle()
    watcher.close()
    expect(new Set(seen)).toEqual(new Set(['docs/en/index.md']))
  })
})
