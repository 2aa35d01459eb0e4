import { readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { heroSource } from '../../build/content/hero.ts'
import { renderDocument, type RenderedDocument, type RenderInput } from '../../build/markdown/render.ts'
import { RenderCache } from '../../build/render-cache.ts'
import { RenderingFile } from '../../build/rendering-file.ts'
import { makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const TARGETS = { urls: {}, markdownUrls: {} }
const hero = heroSource({ hero: { title: 'Tidepool', tagline: 'Pools in every tide' } }, 2)
const INPUTS: Record<string, RenderInput> = {
  'a hero, code, a table and text in three scripts': {
    path: 'docs/en/index.md',
    body: '# Tidepool 🌊\n\nÉcrire, 書く, and a `code` span.\n\n```ts\nconst pool = { depth: 3 } // 深さ\n```\n\n## Setup\n\n| Step | What |\n| --- | --- |\n| 1 | Fill |\n',
    bodyLine: 7,
    ...(hero ? { hero } : {}),
  },
  'Japanese text, whose search terms depend on the locale': { path: 'docs/ja/index.md', body: '# 検索\n\n検索エンジンの設定を変える。\n', bodyLine: 1 },
  'an empty page': { path: 'docs/en/empty.md', body: '', bodyLine: 1 },
}

/** What a rendering says, its fields read the way the pipeline reads them. */
const fieldsOf = (output: RenderedDocument) => JSON.parse(JSON.stringify(output)) as unknown

describe('the render cache', () => {
  let cache: RenderCache
  let file: RenderingFile
  beforeAll(async () => {
    cache = await RenderCache.open(await makeTempDir('render-cache-'))
    file = RenderingFile.open(join(await makeTempDir('docs-renderings-'), 'renderings'))
  })
  afterAll(() => file.close())

  it.each(Object.entries(INPUTS))('gives back every field of a rendering as it was stored: %s', async (_, input) => {
    const output = renderDocument(input, TARGETS)
    await cache.set(input, output)
    const cached = cache.get(input, TARGETS) as RenderedDocument
    expect(fieldsOf(cached)).toEqual(fieldsOf(output))
    expect(fieldsOf(file.keep(cached))).toEqual(fieldsOf(output))
  })

  it('hands a cached rendering to the renderings file as bytes, decoding none of its texts', async () => {
    const input = INPUTS['a hero, code, a table and text in three scripts'] as RenderInput
    const output = renderDocument(input, TARGETS)
    await cache.set(input, output)
    const cached = cache.get(input, TARGETS) as RenderedDocument
    const decode = vi.spyOn(Buffer.prototype, 'toString')
    const stringify = vi.spyOn(JSON, 'stringify')
    const kept = file.keep(cached)
    expect(decode).not.toHaveBeenCalled()
    expect(stringify).not.toHaveBeenCalled()
    vi.restoreAllMocks()
    expect(kept.html).toBe(output.html)
    expect(kept.recordTerms).toEqual(output.recordTerms)
  })

  it('reads a stored rendering cut short (a build killed while writing it) as a miss, so the page renders again', async () => {
    const input: RenderInput = { path: 'docs/en/cut.md', body: '# Cut\n\nA page whose rendering is cut short.\n', bodyLine: 1 }
    await cache.set(input, renderDocument(input, TARGETS))
    const [stored] = await storedRenderings(cache.dir, 'cut')
    const { size } = await stat(stored as string)
    // Cut in its texts, in its outline, and at its first bytes.
    for (const bytes of [size - 1, 40, 2]) {
      await truncate(stored as string, bytes)
      expect(cache.get(input, TARGETS), `cut to ${bytes} bytes`).toBeUndefined()
    }
    await writeFile(stored as string, '{"outline": ')
    expect(cache.get(input, TARGETS)).toBeUndefined()
  })

  it('does not store a rendering whose text UTF-8 cannot carry exactly (a lone surrogate): it renders again', async () => {
    const input: RenderInput = { path: 'docs/en/odd.md', body: '# Odd\n', bodyLine: 1 }
    const output = renderDocument(input, TARGETS)
    await cache.set(input, { ...output, markdown: `${output.markdown}\uD800` })
    expect(cache.get(input, TARGETS)).toBeUndefined()
  })
})

/** The stored renderings whose outline names `word`. */
async function storedRenderings(dir: string, word: string): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.rendering')) continue
    const path = join(entry.parentPath, entry.name)
    if ((await readFile(path, 'utf8')).includes(word)) found.push(path)
  }
  return found
}
