import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import { buildDir, makeTempDir, removeTempDirs, SITE_EN_FR, writeContent } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const CLI = join(import.meta.dirname, '../../build/cli.ts')

// A layout-only home page, a published page, a draft, a translation and a draft translation of a published page.
const CONTENT = {
  'site.yml': SITE_EN_FR,
  'docs/en/index.md': '---\nlayout: home\nhero:\n  name: Acme\n---\n',
  'docs/en/guide.md': '# Guide\n',
  'docs/en/upcoming.md': '---\ndraft: true\n---\n\n# Upcoming\n',
  'docs/fr/index.md': '# Accueil\n',
  'docs/fr/guide.md': '---\ndraft: true\n---\n\n# Guide\n',
}

let contentDir: string
let result: BuildResult

beforeAll(async () => {
  contentDir = await writeContent(CONTENT)
  result = (await buildDir(contentDir)).result
})

describe('document counts', () => {
  it('counts published documents as /v1/status does, from the same rule', () => {
    expect(result.stats.documents).toEqual(result.manifest.versions[0]?.documentCounts)
    expect(result.stats.documents).toEqual({ en: 2, fr: 1 })
  })

  it('counts drafts apart, in the locale they are written in', () => {
    expect(result.stats.drafts).toEqual({ en: 1, fr: 1 })
  })

  it('says in the build summary which documents are published and which are drafts', async () => {
    const out = join(await makeTempDir('docs-dist-'), 'dist')
    const run = spawnSync(process.execPath, [CLI, '--content', contentDir, '--out', out, '--no-cache'], {
      cwd: dirname(contentDir),
      encoding: 'utf8',
      env: { ...process.env, GIT_CEILING_DIRECTORIES: dirname(contentDir) },
    })
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain('documents: en 2 published + 1 draft, fr 1 published + 1 draft (+1 fallback)')
  })
})
