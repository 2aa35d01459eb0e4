import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NavTreeNode, ReleasesBlob } from '../../contract/index.ts'
import { blob, buildDir, buildFolder, llmsFilesOf, makeTempDir, problemsOf, removeTempDirs, routesOf, versionOf, type FolderBuild } from '../shared/build-helpers.ts'
import { makeVersionedRepo } from '../shared/versioned-repo.ts'

let repo: string
let build: FolderBuild
const llmsIndex = (version: string, locale = 'en') => JSON.parse(build.result.blobs.get(versionOf(build.result, version).llms[locale]?.index ?? '') ?? '""') as string

beforeAll(async () => {
  repo = await makeVersionedRepo(await makeTempDir())
  build = await buildDir(repo)
})
afterAll(removeTempDirs)

describe('a site with versions', () => {
  it('lists every version in site.yml order, with its status, label, aliases and counts', () => {
    expect(build.result.manifest.versions.map(({ docs: _docs, ...version }) => version)).toEqual([
      { name: '3.x', label: '3.x', status: 'unreleased', aliases: ['next'], documentCounts: { en: 5, fr: 1 } },
      { name: '2.x', label: '2.x', status: 'current', aliases: ['latest'], documentCounts: { en: 4, fr: 1 } },
      { name: '1.x', label: '1.x (legacy)', status: 'unmaintained', aliases: [], documentCounts: { en: 3, fr: 0 } },
    ])
  })

  it('reads a version at a git ref from git itself: the pages as they were at the tag', () => {
    const slugs = Object.keys(routesOf(build.result, '2.x').slugs).sort()
    expect(slugs).toEqual(['guides/firing', 'guides/glaze', 'guides/setup', 'index'])
    expect(routesOf(build.result, '2.x').documents.fr?.index?.title).toBe('Kiln 2 en français')
  })

  it('builds the current folder as its version, with the redirect a rename in git history gives', () => {
    const routes = routesOf(build.result, '3.x')
    expect(Object.keys(routes.slugs).sort()).toEqual(['guides/firing', 'guides/glaze', 'guides/install', 'guides/kilnfile', 'index'])
    expect(routes.redirects).toEqual({ 'guides/setup': 'guides/install' })
  })

  it('reads a folder of default-locale pages as a version, other locales falling back to them', () => {
    const routes = routesOf(build.result, '1.x')
    expect(Object.keys(routes.slugs).sort()).toEqual(['guides/setup', 'index', 'legacy'])
    expect(routes.documents.fr?.legacy).toMatchObject({ locale: 'en', title: 'Legacy furnaces' })
  })

  it("orders a folder version's sidebar by its Docusaurus versioned_sidebars file", () => {
    const navigation = blob<{ items: NavTreeNode[] }>(build.result, versionOf(build.result, '1.x').navigation.en?.public)
    const titles = (nodes: NavTreeNode[]): unknown[] => nodes.map((node) => (node.children.length > 0 ? [node.title, titles(node.children)] : node.title))
    expect(titles(navigation.items)).toEqual(['Kiln 1', ['Kiln 1 guides', ['Setting up kiln 1']], 'Furnaces of old'])
  })

  it("gives the default version's pages the site's URLs and every other version's pages URLs under its name", () => {
    expect(llmsIndex('2.x')).toContain('(/v1/documents/guides/setup.md)')
    expect(llmsIndex('3.x')).toContain('(/v1/documents/guides/install.md?version=3.x)')
    expect(llmsIndex('1.x')).toContain('(/v1/documents/legacy.md?version=1.x)')
    const navigation = JSON.parse(build.result.blobs.get(versionOf(build.result, '3.x').navigation.en?.public ?? '') ?? '{}') as {
      items: Array<{ url: string | null; children: Array<{ url: string }> }>
    }
    expect(JSON.stringify(navigation.items)).toContain('"url":"/3.x/guides/install"')
  })

  it('links each release to the version whose name, as a semver range, contains it, and its related pages into the default version', () => {
    const releases = blob<ReleasesBlob>(build.result, build.result.manifest.releases).streams[0]?.releases ?? []
    expect(releases.map((release) => [release.version, release.docsVersion])).toEqual([
      ['3.0.0-beta.1', '3.x'],
      ['2.4.0', '2.x'],
      ['1.2.0', '1.x'],
    ])
    expect(releases[1]?.related).toEqual([{ slug: 'guides/setup', title: 'Setting up kiln', url: '/guides/setup', draft: false }])
  })

  it('makes the same blobs for an unchanged version when another version is added, so publishing it uploads nothing again', async () => {
    const site = join(repo, 'site.yml')
    const text = await readFile(site, 'utf8')
    await writeFile(site, text.replace(/ {2}- name: "3\.x"\n {4}status: unreleased\n/, ''))
    try {
      const without = await buildDir(repo)
      const docsOf = (result: FolderBuild['result'], name: string) => result.manifest.versions.find((version) => version.name === name)?.docs
      expect(without.result.manifest.versions.map((version) => version.name)).toEqual(['2.x', '1.x'])
      for (const name of ['2.x', '1.x']) expect(docsOf(without.result, name), name).toBe(docsOf(build.result, name))
      const added = build.result.blobList.blobs.filter((hash) => !without.result.blobList.blobs.includes(hash))
      const docs3 = versionOf(build.result, '3.x')
      expect(added).toContain(docs3.search.en)
      expect(added.length).toBeLessThan(build.result.blobList.blobs.length / 2)
    } finally {
      await writeFile(site, text)
    }
  })
})

