import { execFileSync } from 'node:child_process'
import { mkdir, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import { gitRenameSources, resolveRedirects } from '../../build/content/redirects.ts'
import { readGitHistory } from '../../build/git-history.ts'
import { buildDir, doc, documentOf, makeTempDir, removeTempDirs, writeFiles } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)
afterEach(() => {
  vi.unstubAllEnvs()
})

const SITE = `title: Edit test
defaultLocale: en
locales:
  en: English
  fr: Français
editUrl: https://github.com/acme/docs/edit/main/content/{path}
`
const ALICE_DATE = '2024-01-02T03:04:05Z'
const BOB_DATE = '2024-02-03T04:05:06+02:00'

/** Runs git in `cwd` with a fixed identity and dates, ignoring the machine's config. */
function git(cwd: string, args: string[], identity = { name: 'Alice', email: 'alice@example.com', date: ALICE_DATE }): string {
  return execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', '-c', `user.name=${identity.name}`, '-c', `user.email=${identity.email}`, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_DATE: identity.date, GIT_COMMITTER_DATE: identity.date },
  }).trim()
}

let repo: string
let aliceCommit: string
let bobCommit: string
let result: BuildResult

beforeAll(async () => {
  repo = await makeTempDir('docs-git-')
  git(repo, ['init', '-q'])
  await writeFiles(join(repo, 'content'), {
    'site.yml': SITE,
    'docs/en/a.md': '# A\n',
    'docs/en/b.md': '# B\n',
    'docs/en/pinned.md': doc('lastUpdated: 2023-05-06', '# Pinned\n'),
    'docs/en/hidden-date.md': doc('lastUpdated: false', '# Hidden date\n'),
    'docs/en/démarrer.md': '# Démarrer\n',
    'docs/fr/a.md': '# A en français\n',
  })
  await writeFiles(repo, { 'README.md': 'outside the content folder\n' })
  git(repo, ['add', '.'])
  git(repo, ['commit', '-q', '-m', 'first'])
  aliceCommit = git(repo, ['rev-parse', 'HEAD'])
  await writeFiles(join(repo, 'content'), { 'docs/en/b.md': '# B\n\nEdited by Bob.\n' })
  git(repo, ['commit', '-q', '-am', 'second'], { name: 'Bob', email: 'bob@example.com', date: BOB_DATE })
  bobCommit = git(repo, ['rev-parse', 'HEAD'])
  await writeFiles(join(repo, 'content'), { 'docs/en/uncommitted.md': '# New\n' })
  ;({ result } = await buildDir(join(repo, 'content')))
})

describe('edit metadata from git', () => {
  it('gives each document the author, full commit and date of the last commit that touched it', () => {
    expect(documentOf(result, 'a').edit).toEqual({
      url: 'https://github.com/acme/docs/edit/main/content/docs/en/a.md',
      lastModified: '2024-01-02T03:04:05.000Z',
      author: 'Alice',
      commit: aliceCommit,
    })
    expect(documentOf(result, 'b').edit).toEqual({
      url: 'https://github.com/acme/docs/edit/main/content/docs/en/b.md',
      lastModified: '2024-02-03T02:05:06.000Z',
      author: 'Bob',
      commit: bobCommit,
    })
    expect(aliceCommit).toMatch(/^[0-9a-f]{40}$/)
    expect(bobCommit).not.toBe(aliceCommit)
  })

  it('records the HEAD commit in the manifest and warns about nothing', () => {
    expect(result.manifest.commit).toBe(bobCommit)
    expect(result.warnings).toEqual([])
  })

  it('lets front matter lastUpdated win over git', () => {
    expect(documentOf(result, 'pinned').edit).toMatchObject({ lastModified: '2023-05-06T00:00:00.000Z', author: 'Alice', commit: aliceCommit })
  })

  it('gives no date when front matter sets lastUpdated: false', () => {
    expect(documentOf(result, 'hidden-date').edit.lastModified).toBeNull()
  })

  it('falls back to the file time for a file git does not know yet', async () => {
    const path = join(repo, 'content/docs/en/uncommitted.md')
    await utimes(path, new Date('2022-03-04T05:06:07Z'), new Date('2022-03-04T05:06:07Z'))
    const { result: again } = await buildDir(join(repo, 'content'))
    expect(documentOf(again, 'uncommitted').edit).toEqual({
      url: 'https://github.com/acme/docs/edit/main/content/docs/en/uncommitted.md',
      lastModified: '2022-03-04T05:06:07.000Z',
      author: null,
      commit: null,
    })
  })

  it('reads the history of files with non-ASCII names, and percent-encodes them in the edit URL', () => {
    expect(documentOf(result, 'démarrer').edit).toMatchObject({
      author: 'Alice',
      commit: aliceCommit,
      url: 'https://github.com/acme/docs/edit/main/content/docs/en/d%C3%A9marrer.md',
    })
  })

  it('points a translation at its own file and a fallback at the default-locale file', () => {
    expect(documentOf(result, 'a', 'fr').edit.url).toBe('https://github.com/acme/docs/edit/main/content/docs/fr/a.md')
    expect(documentOf(result, 'b', 'fr').edit).toMatchObject({ url: 'https://github.com/acme/docs/edit/main/content/docs/en/b.md', author: 'Bob' })
  })
})

