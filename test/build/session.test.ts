import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContentError } from '../../build/content/problems.ts'
import { SiteSession, type SessionBuild } from '../../build/session.ts'
import { buildDir, documentOf, makeTempDir, llmsFilesOf, navTreeOf, removeTempDirs, routesOf } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

let contentDir: string
let session: SiteSession
let rendered = 0
// Small parts, so that llms-full.txt has several and an edit changes one of them.
const LLMS_PART_BYTES = 600
// Every blob text the session has handed over so far: a reused blob's text came with an earlier build.
const handedOver = new Map<string, string>()

beforeAll(async () => {
  contentDir = join(await makeTempDir('docs-session-'), 'content')
  await cp('test/fixtures/site', contentDir, { recursive: true })
  session = await SiteSession.open({
    contentDir,
    cacheDir: null,
    threads: 1,
    llmsPartBytes: LLMS_PART_BYTES,
    onProgress: (_done, total) => {
      rendered = total
    },
  })
})

async function change(path: string, edit: (text: string) => string | null): Promise<void> {
  const absolute = join(contentDir, path)
  const text = edit(await readFile(absolute, 'utf8').catch(() => ''))
  if (text === null) await rm(absolute)
  else {
    await mkdir(dirname(absolute), { recursive: true })
    await writeFile(absolute, text)
  }
}

/** The session's build after `paths` changed, held to a one-shot build of the same folder. */
async function expectSameAsOneShot(paths: string[]): Promise<SessionBuild> {
  rendered = 0
  await session.refresh(paths)
  const build = await session.build()
  for (const [hash, text] of build.blobs) handedOver.set(hash, text)
  const { result } = await buildDir(contentDir, { llmsPartBytes: LLMS_PART_BYTES })
  expect({ ...build.manifest, builtAt: '' }).toEqual({ ...result.manifest, builtAt: '' })
  expect(build.blobList.blobs).toEqual([...result.blobs.keys()].sort())
  for (const hash of build.blobList.blobs) expect(handedOver.get(hash), hash).toBe(result.blobs.get(hash))
  expect(build.stats).toEqual(result.stats)
  return build
}

