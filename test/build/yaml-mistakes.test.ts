import { readFile } from 'node:fs/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { formatProblem } from '../../build/content/problems.ts'
import { problemsOf, removeTempDirs } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const FIXTURE = 'test/fixtures/yaml-mistakes'

describe('YAML mistakes', () => {
  it('reports each one at the line where it starts, in plain words', async () => {
    // One file per mistake; expected.txt holds the whole report, one `path:line: message` a line.
    const expected = (await readFile(`${FIXTURE}/expected.txt`, 'utf8')).trim().split('\n')
    const found = (await problemsOf(FIXTURE)).map((problem) => formatProblem(problem))
    expect(found).toEqual(expected)
  })

  it('reports an unclosed quote in site.yml at the line of its opening quote', async () => {
    expect(await problemsOf({ 'site.yml': 'defaultLocale: en\ntitle: "Acme docs\ndescription: Everything\n' })).toEqual([
      { path: 'site.yml', line: 2, message: 'invalid YAML: unclosed quote: the value that starts with " here has no closing "' },
    ])
  })

  it('reports a tab used as indentation in site.yml at its line', async () => {
    expect(await problemsOf({ 'site.yml': 'title: T\ndefaultLocale: en\nsearch:\n\tsynonyms: []\n' })).toEqual([
      { path: 'site.yml', line: 4, message: 'invalid YAML: a tab character where indentation was expected: indent with spaces' },
    ])
  })

  it('reports a key written twice in site.yml at its second line', async () => {
    expect(await problemsOf({ 'site.yml': 'title: T\ndefaultLocale: en\ntitle: U\n' })).toEqual([
      { path: 'site.yml', line: 3, message: 'invalid YAML: duplicate key "title": a key appears once in a mapping' },
    ])
  })
})