describe('edit metadata without usable git history', () => {
  it('warns and still builds when the content folder is in no git repository', async () => {
    const dir = await makeTempDir('docs-nogit-')
    vi.stubEnv('GIT_CEILING_DIRECTORIES', dir)
    await writeFiles(join(dir, 'content'), { 'site.yml': 'title: No git\ndefaultLocale: en\n', 'docs/en/a.md': '# A\n' })
    const { result: built } = await buildDir(join(dir, 'content'))
    expect(built.warnings).toEqual([{ message: expect.stringMatching(/git/) }])
    expect(built.manifest.commit).toBeNull()
    const edit = documentOf(built, 'a').edit
    expect(edit).toMatchObject({ url: null, author: null, commit: null })
    expect(edit.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('warns about a shallow clone and still builds with file times', async () => {
    const clone = join(await makeTempDir('docs-shallow-'), 'clone')
    git(repo, ['clone', '-q', '--depth', '1', `file://${repo}`, clone])
    const { result: built } = await buildDir(join(clone, 'content'))
    expect(built.warnings).toEqual([{ message: expect.stringMatching(/shallow/) }])
    expect(built.manifest.commit).toBe(bobCommit)
    const edit = documentOf(built, 'a').edit
    expect(edit).toMatchObject({ url: 'https://github.com/acme/docs/edit/main/content/docs/en/a.md', author: null, commit: null })
    expect(edit.lastModified).not.toBe('2024-01-02T03:04:05.000Z')
  })
})

describe('renames from git', () => {
  let renameRepo: string

  beforeAll(async () => {
    renameRepo = await makeTempDir('docs-renames-')
    const content = join(renameRepo, 'content')
    git(renameRepo, ['init', '-q'])
    await writeFiles(content, { 'docs/en/a.md': '# A\n\nText that stays.\n', 'releases/main/1.0.0.md': 'Notes.\n' })
    await writeFiles(renameRepo, { 'notes.md': 'outside the content folder\n' })
    git(renameRepo, ['add', '.'])
    git(renameRepo, ['commit', '-q', '-m', 'first'])
    git(content, ['mv', 'docs/en/a.md', 'docs/en/démarrer.md'])
    git(content, ['mv', 'releases/main/1.0.0.md', 'releases/main/1.0.1.md'])
    git(renameRepo, ['mv', 'notes.md', 'moved-notes.md'])
    git(renameRepo, ['commit', '-q', '-m', 'second'])
    await mkdir(join(content, 'docs/en/guides'))
    git(content, ['mv', 'docs/en/démarrer.md', 'docs/en/guides/index.md'])
    git(renameRepo, ['commit', '-q', '-m', 'third'])
  })

  it('reads every rename of a page under docs/, newest first, relative to the content folder', async () => {
    const { renames } = await readGitHistory(join(renameRepo, 'content'))
    expect(renames).toEqual([
      { from: 'docs/en/démarrer.md', to: 'docs/en/guides/index.md' },
      { from: 'docs/en/a.md', to: 'docs/en/démarrer.md' },
    ])
    expect(resolveRedirects({ sources: gitRenameSources(renames, []), liveSlugs: new Map([['guides', 'guides']]) }).redirects).toEqual({
      a: 'guides',
      démarrer: 'guides',
    })
  })

  it('finds no renames in a shallow clone, which warns already', async () => {
    const clone = join(await makeTempDir('docs-renames-shallow-'), 'clone')
    git(renameRepo, ['clone', '-q', '--depth', '1', `file://${renameRepo}`, clone])
    expect(await readGitHistory(join(clone, 'content'))).toMatchObject({ renames: [], warning: expect.stringMatching(/shallow/) })
  })
})
