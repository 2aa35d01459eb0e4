import { spawn, spawnSync } from 'node:child_process'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { besideOutput } from '../../build/beside-output.ts'
import { buildSite } from '../../build/build.ts'
import { doc, makeTempDir, removeTempDirs, SITE_EN, writeContent } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

describe('what stopped builds left beside the output', () => {
  it('is removed by the next build, while what a running build holds, the output a build replaces and another output’s stay', async () => {
    const contentDir = await writeContent({ 'site.yml': SITE_EN, 'docs/en/index.md': doc('title: Home', 'Welcome.\n') })
    const root = await makeTempDir('docs-leftovers-')
    // A process that has ended, as a build stopped with Ctrl-C has; and one that runs, as a build beside this one.
    const ended = spawnSync(process.execPath, ['-e', '']).pid
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'])
    try {
      const [dist, other] = [join(root, 'dist'), join(root, 'other')]
      const left = [besideOutput(dist, 'tmp', ended), besideOutput(dist, 'tmp', running.pid as number), besideOutput(dist, 'old', ended), besideOutput(other, 'tmp', ended)]
      for (const folder of left) await mkdir(join(folder, 'blobs'), { recursive: true })
      await writeFile(join(besideOutput(dist, 'tmp', ended), 'blobs', 'a.json'), '{}')
      await writeFile(besideOutput(dist, 'renderings', ended), 'text of renderings')
      await buildSite({ contentDir, outDir: dist, cacheDir: null, threads: 1 })
      expect((await readdir(root)).sort()).toEqual(['dist', `dist.old-${ended}`, `dist.tmp-${running.pid}`, `other.tmp-${ended}`])
    } finally {
      running.kill()
    }
  })
})
