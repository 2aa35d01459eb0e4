import { describe, expect, it } from 'vitest'
import { parseDocumentFile } from '../../build/content/front-matter.ts'
import { exposedGc } from '../shared/gc.ts'

const FILES = 200
const BODY_BYTES = 50_000

describe('a parsed page', () => {
  it('keeps no second copy of its file outside the heap, for as long as the build keeps the page', async () => {
    const body = `${'A sentence of the body, long enough to count. '.repeat(BODY_BYTES / 47)}\n`
    const texts = Array.from({ length: FILES }, (_, index) => `---\ntitle: Page ${index}\ntags: [one]\n---\n\n# Page ${index}\n\n${body}`)
    const before = arrayBufferBytes()
    const parsed = texts.map((text, index) => parseDocumentFile({ path: `docs/en/page-${index}.md`, text, mtimeMs: 0 }).value)
    // Line numbers of front matter keys still work without the copy.
    expect(parsed[7]?.lineOf('tags')).toBe(3)
    // The least of three looks: a buffer the test runner itself holds for a moment (its messages) is not the page's.
    let held = Number.POSITIVE_INFINITY
    for (let look = 0; look < 3; look++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      held = Math.min(held, arrayBufferBytes() - before)
    }
    // gray-matter's result holds each file again as a Buffer (10 MB here) when a closure keeps it.
    expect(held).toBeLessThan((FILES * BODY_BYTES) / 10)
    expect(parsed).toHaveLength(FILES)
  })
})

/** ArrayBuffer bytes still reachable, after a full collection. */
function arrayBufferBytes(): number {
  exposedGc()()
  return process.memoryUsage().arrayBuffers
}
