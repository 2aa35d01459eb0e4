import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContentProblem } from '../../build/content/problems.ts'
import { problemsOf, removeTempDirs, SITE_EN, SITE_EN_FR } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

/** One content folder with many problems, each in a file of its own (lines noted per file). */
const BROKEN_CONTENT = {
  'site.yml': SITE_EN_FR,
  'docs/en/index.md': '# Home\n',
  // line 3: indentation YAML cannot parse
  'docs/en/bad-yaml.md': '---\ntitle: Bad\n  nested: wrong\n---\n\n# Bad\n',
  // lines 3, 4, 5
  'docs/en/types.md': '---\ntitle: Types\ndraft: "yes"\norder: first\ntags: 3\n---\n\nBody.\n',
  'docs/en/dup-a.md': '---\ntitle: Dup A\nslug: shared\n---\n\nA.\n',
  // line 4: the second file to claim "shared"
  'docs/en/dup-b.md': '---\ntitle: Dup B\ndescription: Second\nslug: shared\n---\n\nB.\n',
  // line 7: a missing target; line 9: a draft
  'docs/en/links.md': '---\ntitle: Links\n---\n\nIntro.\n\nSee [gone](./gone.md) and [home](./index.md).\n\nAlso [the draft](./draft.md).\n',
  'docs/en/draft.md': '---\ndraft: true\n---\n\n# Draft\n',
  // line 3
  'docs/en/override.md': '---\ntitle: Override\nnext: nowhere/at-all\n---\n\nBody.\n',
  'docs/de/stray.md': '# Nicht gelistet\n',
  'docs/fr/orphan.md': '# Orpheline\n',
  'releases/stable/1.0.0.md': '---\nversion: 1.0.0\ndate: 2026-01-01\nrelated:\n  - index\n---\n\nFirst.\n',
  // line 2: 1.0.0 again in "stable"
  'releases/stable/again.md': '---\nversion: 1.0.0\ndate: 2026-01-02\n---\n\nAgain.\n',
  'releases/stable/bad-version.md': '---\nversion: "1.x"\ndate: 2026-01-01\n---\n\nNotes.\n',
  'releases/stable/bad-date.md': '---\nversion: 2.0.0\ndate: "not a date"\n---\n\nNotes.\n',
  'releases/stable/no-version.md': '---\ndate: 2026-01-01\ntitle: Missing\n---\n\nNotes.\n',
  // line 4
  'releases/stable/related.md': '---\nversion: 3.0.0\ndate: 2026-01-01\nrelated:\n  - index\n  - guides/missing\n---\n\nNotes.\n',
  // line 6
  'releases/lts/link.md': '---\nversion: 1.0.0\ndate: 2026-01-01\n---\n\nSee [gone](../../docs/en/gone.md).\n',
}

let problems: ContentProblem[]
const of = (path: string) => problems.filter((problem) => problem.path === path)

beforeAll(async () => {
  problems = await problemsOf(BROKEN_CONTENT)
})

