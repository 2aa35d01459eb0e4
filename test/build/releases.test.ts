import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReleasesBlob } from '../../contract/index.ts'
import { blob, buildFolder, doc, documentOf, problemsOf, removeTempDirs, SITE_EN, type FolderBuild } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

let built: FolderBuild

beforeAll(async () => {
  built = await buildFolder({
    'site.yml': SITE_EN,
    'docs/en/guides/migrate.md': doc('title: Migrating\ndescription: From 1.x to 2.x.\ntags: [upgrade, breaking]', 'Steps.\n'),
    'releases/stable/1.9.0.md': doc('version: "1.9.0"\ndate: "2026-01-05"', 'Old.\n'),
    'releases/stable/1.10.0.md': doc('version: "1.10.0"\ndate: "2026-02-05"', 'Newer, though it sorts first as text.\n'),
    'releases/stable/2.0.0.md': doc('version: "2.0.0"\ndate: "2026-03-01"\ntitle: Two\nbreaking: true\nrelated: [guides/migrate]\nupgrade: |\n  Run **migrate** first.', 'Big.\n'),
    'releases/stable/2.0.1-lts.md': doc('version: "2.0.1"\ndate: "2026-03-09"\nstream: lts', 'Moved to its own stream by front matter.\n'),
  })
})

describe('release notes', () => {
  it('groups releases by folder, unless front matter names another stream', () => {
    const { streams } = blob<ReleasesBlob>(built.result, built.result.manifest.releases)
    expect(streams.map((stream) => [stream.name, stream.releases.map((release) => release.version)])).toEqual([
      ['lts', ['2.0.1']],
      ['stable', ['2.0.0', '1.10.0', '1.9.0']],
    ])
    expect(built.result.manifest.releaseStreams).toEqual(['lts', 'stable'])
  })

  it('renders upgrade notes, resolves related slugs and names untitled releases by stream and version', () => {
    const stable = blob<ReleasesBlob>(built.result, built.result.manifest.releases).streams.find((stream) => stream.name === 'stable')
    expect(stable?.releases[0]).toMatchObject({
      title: 'Two',
      breaking: true,
      html: '<p>Big.</p>',
      upgrade: { html: '<p>Run <strong>migrate</strong> first.</p>' },
      related: [{ slug: 'guides/migrate', title: 'Migrating', url: '/guides/migrate', draft: false }],
    })
    expect(stable?.releases[1]).toMatchObject({ title: 'stable 1.10.0', upgrade: null, breaking: false, related: [] })
  })

  it('reports a broken link in upgrade notes at its line, like one in the body', async () => {
    const problems = await problemsOf({
      'site.yml': SITE_EN,
      'docs/en/a.md': '# A\n',
      'releases/stable/1.0.0.md': doc('version: "1.0.0"\ndate: "2026-01-05"\nupgrade: |\n  Read [the guide](../../docs/en/gone.md).', 'See [A](../../docs/en/missing.md).\n'),
    })
    expect(problems).toEqual([
      { path: 'releases/stable/1.0.0.md', line: 5, message: 'link "../../docs/en/gone.md" points at no document' },
      { path: 'releases/stable/1.0.0.md', line: 8, message: 'link "../../docs/en/missing.md" points at no document' },
    ])
  })
})

describe('document front matter', () => {
  it('carries description and tags into the document', () => {
    expect(documentOf(built.result, 'guides/migrate')).toMatchObject({ description: 'From 1.x to 2.x.', tags: ['upgrade', 'breaking'] })
  })
})
