import { execFile } from 'node:child_process'
import { cp, mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const FIXTURE = 'test/fixtures/versions'

/**
 * The versioned fixture as a real git repository: kiln 2's docs committed and
 * tagged `v2.4.0` (the 2.x version reads them from that tag), then the page
 * `guides/setup` renamed to `guides/install` and kiln 3's docs committed on
 * top, with the 1.x docs in a `versioned_docs/` folder. Returns the folder.
 */
export async function makeVersionedRepo(parent = tmpdir()): Promise<string> {
  const dir = await mkdtemp(join(parent, 'docs-versions-'))
  const git = (...args: string[]) => run('git', ['-C', dir, '-c', 'user.name=Fixture', '-c', 'user.email=fixture@example.com', ...args])
  await git('init', '-q', '-b', 'main')
  await cp(join(FIXTURE, 'v2'), dir, { recursive: true })
  await cp(join(FIXTURE, 'current/site.yml'), join(dir, 'site.yml'))
  await git('add', '-A')
  await git('commit', '-q', '-m', 'kiln 2.4 docs', '--date', '2026-05-01T12:00:00Z')
  await git('tag', 'v2.4.0')
  await git('mv', 'docs/en/guides/setup.md', 'docs/en/guides/install.md')
  await git('commit', '-q', '-m', 'Rename setup to install', '--date', '2026-06-01T12:00:00Z')
  for (const entry of await readdir(join(FIXTURE, 'current'))) await cp(join(FIXTURE, 'current', entry), join(dir, entry), { recursive: true })
  await git('add', '-A')
  await git('commit', '-q', '-m', 'kiln 3 docs', '--date', '2026-11-01T12:00:00Z')
  return dir
}
