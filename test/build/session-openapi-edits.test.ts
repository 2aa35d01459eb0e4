import { cp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContentError } from '../../build/content/problems.ts'
import { SiteSession } from '../../build/session.ts'
import { buildDir, documentOf, makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

let contentDir: string
let session: SiteSession
let rendered = 0

beforeAll(async () => {
  contentDir = join(await makeTempDir('docs-session-api-'), 'content')
  await cp('test/fixtures/api-reference', contentDir, { recursive: true })
  session = await SiteSession.open({
    contentDir,
    cacheDir: null,
    threads: 1,
    onProgress: (_done, total) => {
      rendered = total
    },
  })
  await session.build()
}, 120_000)

async function edit(path: string, change: (text: string) => string): Promise<void> {
  const absolute = join(contentDir, path)
  await writeFile(absolute, change(await readFile(absolute, 'utf8')))
}

/** The session's build after `paths` changed, held to a one-shot build of the same folder. */
async function rebuild(paths: string[]) {
  rendered = 0
  await session.refresh(paths)
  const build = await session.build()
  const { result } = await buildDir(contentDir)
  expect({ ...build.manifest, builtAt: '' }).toEqual({ ...result.manifest, builtAt: '' })
  return { rendered, result }
}

describe('npm start with an API reference', () => {
  it('makes the pages again when a file the document refers to changes, rendering only the operations it touches', async () => {
    await edit('openapi/schemas/author.yaml', (text) => text.replace('Stable identifier, prefixed', 'Edited while serving. Stable identifier, prefixed'))
    const { rendered: pages, result } = await rebuild(['openapi/schemas/author.yaml'])
    expect(pages).toBeGreaterThan(0)
    expect(pages).toBeLessThan(20)
    expect(JSON.stringify(documentOf(result, 'api/bookshop/authors/list-authors').operation)).toContain('Edited while serving.')
  })

  it('shows a new summary as the title after the document is saved', async () => {
    await edit('openapi/bookshop.yaml', (text) => text.replace(/(operationId: listBooks\n(?:.*\n)*?\s+summary: )(.*)/, '$1Browse the whole catalogue'))
    const { result } = await rebuild(['openapi/bookshop.yaml'])
    expect(documentOf(result, 'api/bookshop/books/list-books').title).toBe('Browse the whole catalogue')
  })

  it('fails with path:line while the document is broken, and builds again once it is fixed', async () => {
    const good = await readFile(join(contentDir, 'openapi/inventory.json'), 'utf8')
    await writeFile(join(contentDir, 'openapi/inventory.json'), good.replace('{', '{,'))
    await session.refresh(['openapi/inventory.json'])
    const failure = await session.build().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ContentError)
    expect((failure as ContentError).problems.map((problem) => problem.path)).toContain('openapi/inventory.json')
    await writeFile(join(contentDir, 'openapi/inventory.json'), good)
    await rebuild(['openapi/inventory.json'])
  })
})
