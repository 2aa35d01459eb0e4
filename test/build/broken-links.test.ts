import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import type { ReleasesBlob } from '../../contract/index.ts'
import { blob, buildFolder, doc, documentOf, problemsOf, removeTempDirs, SITE_EN } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const SITE_WARN = `${SITE_EN}links: warn\n`

/** A folder brought over from another tool: one link in a page and one in release notes point nowhere. */
const BROUGHT_OVER = {
  'docs/en/index.md': '# Home\n\nSee [the guide](./guide.md).\n',
  // line 7
  'docs/en/guide.md': doc('title: Guide', 'Intro.\n\nRead [the old page](./old-page.md#setup) first.\n'),
  // line 6
  'releases/stable/1.0.0.md': doc('version: 1.0.0\ndate: 2026-01-31', 'See [the removed page](../../docs/en/removed.md).\n'),
}

const BROKEN_IN_GUIDE = { path: 'docs/en/guide.md', line: 7, message: 'link "./old-page.md#setup" points at no document' }
const BROKEN_IN_RELEASE = { path: 'releases/stable/1.0.0.md', line: 6, message: 'link "../../docs/en/removed.md" points at no document' }

describe('links: warn in site.yml', () => {
  let result: BuildResult

  beforeAll(async () => {
    ;({ result } = await buildFolder({ 'site.yml': SITE_WARN, ...BROUGHT_OVER }))
  })

  it('builds a folder with broken links and reports each as a warning with its path and line', () => {
    expect(result.warnings.filter((warning) => 'path' in warning)).toEqual([BROKEN_IN_GUIDE, BROKEN_IN_RELEASE])
  })

  it('keeps a broken link as the author wrote it', () => {
    expect(documentOf(result, 'guide').html).toContain('<a href="./old-page.md#setup">the old page</a>')
    const release = blob<ReleasesBlob>(result, result.manifest.releases).streams[0]?.releases[0]
    expect(release?.html).toContain('<a href="../../docs/en/removed.md">the removed page</a>')
  })

  it('still rewrites the links that resolve', () => {
    expect(documentOf(result, 'index').html).toContain('<a href="/guide">the guide</a>')
  })

  it('still refuses a link from a published page to a draft', async () => {
    const problems = await problemsOf({
      'site.yml': SITE_WARN,
      ...BROUGHT_OVER,
      'docs/en/plans.md': doc('draft: true', '# Secret plans\n'),
      'docs/en/index.md': '# Home\n\nSee [the plans](./plans.md).\n',
    })
    expect(problems).toEqual([{ path: 'docs/en/index.md', line: 3, message: 'link "./plans.md" points at a draft' }])
  })

  it('still refuses a link from release notes to a draft, since release notes are always public', async () => {
    const problems = await problemsOf({
      'site.yml': SITE_WARN,
      ...BROUGHT_OVER,
      'docs/en/plans.md': doc('draft: true', '# Secret plans\n'),
      'releases/stable/1.1.0.md': doc('version: 1.1.0\ndate: 2026-02-01', 'Coming: [the plans](../../docs/en/plans.md).\n'),
    })
    expect(problems).toEqual([{ path: 'releases/stable/1.1.0.md', line: 6, message: 'link "../../docs/en/plans.md" points at a draft' }])
  })

  it('still refuses a related slug in release notes that points at no document', async () => {
    const problems = await problemsOf({
      'site.yml': SITE_WARN,
      ...BROUGHT_OVER,
      'releases/stable/1.0.0.md': doc('version: 1.0.0\ndate: 2026-01-31\nrelated: [gone]', 'Notes.\n'),
    })
    expect(problems).toEqual([{ path: 'releases/stable/1.0.0.md', line: 4, message: 'related "gone" points at no document' }])
  })
})

describe('broken links without links: warn', () => {
  it('fail the build, each at its path and line', async () => {
    expect(await problemsOf({ 'site.yml': SITE_EN, ...BROUGHT_OVER })).toEqual([BROKEN_IN_GUIDE, BROKEN_IN_RELEASE])
  })

  it('fail the build under links: error too', async () => {
    expect(await problemsOf({ 'site.yml': `${SITE_EN}links: error\n`, ...BROUGHT_OVER })).toEqual([BROKEN_IN_GUIDE, BROKEN_IN_RELEASE])
  })
})
