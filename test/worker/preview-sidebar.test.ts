import { describe, expect, it } from 'vitest'
import type { NavTreeNode } from '../../contract/index.ts'
import { sidebar } from '../../worker/preview/render/sidebar.ts'
import { en } from '../../worker/preview/strings/en.ts'

const node = (title: string, slug: string | null, url: string | null): NavTreeNode => ({ title, slug, url, fallback: false, draft: false, children: [] })

describe('the preview sidebar', () => {
  it('links a page on this server by its path, and marks the current one', async () => {
    const text = String(await sidebar([node('Install', 'guides/install', 'https://docs.example.com/docs/guides/install')], { slug: 'guides/install', path: '/x' }, en))
    expect(text).toContain('<a href="/docs/guides/install" aria-current="page">Install</a>')
  })

  it('keeps a link the author sidebar makes to another site as it is', async () => {
    const text = String(await sidebar([node('Changelog', null, 'https://github.com/acme/kiln/releases')], { slug: null, path: '/' }, en))
    expect(text).toContain('<a href="https://github.com/acme/kiln/releases" rel="noopener">Changelog</a>')
  })
})
