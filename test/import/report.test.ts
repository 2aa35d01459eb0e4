import { describe, expect, it } from 'vitest'
import { countFiles, warningsByKind } from '../../import/report.ts'

describe("the import report's warnings by kind", () => {
  it('counts warnings that differ only in quoted text, component names and content paths as one kind, with the first as its example', () => {
    const warnings = [
      { path: 'docs/en/a.md', line: 3, message: 'link "#setup" points at no heading or anchor "setup" in docs/en/guides/install.md' },
      { path: 'docs/fr/b.md', line: 9, message: 'link "../x#y" points at no heading or anchor "y" in docs/fr/x.mdx' },
      { path: 'docs/en/c.mdx', line: 1, message: 'component <Card> is not supported: it is dropped' },
    ]
    expect(warningsByKind(warnings, 'content')).toEqual([
      {
        kind: 'link "…" points at no heading or anchor "…" in …',
        count: 2,
        example: 'content/docs/en/a.md:3: link "#setup" points at no heading or anchor "setup" in docs/en/guides/install.md',
      },
      { kind: 'component <…> is not supported: it is dropped', count: 1, example: 'content/docs/en/c.mdx:1: component <Card> is not supported: it is dropped' },
    ])
  })

  it('counts pages per locale, and partials and assets as other files', () => {
    const files = ['docs/en/index.md', 'docs/en/_imported/snippets/install.md', 'docs/en/guides/_note.mdx', 'docs/fr/index.mdx', 'public/logo.png'].map((to) => ({ to, text: '' }))
    expect(countFiles({ framework: 'starlight', site: {}, files, mapped: [], unmapped: [], excluded: [] })).toEqual({ pages: { en: 1, fr: 1 }, otherFiles: 3 })
  })
})
