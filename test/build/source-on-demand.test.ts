import { appendFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseDocumentFile, type SourceFile } from '../../build/content/front-matter.ts'
import { includedFiles } from '../../build/markdown/includes/included-files.ts'
import type { RenderInput } from '../../build/markdown/render.ts'
import { ContentError } from '../../build/content/problems.ts'
import { renderInputsOf } from '../../build/pipeline/render-all.ts'
import { readContent } from '../../build/read.ts'
import { renderKeyOf } from '../../build/render-cache.ts'
import { removeTempDirs, SITE_EN, writeContent } from '../shared/build-helpers.ts'
import { exposedGc } from '../shared/gc.ts'

afterAll(removeTempDirs)

const PAGES = 100
const BODY_BYTES = 200_000

const page = (index: number) =>
  `---\ntitle: A title long enough to be a substring ${index}\ndescription: A description that is also long enough\ntags: [one, another tag]\n---\n\n# Page ${index}\n\n${'A sentence of the body, long enough to count. '.repeat(BODY_BYTES / 47)}\n`

describe('a one-shot build’s source files', () => {
  it('keep none of their text once parsed: the body is read again when asked for', async () => {
    const contentDir = await writeContent({ 'site.yml': SITE_EN, ...Object.fromEntries(Array.from({ length: PAGES }, (_, index) => [`docs/en/page-${index}.md`, page(index)])) })
    // A first read and parse, so that what the modules make once is not counted.
    const warmUp = await writeContent({ 'site.yml': SITE_EN, 'docs/en/page.md': page(0) })
    for (const file of (await readContent(warmUp, { stampsOnly: true })).files) parseDocumentFile(file)
    const gc = exposedGc()
    gc()
    const before = process.memoryUsage().heapUsed
    const { files } = await readContent(contentDir, { stampsOnly: true })
    const parsed = files.map((file) => parseDocumentFile(file).value)
    gc()
    const held = process.memoryUsage().heapUsed - before
    // Held, the texts would be 20 MB here; a substring of one (the body, a front matter value) keeps it whole.
    expect(held).toBeLessThan((PAGES * BODY_BYTES) / 10)
    const [first] = parsed
    expect(first?.data).toMatchObject({ title: 'A title long enough to be a substring 0', description: 'A description that is also long enough', tags: ['one', 'another tag'] })
    expect(first?.body).toBe(parseDocumentFile({ path: 'docs/en/page-0.md', text: page(0), mtimeMs: 0 }).value.body)
    expect(first?.bodyLine).toBe(6)
    expect(first?.lineOf('tags')).toBe(4)
  })

  it('make render inputs that keep none of their text either: the body is read when the renderer asks for it', async () => {
    const contentDir = await writeContent({ 'site.yml': SITE_EN, ...Object.fromEntries(Array.from({ length: PAGES }, (_, index) => [`docs/en/page-${index}.md`, page(index)])) })
    const { files } = await readContent(contentDir, { stampsOnly: true })
    const documents = files.map((file, index) => {
      const slug = `page-${index}`
      return { parsed: parseDocumentFile(file).value, path: file.path, locale: 'en', docId: slug, slug, frameworkId: slug, section: slug, url: `/${slug}`, draft: false }
    })
    const gc = exposedGc()
    gc()
    const before = process.memoryUsage().heapUsed
    const inputs = renderInputsOf(documents, [], { format: 'md', partials: new Map(), headingIds: 'github' })
    gc()
    const held = process.memoryUsage().heapUsed - before
    // Held, the bodies would be 20 MB here: a site's whole Markdown, waiting for the render threads.
    expect(held).toBeLessThan((PAGES * BODY_BYTES) / 10)
    expect(inputs.get('document:docs/en/page-3.md')?.body).toBe(documents.find((document) => document.path === 'docs/en/page-3.md')?.parsed.body)
    expect(inputs.get('document:docs/en/page-3.md')?.body).toContain('# Page 3')
  })

  it('share their accessors: V8 keeps an object with getters of its own as a dictionary, several times larger', async () => {
    const contentDir = await writeContent({ 'site.yml': SITE_EN, 'docs/en/a.md': page(1), 'docs/en/b.md': page(2) })
    const { files } = await readContent(contentDir, { stampsOnly: true })
    const [a, b] = files.map((file) => ({ file, parsed: parseDocumentFile(file).value }))
    const getter = (object: object | undefined, field: string) => (object ? Object.getOwnPropertyDescriptor(object, field)?.get : undefined)
    expect(getter(a?.file, 'text')).toBeTypeOf('function')
    expect(getter(a?.file, 'text')).toBe(getter(b?.file, 'text'))
    expect(getter(a?.parsed, 'body')).toBeTypeOf('function')
    expect(getter(a?.parsed, 'body')).toBe(getter(b?.parsed, 'body'))
    expect(b?.parsed.body).toContain('# Page 2')
  })

  it('fails the build with the file named when one changes after the build first read it', async () => {
    const contentDir = await writeContent({ 'site.yml': SITE_EN, 'docs/en/guide.md': page(1) })
    const { files } = await readContent(contentDir, { stampsOnly: true })
    const [parsed] = files.map((file) => parseDocumentFile(file).value)
    await appendFile(join(contentDir, 'docs/en/guide.md'), '\nA paragraph saved during the build.\n')
    let thrown: unknown
    try {
      void parsed?.body
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ContentError)
    expect((thrown as ContentError).problems).toEqual([{ path: 'docs/en/guide.md', line: 1, message: 'changed while the build was reading it: build again once it is saved' }])
  })
  it('are named in the render cache by a digest taken as they were parsed: a page the cache holds is not read again', async () => {
    const contentDir = await writeContent({ 'site.yml': SITE_EN, 'docs/en/guide.md': page(1) })
    const { files } = await readContent(contentDir, { stampsOnly: true })
    const inputOf = (file: SourceFile) => {
      const document = {
        parsed: parseDocumentFile(file).value,
        path: file.path,
        locale: 'en',
        docId: 'guide',
        slug: 'guide',
        frameworkId: 'guide',
        section: 'guide',
        url: '/guide',
        draft: false,
      }
      return renderInputsOf([document], [], { format: 'md', partials: new Map(), headingIds: 'github' }).get('document:docs/en/guide.md') as RenderInput
    }
    const onDemand = inputOf(files[0] as SourceFile)
    // Gone from disk: naming the input must not read it.
    await rm(join(contentDir, 'docs/en/guide.md'))
    expect(renderKeyOf(onDemand)).toBe(renderKeyOf(inputOf({ path: 'docs/en/guide.md', text: page(1), mtimeMs: 0 })))
    expect(() => onDemand.body).toThrow()
  })
  it('are not read again to find the files other pages include: the parse notes which bodies hold a directive', async () => {
    const contentDir = await writeContent({
      'site.yml': SITE_EN,
      'docs/en/plain.md': page(1),
      'docs/en/guide.md': '# Guide\n\n<!--@include: ./parts/steps.md-->\n',
      'docs/en/parts/steps.md': 'Step one.\n',
    })
    const { files } = await readContent(contentDir, { stampsOnly: true })
    const parsed = files.map((file) => parseDocumentFile(file).value)
    // Gone from disk: a page without a directive must not be read again.
    await rm(join(contentDir, 'docs/en/plain.md'))
    expect([...includedFiles(parsed, ['en'])]).toEqual(['docs/en/parts/steps.md'])
  })
})
