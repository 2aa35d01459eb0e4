import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ContentError } from '../../build/content/problems.ts'
import { buildDir, makeTempDir, removeTempDirs, SITE_EN, writeContent, writeFiles } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const CLI = join(import.meta.dirname, '../../build/cli.ts')

const GOOD = { 'site.yml': SITE_EN, 'docs/en/index.md': '# Home\n\nSee [the guide](./guide.md).\n', 'docs/en/guide.md': '# Guide\n' }
const BAD = {
  'site.yml': SITE_EN,
  'docs/en/index.md': '---\ntitle: Home\n---\n\nSee [the guide](./gone.md).\n',
  'docs/en/types.md': '---\norder: first\n---\n\nBody.\n',
  'releases/stable/x.md': '---\nversion: "1.x"\ndate: 2026-01-01\n---\n',
}

/** Every entry of the folder that holds `outDir`, for spotting leftovers beside it. */
const siblingsOf = async (outDir: string) => (await readdir(dirname(outDir))).sort()

describe('output folder', () => {
  it('leaves a previous build untouched when a later build fails', async () => {
    const contentDir = await writeContent(GOOD)
    const { outDir } = await buildDir(contentDir)
    const manifestBefore = await readFile(join(outDir, 'manifest.json'), 'utf8')
    const blobsBefore = (await readdir(join(outDir, 'blobs'))).sort()
    const siblingsBefore = await siblingsOf(outDir)

    await writeFiles(contentDir, BAD)
    await expect(buildDir(contentDir, { outDir })).rejects.toBeInstanceOf(ContentError)

    expect(await readFile(join(outDir, 'manifest.json'), 'utf8')).toBe(manifestBefore)
    expect((await readdir(join(outDir, 'blobs'))).sort()).toEqual(blobsBefore)
    expect(await siblingsOf(outDir)).toEqual(siblingsBefore)
    expect(siblingsBefore).toEqual(['dist'])
  })

  it('replaces a previous build whole and leaves no temporary folders beside it', async () => {
    const contentDir = await writeContent(GOOD)
    const { outDir, result: first } = await buildDir(contentDir)
    await writeFiles(contentDir, { 'docs/en/guide.md': '# Guide, edited\n' })
    const { result: second } = await buildDir(contentDir, { outDir })
    expect(second.manifest.buildId).not.toBe(first.manifest.buildId)
    const manifest = JSON.parse(await readFile(join(outDir, 'manifest.json'), 'utf8')) as { buildId: string }
    const blobList = JSON.parse(await readFile(join(outDir, 'blob-list.json'), 'utf8')) as { buildId: string; blobs: string[] }
    expect([manifest.buildId, blobList.buildId]).toEqual([second.manifest.buildId, second.manifest.buildId])
    expect((await readdir(join(outDir, 'blobs'))).sort()).toEqual(blobList.blobs.map((hash) => `${hash}.json`).sort())
    expect(await siblingsOf(outDir)).toEqual(['dist'])
  })
})

describe('npm run build (build/cli.ts)', () => {
  const runCli = async (files: Record<string, string> | null) => {
    const cwd = await makeTempDir('docs-cli-')
    if (files) await writeFiles(join(cwd, 'content'), files)
    const run = spawnSync(process.execPath, [CLI, '--content', 'content', '--out', 'dist', '--no-cache'], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, GIT_CEILING_DIRECTORIES: cwd },
    })
    return { ...run, cwd }
  }

  it('exits with 1 and prints every problem as path:line: message', async () => {
    const run = await runCli(BAD)
    expect(run.status).toBe(1)
    const lines = run.stderr.trim().split('\n')
    expect(lines.slice(0, -1)).toEqual([
      'content/docs/en/index.md:5: link "./gone.md" points at no document',
      expect.stringMatching(/^content\/docs\/en\/types\.md:2: front matter "order": .+/),
      expect.stringMatching(/^content\/releases\/stable\/x\.md:2: front matter "version": "1\.x" is not a semver version/),
    ])
    expect(lines.at(-1)).toMatch(/3 problems/)
    expect(existsSync(join(run.cwd, 'dist'))).toBe(false)
  })

  it('exits with 0 and writes the output for good content', async () => {
    const run = await runCli(GOOD)
    expect(run.status).toBe(0)
    expect(run.stderr).toBe('warning: no git history found: edit metadata falls back to file times\n')
    expect(run.stdout).toMatch(/^built [0-9a-f]{16} into dist\//)
    expect(existsSync(join(run.cwd, 'dist/manifest.json'))).toBe(true)
  })

  it('exits with 0 under links: warn and prints each broken link as a warning with its path and line, counted in the summary', async () => {
    const run = await runCli({
      ...BAD,
      'site.yml': `${SITE_EN}links: warn\n`,
      'docs/en/types.md': '# Types\n',
      'releases/stable/x.md': '---\nversion: 1.0.0\ndate: 2026-01-01\n---\n',
    })
    expect(run.status).toBe(0)
    expect(run.stderr.trim().split('\n')).toEqual([
      'warning: no git history found: edit metadata falls back to file times',
      'warning: content/docs/en/index.md:5: link "./gone.md" points at no document',
    ])
    expect(run.stdout).toMatch(/warnings: 2\n/)
  })

  it('exits with 1 and says so when the content folder has no site.yml', async () => {
    const run = await runCli(null)
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/site\.yml not found/)
  })
})
