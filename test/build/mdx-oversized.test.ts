import { describe, expect, it } from 'vitest'
import { createRenderMany } from '../../build/render-pool.ts'
import type { RenderInput } from '../../build/markdown/render.ts'

// A render thread's heap is capped; a document too large for it used to fail
// the build with ERR_WORKER_OUT_OF_MEMORY and no file name. A small cap here
// stands for the real one (384 MB, which about 2 MB of dense Markdown exhausts); it leaves
// room for the highlighter each thread loads.
const HEAP_CAP_MB = 64
const line = 'A **bold** claim with a [link](https://example.com/a) and `code`, then prose.\n\n'

describe('a document too large for a render thread', () => {
  it('fails with its path and size, while the other documents of its batch render', async () => {
    const inputs = new Map<string, RenderInput>([
      ['small', { path: 'docs/en/small.md', body: '# Small\n\nFits.\n', bodyLine: 1 }],
      ['huge', { path: 'docs/en/huge.md', body: line.repeat(Math.ceil((1.5 * 1024 * 1024) / line.length)), bodyLine: 1 }],
      ['after', { path: 'docs/en/after.md', body: '# After\n', bodyLine: 1 }],
    ])
    const rendered = await createRenderMany({ threads: 2, heapCapMb: HEAP_CAP_MB })(inputs, { urls: {}, markdownUrls: {} })
    expect(rendered.get('huge')?.errors).toEqual([
      {
        path: 'docs/en/huge.md',
        line: 1,
        message: `document too large to render: its 1.5 MB of Markdown exhaust the ${HEAP_CAP_MB} MB heap of a render thread; split it into smaller pages`,
      },
    ])
    expect(rendered.get('small')?.html).toBe('<h1 id="small">Small</h1>\n<p>Fits.</p>')
    expect(rendered.get('after')?.errors).toEqual([])
  }, 120_000)
})