describe('a build with many problems', () => {
  it('reports every problem in one run, sorted by path and line', () => {
    const broken = Object.keys(BROKEN_CONTENT).filter(
      (path) => !['site.yml', 'docs/en/index.md', 'docs/en/dup-a.md', 'docs/en/draft.md', 'releases/stable/1.0.0.md'].includes(path),
    )
    expect(new Set(problems.map((problem) => problem.path))).toEqual(new Set(broken))
    expect(problems).toHaveLength(16)
    const sorted = [...problems].sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line)
    expect(problems).toEqual(sorted)
  })

  it('reports bad YAML front matter at the line of the bad YAML', () => {
    expect(of('docs/en/bad-yaml.md')).toEqual([{ path: 'docs/en/bad-yaml.md', line: 3, message: expect.stringMatching(/invalid YAML/) }])
  })

  it('reports each wrong front matter type at the line of its key', () => {
    expect(of('docs/en/types.md')).toEqual([
      { path: 'docs/en/types.md', line: 3, message: 'front matter "draft": must be true or false; got "yes"' },
      { path: 'docs/en/types.md', line: 4, message: 'front matter "order": must be a number; got "first"' },
      { path: 'docs/en/types.md', line: 5, message: 'front matter "tags": must be a list; got 3' },
    ])
  })

  it('reports a duplicate slug at the line of its slug key, naming the other file', () => {
    expect(of('docs/en/dup-a.md')).toEqual([])
    expect(of('docs/en/dup-b.md')).toEqual([{ path: 'docs/en/dup-b.md', line: 4, message: expect.stringMatching(/duplicate slug "shared".*docs\/en\/dup-a\.md/) }])
  })

  it('reports a broken internal link at its line in the file, counting front matter lines', () => {
    expect(of('docs/en/links.md')).toContainEqual({ path: 'docs/en/links.md', line: 7, message: 'link "./gone.md" points at no document' })
  })

  it('reports a link from a public document to a draft', () => {
    expect(of('docs/en/links.md')).toContainEqual({ path: 'docs/en/links.md', line: 9, message: expect.stringMatching(/"\.\/draft\.md".*draft/) })
    expect(of('docs/en/links.md')).toHaveLength(2)
  })

  it('reports a next override that points at no document at the line of next', () => {
    expect(of('docs/en/override.md')).toEqual([{ path: 'docs/en/override.md', line: 3, message: expect.stringMatching(/next "nowhere\/at-all"/) }])
  })

  it('reports a locale folder that site.yml does not list', () => {
    expect(of('docs/de/stray.md')).toEqual([{ path: 'docs/de/stray.md', line: 1, message: expect.stringMatching(/locale "de"/) }])
  })

  it('reports a translation that has no default-locale original', () => {
    expect(of('docs/fr/orphan.md')).toEqual([{ path: 'docs/fr/orphan.md', line: 1, message: expect.stringMatching(/no en original/) }])
  })

  it('reports an unknown related slug in a release note at the line of related', () => {
    expect(of('releases/stable/related.md')).toEqual([{ path: 'releases/stable/related.md', line: 4, message: expect.stringMatching(/"guides\/missing"/) }])
  })

  it('reports an invalid release version at the line of version', () => {
    expect(of('releases/stable/bad-version.md')).toEqual([{ path: 'releases/stable/bad-version.md', line: 2, message: expect.stringMatching(/"1\.x".*semver/) }])
  })

  it('reports an invalid release date at the line of date', () => {
    expect(of('releases/stable/bad-date.md')).toEqual([{ path: 'releases/stable/bad-date.md', line: 3, message: expect.stringMatching(/date/) }])
  })

  it('reports a missing release version as required', () => {
    expect(of('releases/stable/no-version.md')).toEqual([{ path: 'releases/stable/no-version.md', line: 1, message: expect.stringMatching(/"version".*required/) }])
  })

  it('reports a version released twice in one stream', () => {
    expect(of('releases/stable/again.md')).toEqual([{ path: 'releases/stable/again.md', line: 2, message: expect.stringMatching(/1\.0\.0.*releases\/stable\/1\.0\.0\.md/) }])
  })

  it('reports a broken link in release notes at its line', () => {
    expect(of('releases/lts/link.md')).toEqual([{ path: 'releases/lts/link.md', line: 6, message: expect.stringMatching(/gone\.md/) }])
  })
})

describe('release note checks', () => {
  const release = (frontMatter: string) => ({
    'site.yml': SITE_EN,
    'docs/en/index.md': '# Home\n',
    'releases/stable/x.md': `---\n${frontMatter}\n---\n\nNotes.\n`,
  })

  it('reports every problem of one release note, not only the first', async () => {
    const found = await problemsOf(release('version: "1.x"\ndate: "someday"\nrelated:\n  - nowhere'))
    expect(found.map((problem) => problem.line)).toEqual([2, 3, 4])
  })

  it('rejects a release date that does not exist on the calendar', async () => {
    expect(await problemsOf(release('version: 1.0.0\ndate: "2026-02-30"'))).toEqual([{ path: 'releases/stable/x.md', line: 3, message: expect.stringMatching(/date/) }])
    expect(await problemsOf(release('version: 1.0.0\ndate: 2026-13-45'))).toEqual([{ path: 'releases/stable/x.md', line: 3, message: expect.stringMatching(/date/) }])
  })
})

describe('site.yml problems', () => {
  it('reports YAML that cannot be parsed at its line', async () => {
    expect(await problemsOf({ 'site.yml': 'title: T\n  bad: indent\ndefaultLocale: en\n' })).toEqual([
      { path: 'site.yml', line: 2, message: expect.stringMatching(/invalid YAML/) },
    ])
  })

  it('reports every invalid field at the line of its key', async () => {
    const found = await problemsOf({
      'site.yml': 'title: Bad site\ndefaultLocale: English!\nbaseUrl: docs\neditUrl: https://example.com/edit\n',
      'docs/en/index.md': '# Home\n',
    })
    expect(found).toEqual([
      { path: 'site.yml', line: 2, message: expect.stringMatching(/^defaultLocale:/) },
      { path: 'site.yml', line: 3, message: expect.stringMatching(/^baseUrl:/) },
      { path: 'site.yml', line: 4, message: expect.stringMatching(/^editUrl:.*\{path\}/) },
    ])
  })

  it('reports a missing title', async () => {
    expect(await problemsOf({ 'site.yml': 'defaultLocale: en\n' })).toEqual([{ path: 'site.yml', line: 1, message: expect.stringMatching(/^title:/) }])
  })
})
