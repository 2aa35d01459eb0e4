import { join } from 'node:path'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './axe-check.ts'
import { closePreviewSession, launchBrowser, SCREENSHOTS, startPreview, type PreviewServer } from './preview-harness.ts'

// axe-core, every rule it has (best practices included), over each state of the preview of this
// repository's own docs: they have code blocks, release notes with headings, drafts and pages
// that French readers get in English.
let server: PreviewServer
let browser: Browser

const WAIT = { timeout: 15_000 }
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const visit = (page: Page, path: string) => page.goto(`${server.origin}${path}`).then(() => undefined)

/** A fresh browser context per state, so that no cookie (the drafts toggle) or scheme leaks into the next. */
async function inState(name: string, options: BrowserContextOptions, reach: (page: Page) => Promise<void>): Promise<string[]> {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  try {
    await reach(page)
    await page.screenshot({ path: join(SCREENSHOTS, `a11y-${name}.png`) })
    return await axeViolations(page)
  } finally {
    await context.close()
  }
}

describe('the author preview under axe-core', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startPreview({}, 'content', { inRepository: true }), launchBrowser()])
  }, 180_000)

  afterAll(() => closePreviewSession({ server, browser }))

  // Each state as a reader reaches it; every one is checked in the light and the dark scheme.
  const STATES: Record<string, { options: BrowserContextOptions; reach: (page: Page) => Promise<void> }> = {
    'the home page': { options: DESKTOP, reach: (page) => visit(page, '/') },
    'a nested page whose code blocks scroll': {
      options: DESKTOP,
      reach: async (page) => {
        await visit(page, '/docs/api/documents')
        // axe's scrollable-region-focusable only looks at blocks that scroll now; every block is reachable.
        const blocks = page.locator('article pre')
        expect(await blocks.count()).toBeGreaterThan(0)
        expect(await blocks.evaluateAll((pres) => pres.filter((pre) => pre.getAttribute('tabindex') !== '0').length)).toBe(0)
      },
    },
    'search open with results and one chosen': {
      options: DESKTOP,
      reach: async (page) => {
        await visit(page, '/docs/')
        const input = page.getByRole('combobox', { name: 'Search the docs' })
        await input.pressSequentially('publish')
        await expect.poll(() => page.getByRole('option').count(), WAIT).toBeGreaterThan(5)
        await input.press('ArrowDown')
      },
    },
    'the release notes, whose notes have headings of their own': {
      options: DESKTOP,
      reach: async (page) => {
        await visit(page, '/releases')
        expect(await page.locator('article.release :is(h4, h5)').count()).toBeGreaterThan(0)
      },
    },
    'a draft shown behind the toggle': {
      options: DESKTOP,
      reach: async (page) => {
        await visit(page, '/docs/guides/')
        await page.getByRole('button', { name: 'Show drafts' }).click()
        await expect.poll(() => page.getByRole('button', { name: 'Show drafts' }).getAttribute('aria-pressed'), WAIT).toBe('true')
        await visit(page, '/docs/guides/search-tuning')
        await expect(page.getByRole('note').first().textContent()).resolves.toMatch(/^Draft\./)
      },
    },
    'a page French readers get in English': {
      options: DESKTOP,
      reach: async (page) => {
        await visit(page, '/docs/fr/guides/publishing')
        expect(await page.getByRole('note').count()).toBe(1)
      },
    },
    'an unmaintained version, its banner shown and the version switcher open': {
      options: DESKTOP,
      reach: async (page) => {
        await visit(page, '/docs/0.1/')
        expect(await page.locator('.version-banner').count()).toBe(1)
        await page.getByRole('navigation', { name: 'Versions' }).locator('summary').click()
        await expect.poll(() => page.getByRole('link', { name: /^0\.2 current/ }).isVisible(), WAIT).toBe(true)
      },
    },
    'a phone, menu closed': { options: PHONE, reach: (page) => visit(page, '/docs/api/documents') },
    'a phone, menu and TOC open': {
      options: PHONE,
      reach: async (page) => {
        await visit(page, '/docs/api/documents')
        await page.getByRole('button', { name: 'Menu' }).tap()
        await page.getByRole('button', { name: 'On this page' }).tap()
        await expect.poll(() => page.getByRole('navigation', { name: 'Docs' }).isVisible(), WAIT).toBe(true)
      },
    },
  }

  for (const [state, { options, reach }] of Object.entries(STATES)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`finds no violation on ${state}, ${colorScheme}`, async () => {
        const name = `${state.replace(/\W+/g, '-')}-${colorScheme}`
        expect(await inState(name, { ...options, colorScheme }, reach)).toEqual([])
      })
    }
  }
})
