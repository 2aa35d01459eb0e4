import { describe, expect, it } from 'vitest'
import { appendAll, type ContentProblem } from '../../build/content/problems.ts'

describe('lists of problems', () => {
  it('take a site of broken links at once, where spreading them as arguments overflows the stack', () => {
    const broken: ContentProblem[] = Array.from({ length: 300_000 }, (_, index) => ({ path: `docs/en/p${index}.md`, line: 1, message: 'link "/gone" points at no document' }))
    expect(() => [].push(...(broken as never[]))).toThrow(RangeError)
    const problems: ContentProblem[] = [{ path: 'site.yml', line: 1, message: 'first' }]
    appendAll(problems, broken)
    expect(problems).toHaveLength(300_001)
    expect(problems.at(-1)).toBe(broken.at(-1))
  })
})
