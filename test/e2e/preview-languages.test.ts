import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePreviewSession, launchBrowser, screenshot, startPreview, type PreviewServer } from './preview-harness.ts'

// The preview on a site in English, Chinese and Arabic (test/fixtures/languages), in a real browser.
let server: PreviewServer
let browser: Browser
let page: Page

const WAIT = { timeout: 15_000 }

/** The left edge of the first element `selector` matches. */
const leftOf = (selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => element.getBoundingClientRect().left)

describe("the preview in the site's languages, in a browser", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startPreview({}, 'test/fixtures/languages'), launchBrowser()])
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  }, 120_000)

  afterAll(() => closePreviewSession({ server, browser }))

  it("mirrors the layout of an Arabic page: sidebar on the right, the TOC's rule on its right side", async () => {
    await page.goto(`${server.origin}/docs/ar/guides/install`)
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    expect(await leftOf('.sidebar')).toBeGreaterThan(await leftOf('main'))
    expect(await leftOf('main')).toBeGreaterThan(await leftOf('aside.toc'))
    const rule = await page.locator('aside.toc .toc-list > ul').evaluate((list) => {
      const style = getComputedStyle(list)
      return { right: style.borderRightWidth, left: style.borderLeftWidth }
    })
    expect(rule).toEqual({ right: '2px', left: '0px' })
    await screenshot(page, 'rtl')
  })

  it('lists its three locales as links in the header itself, with no menu to open', async () => {
    await page.goto(`${server.origin}/docs/guides/install`)
    const languages = page.getByRole('navigation', { name: 'Languages' })
    expect(await languages.locator('details').count()).toBe(0)
    for (const name of ['English', '中文', 'العربية']) expect(await languages.getByRole('link', { name }).isVisible()).toBe(true)
  })

  it('titles the search facet chips of a Chinese page with the Chinese section titles', async () => {
    await page.goto(`${server.origin}/docs/zh/`)
    const input = page.getByRole('combobox', { name: '搜索文档' })
    await input.pressSequentially('kettle')
    const chips = page.getByRole('group', { name: '按章节筛选' }).getByRole('button')
    await expect
      .poll(() => chips.allTextContents(), WAIT)
      .toEqual(expect.arrayContaining(['全部', expect.stringMatching(/^指南 \(\d+\)$/), expect.stringMatching(/^保养 \(\d+\)$/)]))
    expect(await page.locator('#search-status').textContent()).toMatch(/^共 \d+ 条结果。/)
  })
})
