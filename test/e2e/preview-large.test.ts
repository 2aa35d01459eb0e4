import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './axe-check.ts'
import { closePreviewSession, launchBrowser, screenshot, startPreview, type PreviewServer } from './preview-harness.ts'

// The fixture site with a folder of 2,500 generated pages: its sidebar is past the 256 KiB line,
// so the API answers it cut and the preview draws the cut items as groups that load on opening.
const FOLDERS = 5
const GROUPS = 5
const PAGES = 100

function bigFolder(): Record<string, string> {
  const files: Record<string, string> = { 'docs/en/big/index.md': '---\ntitle: Big\n---\n\nMany pages.\n' }
  for (let f = 1; f <= FOLDERS; f++) {
    files[`docs/en/big/f${f}/index.md`] = `---\ntitle: Folder ${f}\n---\n\nA folder.\n`
    for (let g = 1; g <= GROUPS; g++) {
      for (let p = 1; p <= PAGES; p++) files[`docs/en/big/f${f}/g${g}/p${String(p).padStart(3, '0')}.md`] = `---\ntitle: Big ${f}.${g}.${p}\n---\n\nText.\n`
    }
  }
  return files
}

type Item = { title: string; root?: string; hasChildren?: true; children: Item[] }
const firstCut = (items: Item[]): Item | undefined => {
  for (const item of items) {
    if (item.hasChildren) return item
    const found = firstCut(item.children)
    if (found) return found
  }
  return undefined
}

let server: PreviewServer
let browser: Browser
let page: Page
const WAIT = { timeout: 20_000 }

describe('the author preview of a site past the sidebar size line', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startPreview(bigFolder()), launchBrowser()])
    // A context of its own: axe-core reads the page through it.
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  }, 300_000)

  afterAll(() => closePreviewSession({ server, browser }))

  it('shows a deep page in its place, and a cut group opened from the keyboard loads its children', async () => {
    const top = (await (await fetch(`${server.origin}/v1/navigation`)).json()) as { depth?: number; items: Item[] }
    expect(top.depth).toBeDefined()
    const cut = firstCut(top.items) as Item
    const subtree = (await (await fetch(`${server.origin}/v1/navigation?root=${encodeURIComponent(cut.root as string)}&depth=1`)).json()) as { items: Item[] }
    const children = subtree.items[0]?.children.map((child) => child.title) ?? []
    expect(children.length).toBeGreaterThan(1)

    await page.goto(`${server.origin}/docs/big/f3/g2/p042`)
    const nav = page.locator('#docs-nav')
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe('Big 3.2.42')

    const group = nav.locator(`details[data-root="${cut.root}"]`)
    const summary = group.locator(':scope > summary')
    expect(await summary.textContent()).toBe(cut.title)
    await summary.focus()
    await page.keyboard.press('Enter')
    await group.locator(':scope > ul > li', { hasText: children.at(-1) as string }).waitFor(WAIT)
    expect(await group.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true)
    await expect(group.locator(':scope > ul > li').allTextContents()).resolves.toEqual(expect.arrayContaining(children))
    await screenshot(page, 'preview-large-group-open')
    expect(await axeViolations(page)).toEqual([])
  })

  it('says so in the group when its children cannot be loaded, and loads them when it is opened again', async () => {
    const top = (await (await fetch(`${server.origin}/v1/navigation`)).json()) as { items: Item[] }
    const cut = firstCut(top.items) as Item
    // The network fails for the group's subtree only, as a dropped connection would.
    const subtree = `**/v1/navigation?root=${encodeURIComponent(cut.root as string)}*`
    await page.route(subtree, (route) => route.abort('connectionfailed'))
    await page.goto(`${server.origin}/docs/big`)
    const group = page.locator(`#docs-nav details[data-root="${cut.root}"]`)
    await group.locator(':scope > summary').click()
    const failed = group.locator(':scope > ul > li [role="status"]')
    await failed.waitFor(WAIT)
    expect(await failed.textContent()).toBe('Could not load this group. Close it and open it again to retry.')
    expect(await axeViolations(page)).toEqual([])

    await page.unroute(subtree)
    await group.locator(':scope > summary').click()
    await group.locator(':scope > summary').click()
    await group.locator(':scope > ul > li > a').nth(1).waitFor(WAIT)
    expect(await failed.count()).toBe(0)
  })
})
