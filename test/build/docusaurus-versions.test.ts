import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDist } from '../../publish/read-dist.ts'
import { routeTable, type RouteTable } from '../shared/route-table.ts'
import { docusaurusVersionsSite } from '../shared/docusaurus-versions-site.ts'
import { buildDir, makeTempDir, removeTempDirs, type FolderBuild } from '../shared/build-helpers.ts'

// Two builds sharing a render cache and dist/: the first without the current version's
// counters page, the second with it, so the unchanged 1.x is kept from the first.
let first: FolderBuild
let second: FolderBuild
const routes = new Map<string, RouteTable>()

beforeAll(async () => {
  const { contentDir, addPage } = await docusaurusVersionsSite(await makeTempDir())
  const cacheDir = await makeTempDir('docs-kept-versions-')
  const outDir = join(await makeTempDir('docs-kept-dist-'), 'dist')
  first = await buildDir(contentDir, { cacheDir, outDir })
  await keepRoutes('first', outDir)
  await addPage()
  second = await buildDir(contentDir, { cacheDir, outDir })
  await keepRoutes('second', outDir)
})

/** Each version's routes as dist/ holds them: a kept version's blobs are put back there, not made again in memory. */
async function keepRoutes(build: string, outDir: string) {
  const dist = await readDist(outDir)
  const texts = new Map(await Promise.all(dist.blobList.blobs.map(async (hash) => [hash, await dist.readBlob(hash).catch(() => '')] as const)))
  for (const version of ['2.x', '1.x'])
    routes.set(
      `${build} ${version}`,
      routeTable(dist.manifest, (hash) => texts.get(hash), version),
    )
}

function routesOf(build: 'first' | 'second', version: string): RouteTable {
  const table = routes.get(`${build} ${version}`)
  if (!table) throw new Error(`no routes of ${version} in the ${build} build`)
  return table
}
afterAll(removeTempDirs)

describe('Docusaurus versioned_docs', () => {
  it("publishes each version's pages under their slugs, a page whose `id:` is not its slug also under that id for other versions to find", () => {
    const current = routesOf('second', '2.x')
    expect(Object.keys(current.slugs).sort()).toEqual(['api/counting', 'api/timer-mocks', 'guides/installation', 'index'])
    expect(current.ids).toEqual({ 'api/counters': 'api/counting' })
    expect(current.redirects).toEqual({ 'guides/setup': 'guides/installation' })
    const old = routesOf('second', '1.x')
    expect(Object.keys(old.slugs).sort()).toEqual(['api/counters', 'api/timer-mocks', 'guides/setup', 'index', 'legacy-hooks'])
    expect(old.ids).toEqual({})
  })

  it('keeps the unchanged old version when the current one gains a page, and only the current tables name the new id', () => {
    const docsOf = (build: FolderBuild, name: string) => build.result.manifest.versions.find((version) => version.name === name)?.docs
    expect(docsOf(second, '1.x')).toBe(docsOf(first, '1.x'))
    expect(second.result.blobs.has(docsOf(second, '1.x') ?? '')).toBe(false)
    expect(routesOf('first', '2.x').ids).toEqual({})
    expect(routesOf('second', '2.x').ids).toEqual({ 'api/counters': 'api/counting' })
  })
})