describe('the long-lived build of npm start', () => {
  it('builds what the one-shot build builds', async () => {
    const build = await expectSameAsOneShot([])
    expect(build.blobs.size).toBe(build.blobList.blobs.length)
    expect(llmsFilesOf(build, 'en').full.length).toBeGreaterThan(2)
  })

  it('re-renders only the edited page and hands over only the blobs it changed', async () => {
    await change('docs/en/guides/install.md', (text) => `${text}\nA sentence about marmots.\n`)
    const build = await expectSameAsOneShot(['docs/en/guides/install.md'])
    expect(rendered).toBe(1)
    // Far from all of them. Not a third: with display chunks of 2 pages, values made again and the same (the
    // other locale's index and display chunks, the releases, the asset table) are 16 of the 28 handed over of 76.
    expect(build.blobs.size).toBeLessThan(build.blobList.blobs.length / 2)
  })

  it('follows a changed title into the navigation, neighbours and search', async () => {
    await change('docs/en/guides/deploy.md', (text) => text.replace(/^title: .*$/m, 'title: Shipping it'))
    await expectSameAsOneShot(['docs/en/guides/deploy.md'])
  })

  it('follows a title and a sidebar label edited in one folder into the prev/next of the page before it, in the folder before', async () => {
    const before = await expectSameAsOneShot([])
    const routes = routesOf({ ...before, blobs: handedOver })
    const neighbour = Object.keys(routes.documents.en ?? {}).find((docId) => documentOf({ ...before, blobs: handedOver }, docId).nav.next?.slug === 'api')
    expect(neighbour?.startsWith('guides')).toBe(true)
    for (const [edit, label] of [
      [(text: string) => text.replace(/^title: .*$/m, 'title: Endpoints'), 'Endpoints'],
      [(text: string) => text.replace(/^title: .*$/m, '$&\nsidebar_label: Endpoint list'), 'Endpoint list'],
    ] as const) {
      await change('docs/en/api/index.md', edit)
      const build = await expectSameAsOneShot(['docs/en/api/index.md'])
      const served = { ...build, blobs: handedOver }
      expect(documentOf(served, neighbour ?? '').nav.next).toEqual({ slug: 'api', title: label })
      expect(build.blobs.has(routesOf(served).documents.en?.[neighbour ?? '']?.blob ?? '')).toBe(true)
      expect(navTreeOf(served).find((node) => node.slug === 'api')?.title).toBe(label)
    }
  })

  it('takes in a new page, a new link to it, and a deleted page', async () => {
    await change('docs/en/guides/upgrade.md', () => '# Upgrading\n\nHow to upgrade.\n\n## Steps\n\nOne, two.\n')
    await change('docs/en/guides/index.md', (text) => `${text}\nSee [upgrading](./upgrade.md).\n`)
    await change('docs/en/reference/glossary.md', () => null)
    await expectSameAsOneShot(['docs/en/guides/upgrade.md', 'docs/en/guides/index.md', 'docs/en/reference/glossary.md'])
  })

  it('makes a page a draft and a translation appear', async () => {
    await change('docs/en/ranking/feeding.md', (text) => (text.startsWith('---\n') ? text.replace('---\n', '---\ndraft: true\n') : `---\ndraft: true\n---\n${text}`))
    await change('docs/fr/guides/upgrade.md', () => '# Mettre à jour\n\nComment mettre à jour.\n')
    await expectSameAsOneShot(['docs/en/ranking/feeding.md', 'docs/fr/guides/upgrade.md'])
  })

  it('reports a broken page as a one-shot build does, then builds again once it is fixed', async () => {
    await change('docs/en/guides/upgrade.md', (text) => `---\ntitle: [unclosed\n---\n${text}`)
    await session.refresh(['docs/en/guides/upgrade.md'])
    const failure = await session.build().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ContentError)
    expect((failure as ContentError).problems[0]?.path).toBe('docs/en/guides/upgrade.md')
    await change('docs/en/guides/upgrade.md', (text) => text.replace(/^---\ntitle: \[unclosed\n---\n/, ''))
    await expectSameAsOneShot(['docs/en/guides/upgrade.md'])
  })

  it('re-points a link written by the other heading rule, and reports it once no rule finds the heading, as a one-shot build does', async () => {
    await change('docs/en/guides/deploy.md', (text) => `${text}\n## build.target\n\nWhere it runs.\n`)
    await change('docs/en/guides/index.md', (text) => `${text}\nSee [the target](./deploy.md#build-target).\n`)
    const build = await expectSameAsOneShot(['docs/en/guides/deploy.md', 'docs/en/guides/index.md'])
    expect(documentOf({ ...build, blobs: handedOver }, 'guides').html).toContain('<a href="/docs/guides/deploy#buildtarget">the target</a>')
    await change('docs/en/guides/deploy.md', (text) => text.replace('## build.target', '## build.platform'))
    await session.refresh(['docs/en/guides/deploy.md'])
    const failure = await session.build().catch((error: unknown) => error)
    const line = (await readFile(join(contentDir, 'docs/en/guides/index.md'), 'utf8')).split('\n').indexOf('See [the target](./deploy.md#build-target).') + 1
    expect(failure).toBeInstanceOf(ContentError)
    expect((failure as ContentError).problems).toEqual([
      { path: 'docs/en/guides/index.md', line, message: 'link "./deploy.md#build-target" points at no heading or anchor "#build-target" in docs/en/guides/deploy.md' },
    ])
    await change('docs/en/guides/deploy.md', (text) => text.replace('## build.platform', '## build.target'))
    await expectSameAsOneShot(['docs/en/guides/deploy.md'])
  })

  it('reads a moved folder again, and ignores files that are not content', async () => {
    await rename(join(contentDir, 'docs/en/reference'), join(contentDir, 'docs/en/lookup'))
    await writeFile(join(contentDir, 'docs/en/guides/.install.md.swp'), 'editor state')
    await expectSameAsOneShot(['docs/en/reference', 'docs/en/lookup', 'docs/en/guides/.install.md.swp'])
  })

  it('starts over when site.yml changes', async () => {
    await change('site.yml', (text) => text.replace('title: Fixture docs', 'title: Renamed docs'))
    const build = await expectSameAsOneShot(['site.yml'])
    expect(build.manifest.site.title).toBe('Renamed docs')
    expect(rendered).toBeGreaterThan(10)
  })
})
