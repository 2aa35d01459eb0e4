import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import type { TocEntry } from '../../contract/index.ts'
import { buildFolder, doc, documentOf, removeTempDirs, SITE_EN } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const BODY = `# Page title

Intro.

## Install

### On Linux

#### From source

### On macOS

## Configure

##### Deep note

### Options

## Configure
`

/** Every id of a toc tree, depth first. */
const tocIds = (entries: TocEntry[]): string[] => entries.flatMap((entry) => [entry.id, ...tocIds(entry.children)])
const idsIn = (html: string) => [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1])
const entry = (depth: number, id: string, text: string, children: TocEntry[] = []): TocEntry => ({ depth, id, text, children })

let result: BuildResult

beforeAll(async () => {
  ;({ result } = await buildFolder({
    'site.yml': SITE_EN,
    'docs/en/default.md': BODY,
    'docs/en/deeper.md': doc('toc: {minLevel: 2, maxLevel: 4}', BODY),
    'docs/en/none.md': doc('toc: false', BODY),
    'docs/en/from-three.md': doc('toc: {minLevel: 3}', BODY),
    'docs/en/flat.md': '## One\n\n## Two\n',
  }))
})

describe('table of contents', () => {
  it('nests levels 2 and 3 by default and leaves out the H1 and deeper levels', () => {
    expect(documentOf(result, 'default').toc).toEqual([
      entry(2, 'install', 'Install', [entry(3, 'on-linux', 'On Linux'), entry(3, 'on-macos', 'On macOS')]),
      entry(2, 'configure', 'Configure', [entry(3, 'options', 'Options')]),
      entry(2, 'configure-1', 'Configure'),
    ])
  })

  it('takes its levels from front matter toc minLevel and maxLevel', () => {
    expect(documentOf(result, 'deeper').toc).toEqual([
      entry(2, 'install', 'Install', [entry(3, 'on-linux', 'On Linux', [entry(4, 'from-source', 'From source')]), entry(3, 'on-macos', 'On macOS')]),
      entry(2, 'configure', 'Configure', [entry(3, 'options', 'Options')]),
      entry(2, 'configure-1', 'Configure'),
    ])
  })

  it('keeps at least the default depth when only minLevel is given', () => {
    expect(documentOf(result, 'from-three').toc).toEqual([entry(3, 'on-linux', 'On Linux'), entry(3, 'on-macos', 'On macOS'), entry(3, 'options', 'Options')])
  })

  it('is empty when front matter sets toc: false', () => {
    expect(documentOf(result, 'none').toc).toEqual([])
  })

  it('lists headings of one level side by side', () => {
    expect(documentOf(result, 'flat').toc).toEqual([entry(2, 'one', 'One'), entry(2, 'two', 'Two')])
  })

  it('uses exactly the heading ids the document html carries', () => {
    for (const docId of ['default', 'deeper', 'from-three', 'flat']) {
      const blob = documentOf(result, docId)
      const htmlIds = idsIn(blob.html)
      const ids = tocIds(blob.toc)
      expect(ids.length, docId).toBeGreaterThan(0)
      for (const id of ids) expect(htmlIds, `${docId}#${id}`).toContain(id)
    }
    const deeper = documentOf(result, 'deeper')
    expect(tocIds(deeper.toc)).toEqual(idsIn(deeper.html).filter((id) => !['page-title', 'deep-note'].includes(id ?? '')))
  })
})
