import { join } from 'node:path'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePreviewSession, openPreviewSession, SCREENSHOTS, type PreviewServer } from './preview-harness.ts'

// The preview on a phone: the long page of the fixture site at an iPhone's size, touch only.
let server: PreviewServer
let browser: Browser

const WAIT = { timeout: 15_000 }
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const LONG_PAGE = '/docs/reference/long-page'

async function onPhone<T>(options: BrowserContextOptions, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ ...PHONE, ...options })
  try {
    return await use(await context.newPage())
  } finally {
    await context.close()
  }
}

describe('the author preview on a phone', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    ;({ server, browser } = await openPreviewSession())
  }, 120_000)

  afterAll(() => closePreviewSession({ server, browser }))

  it('moves nothing while a long page loads and settles: cumulative layout shift under 0.05', async () => {
    const shift = await onPhone({}, async (page) => {
      await page.addInitScript(() => {
        const shifts: number[] = []
        Object.assign(window, { layoutShifts: shifts })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value)
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.goto(`${server.origin}${LONG_PAGE}`, { waitUntil: 'load' })
      await page.waitForTimeout(500)
      await page.screenshot({ path: join(SCREENSHOTS, 'phone-long-page.png') })
      return page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0))
    })
    console.info(`phone CLS on ${LONG_PAGE}: ${shift.toFixed(4)}`)
    expect(shift).toBeLessThan(0.05)
  })

  it('sends the menu folded, and opens it with a tap', async () => {
    await onPhone({}, async (page) => {
      await page.goto(`${server.origin}${LONG_PAGE}`)
      const menu = page.getByRole('navigation', { name: 'Docs' })
      expect(await menu.isVisible()).toBe(false)
      const button = page.getByRole('button', { name: 'Menu' })
      await button.tap()
      await expect.poll(() => menu.isVisible(), WAIT).toBe(true)
      expect(await button.getAttribute('aria-expanded')).toBe('true')
    })
  })

  it('shows the menu and the TOC unfolded without JavaScript, since nothing could open them', async () => {
    await onPhone({ javaScriptEnabled: false }, async (page) => {
      await page.goto(`${server.origin}${LONG_PAGE}`)
      expect(await page.getByRole('navigation', { name: 'Docs' }).isVisible()).toBe(true)
      expect(await page.getByRole('complementary', { name: 'On this page' }).getByRole('link', { name: 'Section 8' }).isVisible()).toBe(true)
      expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0)
    })
  })

  it('keeps the header within about 15% of the screen', async () => {
    const height = await onPhone({}, async (page) => {
      await page.goto(`${server.origin}${LONG_PAGE}`)
      return (await page.getByRole('banner').boundingBox())?.height ?? Infinity
    })
    console.info(`phone header: ${height}px of 844px (${((height / 844) * 100).toFixed(1)}%)`)
    expect(height).toBeLessThanOrEqual(0.15 * 844)
  })

  it('offers the page’s TOC folded at the top, above the article, and opens it with a tap', async () => {
    await onPhone({}, async (page) => {
      await page.goto(`${server.origin}${LONG_PAGE}`)
      const toc = page.getByRole('complementary', { name: 'On this page' })
      const fold = toc.getByRole('button', { name: 'On this page' })
      const [foldBox, articleBox] = await Promise.all([fold.boundingBox(), page.locator('article.doc').boundingBox()])
      expect(foldBox?.y).toBeLessThan(articleBox?.y ?? 0)
      expect(foldBox?.y).toBeLessThan(844)
      expect(await toc.getByRole('link', { name: 'Section 8' }).isVisible()).toBe(false)
      await fold.tap()
      await toc.getByRole('link', { name: 'Section 8' }).tap()
      await page.waitForURL('**#section-8')
      await expect.poll(() => page.locator('#section-8').evaluate((heading) => Math.round(heading.getBoundingClientRect().top)), WAIT).toBeLessThan(100)
    })
  })

  it('searches under the header across the screen and opens a result with a tap', async () => {
    await onPhone({}, async (page) => {
      await page.goto(`${server.origin}${LONG_PAGE}`)
      await page.getByRole('combobox', { name: 'Search the docs' }).pressSequentially('rollback')
      const option = page.getByRole('option', { name: /^Deploying › Rollback/ })
      await option.waitFor(WAIT)
      expect((await page.getByRole('listbox').boundingBox())?.width).toBeGreaterThan(300)
      await option.tap()
      await page.waitForURL('**/docs/guides/deploy#rollback')
    })
  })

  it('does not advertise the / shortcut on a touch screen, and does on a desktop', async () => {
    const hints = async (page: Page) => {
      await page.goto(`${server.origin}${LONG_PAGE}`)
      const input = page.getByRole('combobox', { name: 'Search the docs' })
      return { placeholder: await input.getAttribute('placeholder'), key: await page.locator('header .search kbd').isVisible() }
    }
    const phone = await onPhone({}, hints)
    expect(phone.placeholder).not.toContain('/')
    expect(phone.key).toBe(false)
    const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    expect((await hints(desktop)).key).toBe(true)
    await desktop.close()
  })
})
