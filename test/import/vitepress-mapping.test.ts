import { describe, expect, it } from 'vitest'
import { importVitepress } from '../../import/frameworks/vitepress.ts'
import type { FrameworkInput } from '../../import/plan.ts'

// The VitePress module is pure (config and file list in, plan out), so these cases hand it a
// config as the sandbox gives one and the files of a project, and read the plan.
function input(config: Record<string, unknown>, files: Record<string, string>): FrameworkInput {
  const paths = Object.keys(files).sort()
  return {
    project: { framework: 'vitepress', root: '/project', configFile: '/project/.vitepress/config.ts' },
    config: { value: config, standIns: ['vitepress'] },
    files: paths,
    listFiles: (dir) => (dir === '.' ? paths : paths.filter((path) => path.startsWith(`${dir}/`))),
    readText: (path) => files[path],
    evaluate: () => Promise.reject(new Error('not used')),
  }
}

describe('mapping a VitePress config', () => {
  it('places a page where a rewrite without parameters serves it, and reports a rewrite with parameters', async () => {
    const plan = await importVitepress(
      input(
        { title: 'T', rewrites: { 'packages/cli/README.md': 'cli/index.md', 'packages/:pkg/(.*)': ':pkg/index.md' } },
        { 'packages/cli/README.md': '# CLI', 'index.md': '# Home' },
      ),
    )
    expect(plan.files).toEqual([
      { to: 'docs/en/cli/index.md', from: 'packages/cli/README.md' },
      { to: 'docs/en/index.md', from: 'index.md' },
    ])
    expect(plan.unmapped).toContainEqual({ name: 'rewrites "packages/:pkg/(.*)"', effect: 'serves pages matching it at :pkg/index.md: they stay at their file paths' })
  })

  it('keeps collapsed and a group page, and reports a sidebar entry without a link', async () => {
    const sidebar = [
      { text: 'Guide', link: '/guide/', collapsed: true, items: [{ text: 'Setup', link: '/guide/setup' }, { text: 'Coming soon' }] },
      { text: 'API', collapsed: false, items: [{ text: 'Client', link: 'client.html', base: '/api/' }] },
    ]
    const plan = await importVitepress(input({ title: 'T', lang: 'de', themeConfig: { sidebar } }, { 'guide/index.md': '', 'guide/setup.md': '', 'api/client.md': '' }))
    expect(plan.site.defaultLocale).toBe('de')
    expect(plan.site.sidebar).toEqual([
      { label: 'Guide', slug: 'guide', collapsed: true, items: [{ slug: 'guide/setup', label: 'Setup' }] },
      { label: 'API', collapsed: false, items: [{ slug: 'api/client', label: 'Client' }] },
    ])
    expect(plan.unmapped).toContainEqual({ name: 'themeConfig.sidebar item "Coming soon"', effect: 'an entry without a link: not in the sidebar' })
  })

  it('keeps a file srcExclude matches when a page includes it by @/, and says why', async () => {
    const plan = await importVitepress(
      input(
        { title: 'T', srcExclude: ['snippets/**'] },
        { 'guide.md': '# Guide\n\n<!--@include: @/snippets/flags.md#usage-->\n', 'snippets/flags.md': 'flags', 'snippets/unused.md': 'unused' },
      ),
    )
    expect(plan.files.map((file) => file.to)).toEqual(['docs/en/guide.md', 'docs/en/snippets/flags.md'])
    expect(plan.excluded).toEqual([{ path: 'snippets/unused.md', why: 'srcExclude: snippets/**' }])
    expect(plan.mapped).toContain('kept for <!--@include-->, though srcExclude matches them (the build makes no page of an included file): snippets/flags.md')
  })

  it('reports what has no place here: dates turned off, an edit link computed by a function', async () => {
    const plan = await importVitepress(input({ title: 'T', lastUpdated: false, themeConfig: { editLink: { pattern: { __function: 'pattern' } } } }, { 'index.md': '' }))
    expect(plan.site.editUrl).toBeUndefined()
    expect(plan.unmapped.map((item) => item.name)).toEqual(['themeConfig.editLink.pattern', 'lastUpdated'])
  })
})
