import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SiteSession } from '../../build/session.ts'
import { buildDir, makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'
import { makeVersionedRepo } from '../shared/versioned-repo.ts'

afterAll(removeTempDirs)

let repo: string
let session: SiteSession
let rendered = 0

beforeAll(async () => {
  repo = await makeVersionedRepo(await makeTempDir())
  // Each version's renderer reports its own total; a finished run of one adds its total.
  session = await SiteSession.open({
    contentDir: repo,
    cacheDir: null,
    threads: 1,
    onProgress: (done, total) => {
      if (done === total) rendered += total
    },
  })
})

describe('the long-lived build of npm start on a site with versions', () => {
  it('builds every version at first, then renders only the saved page of the current version', async () => {
    const first = await session.build()
    expect(rendered).toBeGreaterThan(8)
    rendered = 0
    const path = 'docs/en/guides/kilnfile.md'
    await writeFile(join(repo, path), `${await readFile(join(repo, path), 'utf8')}\nKilnfiles may include other kilnfiles.\n`)
    await session.refresh([path])
    const second = await session.build()
    expect(rendered).toBe(1)
    const docsOf = (build: typeof first, name: string) => build.manifest.versions.find((version) => version.name === name)?.docs
    expect(docsOf(second, '3.x')).not.toBe(docsOf(first, '3.x'))
    for (const name of ['2.x', '1.x']) expect(docsOf(second, name), name).toBe(docsOf(first, name))
    const { result } = await buildDir(repo)
    expect({ ...second.manifest, builtAt: '' }).toEqual({ ...result.manifest, builtAt: '' })
  })
})

describe('archived versions kept between sessions of npm start', () => {
  /** A session over `repo` with its own cache, and how many pages its renderers were handed, version by version. */
  async function sessionWith(cacheDir: string, isStored: (hash: string) => boolean) {
    const counted = { pages: 0 }
    const opened = await SiteSession.open({
      contentDir: repo,
      cacheDir,
      threads: 1,
      isStored,
      onProgress: (done, total) => {
        if (done === total) counted.pages += total
      },
    })
    return { session: opened, counted }
  }

  it('builds only the current version when the store holds what the archived ones were built into, and the same build', async () => {
    const cacheDir = await makeTempDir('docs-session-kept-')
    const stored = new Set<string>()
    const first = await sessionWith(cacheDir, (hash) => stored.has(hash))
    const built = await first.session.build()
    for (const hash of built.blobList.blobs) stored.add(hash)

    const second = await sessionWith(cacheDir, (hash) => stored.has(hash))
    const again = await second.session.build()
    expect(again.manifest.buildId).toBe(built.manifest.buildId)
    expect(second.counted.pages).toBeGreaterThan(0)
    expect(second.counted.pages).toBeLessThan(first.counted.pages)

    // A store that lost the blobs (local KV wiped) gets every version built again.
    const third = await sessionWith(cacheDir, () => false)
    expect((await third.session.build()).manifest.buildId).toBe(built.manifest.buildId)
    expect(third.counted.pages).toBe(first.counted.pages)
  })
})

describe('a version whose git ref this copy lacks (a zip, a shallow clone)', () => {
  /** The fixture with 1.x (a folder) the default, and 2.x read from git at a ref no copy has. */
  const withMissingRef = (text: string) => `${text.replace('ref: v2.4.0', 'ref: deadbee')}defaultVersion: "1.x"\n`

  async function copyWith(edit: (text: string) => string): Promise<string> {
    const copy = await makeVersionedRepo(await makeTempDir())
    await writeFile(join(copy, 'site.yml'), edit(await readFile(join(copy, 'site.yml'), 'utf8')))
    return copy
  }

  it("is left out of npm start's builds with one warning that says how to get it, and the rest is served", async () => {
    const started = await SiteSession.open({ contentDir: await copyWith(withMissingRef), cacheDir: null, threads: 1, missingRef: 'leave out' })
    const build = await started.build()
    expect(build.manifest.versions.map((version) => version.name)).toEqual(['3.x', '1.x'])
    expect(build.warnings).toEqual([{ path: 'site.yml', line: 12, message: expect.stringContaining('versions: "2.x" is left out: its ref "deadbee" is not in') }])
    expect(build.warnings[0]?.message).toContain('git fetch --unshallow')
  })

  it('stays an error for npm run build, which publishes', async () => {
    await expect(buildDir(await copyWith(withMissingRef))).rejects.toMatchObject({
      problems: [{ path: 'site.yml', line: 12, message: 'versions: "2.x" has ref "deadbee", which git does not know in this repository' }],
    })
  })

  it('is an error under npm start too when it is the default version, which every read without a version needs', async () => {
    const started = await SiteSession.open({
      contentDir: await copyWith((text) => text.replace('ref: v2.4.0', 'ref: deadbee')),
      cacheDir: null,
      threads: 1,
      missingRef: 'leave out',
    })
    await expect(started.build()).rejects.toMatchObject({ problems: [{ path: 'site.yml', line: 12, message: expect.stringContaining('"2.x" is the default version') }] })
  })
})
