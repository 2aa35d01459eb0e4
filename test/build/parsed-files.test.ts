import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { DocumentFrontMatter, Parsed, StampedSourceFile } from '../../build/content/front-matter.ts'
import { bodyDigestOf, bodyMayInclude } from '../../build/content/parse-record.ts'
import { ParsedFiles } from '../../build/parsed-files.ts'
import { makeTempDir, removeTempDirs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

// Values JSON would not keep (Infinity in a field of the author's own, a key whose value a transform made undefined),
// a transformed one, and a body with an include directive; and a file with a field of the wrong type (a problem, at its line).
const WRONG = '---\ntitle: Glaze\ndraft: maybe\n---\n\nText.\n'
const TEXT = '---\ntitle: Kiln\nweight: .inf\nlastUpdated: true\nprev: {link: a.md, text: A}\n---\n\n# Firing\n\n<!--@include: ./_part.md-->\n'

/** A file as the read stage names it by its stamp, its text read when asked for. */
function stampedFile(path: string, stamp: string, text: () => string): StampedSourceFile {
  return {
    path,
    mtimeMs: 0,
    stamp,
    get text() {
      return text()
    },
  }
}

/** What a parse gives, every part of it a later stage reads. */
function partsOf({ value, problems }: Parsed<DocumentFrontMatter>) {
  return {
    keys: Object.keys(value.data),
    data: value.data,
    problems,
    bodyLine: value.bodyLine,
    lines: ['title', 'weight', 'prev', 'draft'].map((key) => value.lineOf(key)),
    digest: bodyDigestOf(value),
    mayInclude: bodyMayInclude(value),
  }
}

describe('the parsed files a one-shot build keeps', () => {
  it('gives a file whose stamp is the same what parsing it gave, without reading it', async () => {
    const path = join(await makeTempDir('docs-parsed-'), 'parsed-files.v8')
    const first = await ParsedFiles.open(path)
    const parsed = first.parse(stampedFile('docs/en/kiln.md', 's1', () => TEXT))
    const wrong = first.parse(stampedFile('docs/en/glaze.md', 's1', () => WRONG))
    expect(wrong.problems.map(({ line }) => line)).toEqual([3])
    expect((parsed.value.data as { weight?: number }).weight).toBe(Number.POSITIVE_INFINITY)
    expect(Object.keys(parsed.value.data)).toContain('lastUpdated')
    await first.save()
    const kept = await ParsedFiles.open(path)
    expect(partsOf(kept.parse(stampedFile('docs/en/kiln.md', 's1', () => expect.fail('the file was read'))))).toEqual(partsOf(parsed))
    expect(partsOf(kept.parse(stampedFile('docs/en/glaze.md', 's1', () => expect.fail('the file was read'))))).toEqual(partsOf(wrong))
    // Its body is still its file's, read when asked for.
    const readable = (await ParsedFiles.open(path)).parse(stampedFile('docs/en/kiln.md', 's1', () => TEXT))
    expect(readable.value.body).toBe(parsed.value.body)
  })

  it('parses a file again when its stamp changed, and keeps only the files the last build parsed', async () => {
    const path = join(await makeTempDir('docs-parsed-'), 'parsed-files.v8')
    const first = await ParsedFiles.open(path)
    first.parse(stampedFile('docs/en/kiln.md', 's1', () => TEXT))
    first.parse(stampedFile('docs/en/gone.md', 's1', () => '# Gone\n'))
    await first.save()
    const second = await ParsedFiles.open(path)
    const edited = second.parse(stampedFile('docs/en/kiln.md', 's2', () => TEXT.replace('title: Kiln', 'title: Oven')))
    expect(edited.value.data.title).toBe('Oven')
    await second.save()
    const third = await ParsedFiles.open(path)
    expect(third.parse(stampedFile('docs/en/kiln.md', 's2', () => expect.fail('the file was read'))).value.data.title).toBe('Oven')
    expect(third.parse(stampedFile('docs/en/gone.md', 's1', () => '# Back\n')).value.bodyLine).toBe(1)
  })

  it('starts empty from a file cut short, and parses every file', async () => {
    const path = join(await makeTempDir('docs-parsed-'), 'parsed-files.v8')
    const first = await ParsedFiles.open(path)
    first.parse(stampedFile('docs/en/kiln.md', 's1', () => TEXT))
    await first.save()
    const whole = await readFile(path)
    await writeFile(path, whole.subarray(0, whole.length - 7))
    const parsed = (await ParsedFiles.open(path)).parse(stampedFile('docs/en/kiln.md', 's1', () => TEXT.replace('Kiln', 'Read')))
    expect(parsed.value.data.title).toBe('Read')
  })
})
