import { describe, expect, it } from 'vitest'
import { renderDocument } from '../../build/markdown/render.ts'

// MDX pages with the dialects' container fences: the fences are read with
// the MDX parser (and a partial's with its own), so no pass parses an MDX
// page again as Markdown.
const targets = { urls: {}, markdownUrls: {} }

describe('MDX with VitePress and Docusaurus container fences', () => {
  it('reads `:::tip Title` in an .mdx page and keeps the page MDX', () => {
    const output = renderDocument(
      { path: 'docs/en/a.mdx', bodyLine: 1, body: "import Tabs from '@theme/Tabs'\n\n:::tip Warm the cache\nRun it twice.\n:::\n\n<Aside>Kept.</Aside>\n" },
      targets,
    )
    expect(output.html).toBe(
      '<aside class="admonition" data-kind="tip">\n<p class="admonition-title">Warm the cache</p>\n<p>Run it twice.</p>\n</aside>\n<aside class="admonition" data-kind="note">\n<p class="admonition-title">Note</p>\n<p>Kept.</p>\n</aside>',
    )
  })

  it('reads the fences of an inlined Markdown partial without parsing the page again', () => {
    const output = renderDocument(
      {
        path: 'docs/en/a.mdx',
        bodyLine: 1,
        body: "import Careful from './_careful.md'\n\n:::note\nPage note.\n:::\n\n<Careful />\n",
        partials: { 'docs/en/_careful.md': { body: '::: warning Back up first\nSnapshots are cheap.\n:::\n', bodyLine: 1 } },
      },
      targets,
    )
    expect(output.html).not.toContain('import')
    expect(output.html).toContain('<p class="admonition-title">Back up first</p>\n<p>Snapshots are cheap.</p>')
    expect(output.markdown).toBe('> [!NOTE]\n> Page note.\n\n> [!WARNING]\n> **Back up first**\n>\n> Snapshots are cheap.\n')
  })
})
