import { cp, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { buildSite, type SiteBuild } from '../../build/build.ts'
import { makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'

const FIXTURE = 'test/fixtures/api-rebuild'
const DOCUMENT = 'openapi/seeds.yaml'
/** Per locale: the index page, the API overview, two tag overviews and five operations. */
const PAGES = 2 * (1 + 1 + 2 + 5)

afterAll(removeTempDirs)

let contentDir: string
let root: string

/** A one-shot build as `npm run build` runs it, with the render cache on. */
const cachedBuild = (): Promise<SiteBuild> => buildSite({ contentDir, outDir: join(root, 'dist'), cacheDir: join(root, 'cache'), threads: 1 })

/** The renderings in the cache (not its memos or front matter), with their text. */
async function renderings(): Promise<Map<string, string>> {
  const entries = await readdir(join(root, 'cache'), { recursive: true, withFileTypes: true })
  const files = entries.filter((entry) => entry.name.endsWith('.rendering')).map((entry) => join(entry.parentPath, entry.name))
  return new Map(await Promise.all(files.map(async (file) => [file, await readFile(file, 'utf8')] as const)))
}

/** Edits the English document, rebuilds, and hands back the build and the text of each rendering it added to the cache. */
async function rebuildAfter(edit: (document: string) => string): Promise<{ build: SiteBuild; written: string[] }> {
  const before = await renderings()
  const path = join(contentDir, DOCUMENT)
  const document = await readFile(path, 'utf8')
  const edited = edit(document)
  expect(edited).not.toBe(document)
  await writeFile(path, edited)
  const build = await cachedBuild()
  const written = [...(await renderings())].filter(([file]) => !before.has(file)).map(([, text]) => text)
  return { build, written }
}

beforeEach(async () => {
  root = await makeTempDir('docs-api-rebuild-')
  contentDir = join(root, 'content')
  await cp(FIXTURE, contentDir, { recursive: true })
  const first = await cachedBuild()
  expect(first.renders).toEqual({ rendered: PAGES, cached: 0 })
})

describe('a rebuild with the render cache after an edit of an OpenAPI document', () => {
  it("re-renders only the operation whose description changed, and nothing of the document's translation", async () => {
    const { build, written } = await rebuildAfter((document) =>
      document.replace(
        'description: Takes a packet off the shelf once its seeds no longer sprout.',
        'description: Takes a packet off the shelf once fewer than half its seeds sprout.',
      ),
    )
    expect(build.renders).toEqual({ rendered: 1, cached: PAGES - 1 })
    expect(written).toHaveLength(1)
    expect(written[0]).toContain('fewer than half its seeds sprout')
    expect(written[0]).toContain('DELETE /packets/{packetId}')
  })

  it('re-renders only that operation when its description grows by a paragraph, though every operation after it moves down in the file', async () => {
    const { build, written } = await rebuildAfter((document) =>
      document.replace(
        '      description: One packet, with the season its seeds were saved in.\n',
        '      description: |\n        One packet, with the season its seeds were saved in.\n\n        Packets older than five seasons are tested before they are lent.\n',
      ),
    )
    expect(build.renders).toEqual({ rendered: 1, cached: PAGES - 1 })
    expect(written).toHaveLength(1)
    expect(written[0]).toContain('Packets older than five seasons are tested')
  })

  it("re-renders a tag's overview and the API overview, which both show the tag's description, and none of its operations", async () => {
    const { build, written } = await rebuildAfter((document) =>
      document.replace('description: Who borrowed which packet, and what came back.', 'description: Who borrowed which packet, until when, and what came back.'),
    )
    expect(build.renders).toEqual({ rendered: 2, cached: PAGES - 2 })
    expect(written).toHaveLength(2)
    for (const text of written) expect(text).toContain('until when')
    expect(written.some((text) => text.includes('POST /loans'))).toBe(true)
  })
})
