import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './axe-check.ts'
import { closePreviewSession, launchBrowser, LONG_PAGE, screenshot, startPreview, type PreviewServer } from './preview-harness.ts'

// The preview of a site in seventeen locales (test/fixtures/many-locales), in a real browser:
// the header, the language menu, and where a #fragment lands under the sticky header.
let server: PreviewServer
let browser: Browser

const WAIT = { timeout: 15_000 }
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const LIGHTING = '/docs/guides/lighting'

async function inContext<T>(options: BrowserContextOptions, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext(options)
  try {
    return await use(await context.newPage())
  } finally {
    await context.close()
  }
}

const languages = (page: Page) => page.getByRole('navigation', { name: 'Languages' })
const isOpen = (page: Page) =>
  languages(page)
    .locator('details')
    .evaluate((details) => (details as HTMLDetailsElement).open)
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')

/**
 * The header's height, and the height of one line of it: its tallest item, its padding and
 * border (no less than its min-height); `oneRow` when every item shares a row.
 */
function headerLines(page: Page) {
  return page.getByRole('banner').evaluate((header) => {
    const boxes = Array.from(header.children, (item) => item.getBoundingClientRect()).filter((box) => box.height > 0)
    const style = getComputedStyle(header)
    const frame = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const
    const oneLine = Math.max(parseFloat(style.minHeight), Math.max(...boxes.map((box) => box.height)) + frame.reduce((sum, side) => sum + parseFloat(style[side]), 0))
    const oneRow = Math.max(...boxes.map((box) => box.top)) < Math.min(...boxes.map((box) => box.bottom))
    return { height: header.getBoundingClientRect().height, oneLine, oneRow }
  })
}

/** Where the heading `id` is against the header's bottom and the window's. */
function headingPlace(page: Page, id: string) {
  return page.evaluate((id) => {
    const heading = document.getElementById(id)
    const header = document.querySelector('header')
    if (!heading || !header) throw new Error(`no #${id} or header`)
    return { top: heading.getBoundingClientRect().top, headerBottom: header.getBoundingClientRect().bottom, windowHeight: innerHeight }
  }, id)
}

/** The heading is in the window, below the header. */
async function expectLandedBelowHeader(page: Page, id: string): Promise<void> {
  const place = await headingPlace(page, id)
  expect(place.top, JSON.stringify(place)).toBeGreaterThanOrEqual(place.headerBottom)
  expect(place.top, JSON.stringify(place)).toBeLessThan(place.windowHeight / 2)
}