describe('renderings shared between versions', () => {
  it('renders a page whose bytes another version has already rendered only once, relinked to its own version, byte for byte as a fresh rendering', async () => {
    const cacheDir = await makeTempDir('docs-render-cache-')
    const cached = await buildDir(repo, { cacheDir })
    expect({ ...cached.result.manifest, builtAt: '' }).toEqual({ ...build.result.manifest, builtAt: '' })
    expect(cached.result.blobList.blobs).toEqual(build.result.blobList.blobs)
    const [namespace = ''] = await readdir(cacheDir)
    const renderings = (await readdir(join(cacheDir, namespace))).filter((name) => name.endsWith('.rendering'))
    // 14 pages and 3 release notes; guides/glaze and guides/firing are the same bytes in 3.x and 2.x,
    // and firing links to glaze, so its 3.x copy is the 2.x rendering relinked.
    expect(renderings).toHaveLength(15)
    const firing = (version: string) => blob<{ html: string }>(build.result, routesOf(build.result, version).documents.en?.['guides/firing']?.blob).html
    expect(firing('3.x')).toContain('href="/3.x/guides/glaze#top"')
    expect(firing('2.x')).toContain('href="/guides/glaze#top"')
  })
})

describe('archived versions kept between builds', () => {
  it('builds an unchanged archived version once, the default one included: the next build puts its blobs back from the last dist/, and one without that dist/ builds it again', async () => {
    const cacheDir = await makeTempDir('docs-kept-versions-')
    const outDir = join(await makeTempDir('docs-kept-dist-'), 'dist')
    const first = await buildDir(repo, { cacheDir, outDir })
    const second = await buildDir(repo, { cacheDir, outDir })
    expect({ ...second.result.manifest, builtAt: '' }).toEqual({ ...first.result.manifest, builtAt: '' })
    expect(second.result.blobList.blobs).toEqual(first.result.blobList.blobs)
    // The default version (2.x, at a tag) is kept too, with what the release notes take from it;
    // only the current folder's version (3.x) is built again, and a blob it shares is made again.
    const current = blobHashesOf(first.result, '3.x')
    const archived = ['1.x', '2.x'].flatMap((name) => [...blobHashesOf(first.result, name)]).filter((hash) => !current.has(hash))
    expect(archived.length).toBeGreaterThan(10)
    for (const hash of archived) expect(second.result.blobs.has(hash), hash).toBe(false)
    for (const hash of second.result.blobList.blobs) await expect(stat(join(outDir, 'blobs', `${hash}.json`)).catch(() => stat(join(outDir, 'assets')))).resolves.toBeTruthy()
    const elsewhere = await buildDir(repo, { cacheDir, outDir: join(await makeTempDir('docs-kept-dist-'), 'dist') })
    expect(elsewhere.result.blobList.blobs).toEqual(first.result.blobList.blobs)
    for (const hash of archived) expect(elsewhere.result.blobs.has(hash), hash).toBe(true)
  })
})

