import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatProblem, type ContentProblem } from '../../build/content/problems.ts'
import { problemsOf, removeTempDirs, SITE_EN } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

// zod's own words, which say nothing to an author: "Invalid input", "expected number, received string".
const ZOD_WORDS = /Invalid input|Invalid option|expected \w+, received|received \w+$/

// One page per wrong front matter field (the field on line 2), one release note per wrong release field.
const WRONG_FIELDS = [
  'title: [a]',
  'description: {a: 1}',
  'draft: sometimes',
  'order: first',
  'sidebar_position: [1]',
  'sidebar_label: ""',
  'slug: 3',
  'id: a/b',
  'tags: deploy',
  'toc: sometimes',
  'toc: true',
  'toc: {minLevel: 9}',
  'lastUpdated: yesterday',
  'prev: 3',
  'next: {text: x}',
  'redirectFrom: {a: 1}',
]
const WRONG_RELEASE_FIELDS = ['version: 1', 'date: 1', 'stream: ""', 'title: [x]', 'upgrade: 3', 'related: index', 'breaking: maybe']
const WRONG_SITE = [
  'title: [x]',
  'description: 3',
  'defaultLocale: 3',
  'locales: english',
  'baseUrl: docs',
  'repo: not a url',
  'editUrl: https://example.com',
  'sections: [{slug: guides, title: 3}]',
  'links: ignore',
  'redirects: [{from: a}]',
  'search: {synonyms: [[k8s]]}',
  'markdown: {format: html}',
  'sidebar: [3]',
  'assets: {dirs: [/abs]}',
].join('\n')

let pages: ContentProblem[]
let site: ContentProblem[]

beforeAll(async () => {
  const files: Record<string, string> = { 'site.yml': SITE_EN, 'docs/en/index.md': '# Home\n' }
  WRONG_FIELDS.forEach((field, index) => {
    files[`docs/en/page-${index}.md`] = `---\n${field}\n---\n\nBody.\n`
  })
  WRONG_RELEASE_FIELDS.forEach((field, index) => {
    const required = { version: `version: 1.0.${index}`, date: 'date: 2026-01-01' }
    const others = Object.entries(required).flatMap(([key, line]) => (field.startsWith(`${key}:`) ? [] : [line]))
    files[`releases/stable/note-${index}.md`] = `---\n${[field, ...others].join('\n')}\n---\n\nNotes.\n`
  })
  pages = await problemsOf(files)
  site = await problemsOf({ 'site.yml': WRONG_SITE, 'docs/en/index.md': '# Home\n' })
})

describe('messages for front matter and site.yml fields', () => {
  it('name the field and what it takes, in plain words, for every front matter field', () => {
    const fields = [...WRONG_FIELDS, ...WRONG_RELEASE_FIELDS].map((field) => field.split(':')[0])
    expect(pages).toHaveLength(fields.length)
    for (const problem of pages) {
      expect(problem.line, formatProblem(problem)).toBe(2)
      expect(problem.message).toMatch(/^front matter "\w+(\.\w+)*": /)
      expect(problem.message).not.toMatch(ZOD_WORDS)
    }
    expect(new Set(pages.map((problem) => /"(\w+)/.exec(problem.message)?.[1]))).toEqual(new Set(fields))
  })

  it('say what toc accepts, whatever the wrong value', () => {
    const toc = pages.filter((problem) => problem.message.startsWith('front matter "toc'))
    expect(toc.map((problem) => problem.message).sort()).toEqual([
      'front matter "toc": must be false or {minLevel, maxLevel} with levels from 1 to 6, such as {minLevel: 2, maxLevel: 3}; got "sometimes"',
      'front matter "toc": must be false or {minLevel, maxLevel} with levels from 1 to 6, such as {minLevel: 2, maxLevel: 3}; got true',
      'front matter "toc.minLevel": must be at most 6; got 9',
    ])
  })

  it('say what a wrong type should be and what was written', () => {
    const messages = pages.map((problem) => problem.message)
    expect(messages).toContain('front matter "draft": must be true or false; got "sometimes"')
    expect(messages).toContain('front matter "tags": must be a list; got "deploy"')
    expect(messages).toContain('front matter "version": must be a version such as 1.4.0; got 1')
  })

  it('name the field and what it takes, in plain words, for every site.yml field', () => {
    const keys = WRONG_SITE.split('\n').map((line) => line.split(':')[0])
    expect(site.map((problem) => problem.line)).toEqual(keys.map((_key, index) => index + 1))
    site.forEach((problem, index) => {
      expect(problem.message.startsWith(`${keys[index]}`), formatProblem(problem)).toBe(true)
      expect(problem.message).not.toMatch(ZOD_WORDS)
    })
    expect(site.map((problem) => problem.message)).toContain('markdown.format: must be "md", "mdx" or "detect"; got "html"')
  })
})