describe('the preview of a site in seventeen locales, in a browser', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startPreview({ 'docs/en/guides/long-page.md': LONG_PAGE }, 'test/fixtures/many-locales'), launchBrowser()])
  }, 120_000)

  afterAll(() => closePreviewSession({ server, browser }))

  it('keeps the header on one line at 1280 px, the languages folded into a menu', async () => {
    await inContext(DESKTOP, async (page) => {
      await page.goto(`${server.origin}${LIGHTING}`)
      const lines = await headerLines(page)
      console.info(`17 locales at 1280 px: header ${lines.height}px, one line ${lines.oneLine}px`)
      expect(lines.oneRow).toBe(true)
      expect(lines.height).toBeLessThanOrEqual(lines.oneLine + 1)
      expect(await languages(page).getByRole('link', { name: 'Deutsch' }).isVisible()).toBe(false)
      await screenshot(page, 'locales-header')
    })
  })

  it('lists every locale in the open menu by its own name, marks the current one, and switches locale with a click', async () => {
    await inContext(DESKTOP, async (page) => {
      await page.goto(`${server.origin}${LIGHTING}`)
      await languages(page).locator('summary').click()
      const links = languages(page).getByRole('link')
      await expect.poll(() => links.first().isVisible(), WAIT).toBe(true)
      expect(await links.count()).toBe(17)
      expect(await links.allTextContents()).toEqual(expect.arrayContaining(['English', 'Deutsch', 'Français', 'Türkçe', 'Українська', 'العربية', '日本語', '한국어']))
      expect(await languages(page).locator('[aria-current="true"]').textContent()).toBe('English')
      await screenshot(page, 'locales-menu-open')
      await links.filter({ hasText: 'Deutsch' }).click()
      await page.waitForURL('**/docs/de/guides/lighting')
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Eine Laterne anzünden')
      expect(await languages(page).getByRole('link', { name: 'Deutsch' }).isVisible()).toBe(false)
    })
  })

  it('opens the menu, switches locale and closes it again with the keyboard alone', async () => {
    await inContext(DESKTOP, async (page) => {
      await page.goto(`${server.origin}${LIGHTING}`)
      const tabTo = async (text: string) => {
        for (let step = 0; step < 30 && (await focusedText(page)) !== text; step++) await page.keyboard.press('Tab')
        expect(await focusedText(page)).toBe(text)
      }
      await tabTo('English')
      await page.keyboard.press('Enter')
      expect(await isOpen(page)).toBe(true)
      await page.keyboard.press('Escape')
      expect(await isOpen(page)).toBe(false)
      expect(await focusedText(page)).toBe('English')
      await page.keyboard.press('Enter')
      await tabTo('Italiano')
      await page.keyboard.press('Enter')
      await page.waitForURL('**/docs/it/guides/lighting')
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Accendere una lanterna')
    })
  })

  it('closes the open menu on a click elsewhere', async () => {
    await inContext(DESKTOP, async (page) => {
      await page.goto(`${server.origin}${LIGHTING}`)
      await languages(page).locator('summary').click()
      expect(await isOpen(page)).toBe(true)
      await page.getByRole('main').click()
      expect(await isOpen(page)).toBe(false)
    })
  })

  it('opens the menu and switches locale without JavaScript', async () => {
    await inContext({ ...DESKTOP, javaScriptEnabled: false }, async (page) => {
      await page.goto(`${server.origin}${LIGHTING}`)
      await languages(page).locator('summary').click()
      await languages(page).getByRole('link', { name: 'Svenska' }).click()
      await page.waitForURL('**/docs/sv/guides/lighting')
    })
  })

  it('says on a page the locale has not translated that it is shown in English', async () => {
    await inContext(DESKTOP, async (page) => {
      await page.goto(`${server.origin}/docs/guides/trimming`)
      await languages(page).locator('summary').click()
      await languages(page).getByRole('link', { name: 'Nederlands' }).click()
      await page.waitForURL('**/docs/nl/guides/trimming')
      await expect(page.getByRole('note').textContent()).resolves.toMatch(/Nederlands.*Engels/)
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Trimming the wick')
    })
  })

  it('keeps the header short on a phone, opens the menu inside the screen, and switches locale with a tap', async () => {
    await inContext(PHONE, async (page) => {
      await page.goto(`${server.origin}${LIGHTING}`)
      const header = await page.getByRole('banner').boundingBox()
      console.info(`17 locales on a phone: header ${header?.height}px of 844px`)
      expect(header?.height).toBeLessThanOrEqual(0.15 * 844)
      await languages(page).locator('summary').tap()
      const list = languages(page).getByRole('list')
      await expect.poll(() => list.isVisible(), WAIT).toBe(true)
      const box = await list.boundingBox()
      expect(box?.x).toBeGreaterThanOrEqual(0)
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(390)
      expect((box?.y ?? 0) + (box?.height ?? Infinity)).toBeLessThanOrEqual(844)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await screenshot(page, 'locales-phone-menu-open')
      await languages(page).getByRole('link', { name: '日本語' }).tap()
      await page.waitForURL('**/docs/ja/guides/lighting')
    })
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds no axe violation with the menu closed and open, ${colorScheme}`, async () => {
      await inContext({ ...DESKTOP, colorScheme }, async (page) => {
        await page.goto(`${server.origin}${LIGHTING}`)
        expect(await axeViolations(page)).toEqual([])
        await languages(page).locator('summary').click()
        await expect.poll(() => languages(page).getByRole('link').first().isVisible(), WAIT).toBe(true)
        expect(await axeViolations(page)).toEqual([])
      })
    })
  }

  // At 800 px the header's items no longer fit on one line: the sticky header is taller than its min-height.
  for (const [width, oneRow] of [
    [1280, true],
    [800, false],
  ] as const) {
    it(`lands a heading reached by #fragment below the header, on load and on a click, at ${width} px (the header on ${oneRow ? 'one line' : 'two lines'})`, async () => {
      await inContext({ viewport: { width, height: 800 } }, async (page) => {
        await page.goto(`${server.origin}/docs/guides/long-page#section-8`, { waitUntil: 'load' })
        await page.waitForFunction(() => scrollY > 0)
        const lines = await headerLines(page)
        console.info(`${width} px: header ${lines.height}px`)
        expect(lines.oneRow).toBe(oneRow)
        await expectLandedBelowHeader(page, 'section-8')
        await page.getByRole('complementary', { name: 'On this page' }).getByRole('link', { name: 'Section 3' }).click()
        await page.waitForURL('**#section-3')
        await expect.poll(async () => (await headingPlace(page, 'section-3')).top < 800, WAIT).toBe(true)
        await expectLandedBelowHeader(page, 'section-3')
      })
    })
  }
})