describe('versions in site.yml', () => {
  const site = (versions: string, extra = '') => `title: Kiln\ndefaultLocale: en\n${extra}versions:\n${versions}`
  const page = { 'docs/en/index.md': '# Home\n' }

  it.each([
    ['a name that is not path-safe', '  - name: "2/x"\n', 4, 'versions.0.name: must be path-safe'],
    ['a name listed twice', '  - name: "2.x"\n  - name: "2.x"\n    path: old\n', 5, 'versions: "2.x" is listed twice'],
    ['two versions of this content folder', '  - name: "3.x"\n  - name: "2.x"\n', 5, 'versions: only one version can be this content folder'],
    ['both a path and a ref', '  - name: "2.x"\n    path: old\n    ref: v2\n', 4, 'takes a path or a ref, not both'],
    ['no current version and no defaultVersion', '  - name: "3.x"\n    status: unreleased\n', 1, 'defaultVersion: no version has status current'],
  ])('refuses %s, at its line', async (_case, versions, line, message) => {
    const problems = await problemsOf({ 'site.yml': site(versions), ...page })
    expect(problems).toEqual([expect.objectContaining({ path: 'site.yml', line })])
    expect(problems[0]?.message).toContain(message)
  })

  it('refuses a defaultVersion that names no version, listing the versions', async () => {
    const problems = await problemsOf({ 'site.yml': site('  - name: "3.x"\n', 'defaultVersion: "9.x"\n'), ...page })
    expect(problems).toEqual([{ path: 'site.yml', line: 3, message: 'defaultVersion: "9.x" is not one of the versions (3.x)' }])
  })

  it("orders a folder version by its versioned_sidebars file even when site.yml spells out the current docs' sidebar", async () => {
    const withSidebar = await makeVersionedRepo(await makeTempDir())
    const site = join(withSidebar, 'site.yml')
    await writeFile(site, `${await readFile(site, 'utf8')}sidebar:\n  - index\n`)
    const { result } = await buildDir(withSidebar)
    const titles = (nodes: NavTreeNode[]): unknown[] => nodes.map((node) => (node.children.length > 0 ? [node.title, titles(node.children)] : node.title))
    expect(titles(blob<{ items: NavTreeNode[] }>(result, versionOf(result, '1.x').navigation.en?.public).items)).toEqual([
      'Kiln 1',
      ['Kiln 1 guides', ['Setting up kiln 1']],
      'Furnaces of old',
    ])
    expect(blob<{ items: NavTreeNode[] }>(result, versionOf(result, '3.x').navigation.en?.public).items.map((node) => node.slug)).toEqual(['index'])
  })

  it("serves an image a folder version's page names by a root path from the content folder's static/", async () => {
    const withImage = await makeVersionedRepo(await makeTempDir())
    await mkdir(join(withImage, 'static/img'), { recursive: true })
    await writeFile(join(withImage, 'static/img/kiln.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>')
    const legacy = join(withImage, 'versioned_docs/version-1.x/legacy.md')
    await writeFile(legacy, `${await readFile(legacy, 'utf8')}\n![A kiln](/img/kiln.svg)\n`)
    const { result } = await buildDir(withImage)
    const page = blob<{ html: string }>(result, routesOf(result, '1.x').documents.en?.legacy?.blob)
    expect(page.html).toMatch(/<img src="\/v1\/assets\/[0-9a-f]+\.svg" alt="A kiln"/)
  })

  it("resolves a root link written with the site's baseUrl in a page of another version to that version's page", async () => {
    const { result } = await buildFolder({
      'site.yml': 'title: Loom\ndefaultLocale: en\nbaseUrl: /docs/\nversions:\n  - name: next\n    status: unreleased\n  - name: "1.0"\n    path: versioned_docs/version-1.0\n',
      'docs/en/index.md': '# Loom\n\nSee [the options](/docs/options#quotes).\n',
      'docs/en/options.md': '# Options\n\n## Quotes\n',
      'versioned_docs/version-1.0/index.md': '# Loom 1.0\n\nSee [the options](/docs/options).\n',
      'versioned_docs/version-1.0/options.md': '# Options 1.0\n',
    })
    expect(blob<{ html: string }>(result, routesOf(result, 'next').documents.en?.index?.blob).html).toContain('href="/docs/next/options#quotes"')
    expect(blob<{ html: string }>(result, routesOf(result, '1.0').documents.en?.index?.blob).html).toContain('href="/docs/options"')
  })

  it("reports a versioned sidebars file's item that names no page at its line of that file", async () => {
    const broken = await makeVersionedRepo(await makeTempDir())
    const file = 'versioned_sidebars/version-1.x-sidebars.json'
    await writeFile(join(broken, file), '{\n  "docs": [\n    "index",\n    "no-such-page"\n  ]\n}\n')
    expect(await problemsOf(broken)).toEqual([{ path: file, line: 4, message: 'sidebar: "no-such-page" is not the slug of any page' }])
  })

  it('refuses a path that is not a folder and a ref git does not know, each at its line', async () => {
    const broken = await makeVersionedRepo(await makeTempDir())
    await writeFile(join(broken, 'site.yml'), site('  - name: "3.x"\n  - name: "2.x"\n    ref: v9.9.9\n  - name: "1.x"\n    path: versioned_docs/version-0.x\n'))
    expect(await problemsOf(broken)).toEqual([
      { path: 'site.yml', line: 5, message: 'versions: "2.x" has ref "v9.9.9", which git does not know in this repository' },
      { path: 'site.yml', line: 7, message: 'versions: "1.x" has path "versioned_docs/version-0.x", which is not a folder of the content folder' },
    ])
  })
})

/** Every blob a version of a build names: its tables, route shards, sidebars, indexes, display chunks, llms parts and pages. */
function blobHashesOf(result: FolderBuild['result'], name: string): Set<string> {
  const docs = versionOf(result, name)
  const hashes = new Set<string>([result.manifest.versions.find((version) => version.name === name)?.docs ?? '', ...docs.routes])
  for (const locale of Object.keys(docs.search)) {
    hashes.add(docs.search[locale] as string)
    const navigation = docs.navigation[locale]
    if (navigation) for (const hash of [navigation.public, navigation.drafts]) hashes.add(hash)
    const llms = llmsFilesOf(result, locale, name)
    for (const hash of [llms.index, llms.parts, ...llms.full]) hashes.add(hash)
  }
  for (const byId of Object.values(routesOf(result, name).documents)) for (const variant of Object.values(byId)) hashes.add(variant.blob).add(variant.markdown)
  return hashes
}
