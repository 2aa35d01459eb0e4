import { execFileSync } from 'node:child_process'
import { rename } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildDir, buildFolder, doc, makeTempDir, problemsOf, removeTempDirs, routesOf, SITE_EN, writeFiles } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

// Redirects through the whole build: what lands in the route shards, and what stops a build.

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', '-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  })

describe('redirects in a build', () => {
  it('publishes every source as old slug -> current slug, chains collapsed', async () => {
    const { result } = await buildFolder({
      'site.yml': `${SITE_EN}redirects:\n  - { from: guides/setup, to: guides/install }\n  - { from: guides/ancient, to: guides/old-install }\n`,
      'docs/en/index.md': '# Home\n',
      'docs/en/guides/install.md': doc('title: Install\nredirectFrom: [guides/old-install]', 'Body.\n'),
    })
    expect(routesOf(result).redirects).toEqual({ 'guides/setup': 'guides/install', 'guides/ancient': 'guides/install', 'guides/old-install': 'guides/install' })
  })

  it('leads to the page under its own slug when front matter gave it one', async () => {
    const { result } = await buildFolder({
      'site.yml': SITE_EN,
      'docs/en/index.md': '# Home\n',
      'docs/en/guides/install.md': doc('title: Install\nslug: guides/installing\nredirectFrom: guides/setup', 'Body.\n'),
    })
    expect(routesOf(result).redirects).toEqual({ 'guides/setup': 'guides/installing' })
  })

  it('fails on a cycle and on a redirect that shadows a live page, each at its path and line', async () => {
    const problems = await problemsOf({
      'site.yml': `${SITE_EN}redirects:\n  - { from: a, to: b }\n  - { from: b, to: a }\n`,
      'docs/en/index.md': '# Home\n',
      'docs/en/guide.md': doc('title: Guide\nredirectFrom: index', 'Body.\n'),
    })
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: 'docs/en/guide.md', line: 3, message: expect.stringContaining('redirect from "index" shadows a live page') },
        { path: 'site.yml', line: 6, message: expect.stringMatching(/redirect cycle/) },
        { path: 'site.yml', line: 7, message: expect.stringMatching(/redirect cycle/) },
      ]),
    )
  })

  it('turns a rename that git history shows into a redirect from the old slug', async () => {
    const repo = await makeTempDir('docs-rename-')
    git(repo, 'init', '-q')
    const content = join(repo, 'content')
    await writeFiles(content, { 'site.yml': SITE_EN, 'docs/en/index.md': '# Home\n', 'docs/en/guides/setup.md': '# Setting up\n\nThe same text before and after the move.\n' })
    git(repo, 'add', '.')
    git(repo, 'commit', '-q', '-m', 'first')
    await rename(join(content, 'docs/en/guides/setup.md'), join(content, 'docs/en/guides/install.md'))
    git(repo, 'add', '-A')
    git(repo, 'commit', '-q', '-m', 'move setup to install')
    const { result } = await buildDir(content)
    expect(routesOf(result).redirects).toEqual({ 'guides/setup': 'guides/install' })
    expect(Object.keys(routesOf(result).slugs)).not.toContain('guides/setup')
  })
})
