import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NavigationResponseSchema, type NavItem } from '../../contract/index.ts'
import { axeViolations } from './axe-check.ts'
import { closePreviewSession, launchBrowser, screenshot, startPreview, type PreviewServer } from './preview-harness.ts'

// The author preview of the API reference fixture (an invented bookshop's OpenAPI documents): an
// operation page laid out as readers of Redocly, Scalar or Mintlify expect it, in a real browser.
let server: PreviewServer
let browser: Browser

const WAIT = { timeout: 15_000 }
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }
const GET_BOOK = '/api/bookshop/books/get-book'
const DELETE_BOOK = '/api/bookshop/books/delete-book'

/** A fresh context per test, so that no scheme, script setting or open fold leaks into the next. */
async function inContext<T>(options: BrowserContextOptions, path: string, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext(options)
  try {
    const page = await context.newPage()
    await page.goto(`${server.origin}${path}`)
    return await use(page)
  } finally {
    await context.close()
  }
}

const head = (page: Page) => page.locator('article .operation-head')
const schemaFold = (page: Page, mediaTypeId: string) => page.locator(`h4#${mediaTypeId} + details.schema`)
const findItem = (items: NavItem[], slug: string): NavItem | undefined =>
  items.map((item) => (item.slug === slug ? item : findItem(item.children, slug))).find((item) => item !== undefined)
const methodColour = (page: Page) =>
  head(page)
    .locator('.method')
    .evaluate((badge) => getComputedStyle(badge).backgroundColor)

describe('the API reference in the author preview', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startPreview({}, 'test/fixtures/api-reference'), launchBrowser()])
  }, 180_000)

  afterAll(() => closePreviewSession({ server, browser }))

  it("opens an operation's page with its method as a badge, its path in monospace and its full URL on the first server", async () => {
    await inContext(DESKTOP, GET_BOOK, async (page) => {
      await expect(head(page).locator('.method').textContent()).resolves.toBe('GET')
      const path = head(page).locator('code.path')
      await expect(path.textContent()).resolves.toBe('/books/{bookId}')
      expect(await path.evaluate((code) => getComputedStyle(code).fontFamily)).toMatch(/monospace/)
      await expect(head(page).locator('.server-url').textContent()).resolves.toBe('https://api.bookshop.example/v2/books/{bookId}')
      // The head replaces the request line the page's HTML opens with, and the lead that repeats it.
      expect(await page.locator('article code', { hasText: 'GET /books/{bookId}' }).count()).toBe(0)
      expect(await page.locator('article .lead').count()).toBe(0)
      expect(await head(page).locator('.badge.deprecated').count()).toBe(0)
      await screenshot(page, 'operation-page')
    })
  })

  it('shows the method of an operation found by search, beside its title', async () => {
    await inContext(DESKTOP, GET_BOOK, async (page) => {
      await page.keyboard.press('/')
      await page.getByRole('combobox', { name: 'Search the docs' }).pressSequentially('getBook')
      const first = page.getByRole('option').first()
      await expect.poll(() => first.locator('.method').textContent(), WAIT).toBe('GET')
      expect(await first.locator('.hit-title').textContent()).toContain('GET')
    })
  })

  it('gives each method its own colour, and a deprecated operation a Deprecated badge', async () => {
    const get = await inContext(DESKTOP, GET_BOOK, methodColour)
    const post = await inContext(DESKTOP, '/api/bookshop/books/create-book', methodColour)
    const remove = await inContext(DESKTOP, DELETE_BOOK, async (page) => {
      await expect(head(page).locator('.method').textContent()).resolves.toBe('DELETE')
      await expect(head(page).locator('.badge.deprecated').textContent()).resolves.toBe('Deprecated')
      return methodColour(page)
    })
    expect(new Set([get, post, remove]).size).toBe(3)
  })

  it("heads a webhook's page with a Webhook badge, its method and its name, and no URL: the reader registers one", async () => {
    await inContext(DESKTOP, '/api/bookshop/books/book-published', async (page) => {
      await expect(head(page).locator('.request').textContent()).resolves.toBe('Webhook POST bookPublished')
      expect(await head(page).locator('.server-url').count()).toBe(0)
    })
  })

  it('switches the code samples from one tab to another', async () => {
    await inContext(DESKTOP, GET_BOOK, async (page) => {
      const samples = page.locator('.tabs[data-kind="code-group"]')
      await expect.poll(() => samples.getByRole('tab').allTextContents(), WAIT).toEqual(['curl', 'JavaScript', 'Python'])
      await expect(samples.getByRole('tabpanel').textContent()).resolves.toContain('curl https://api.bookshop.example/v2/books/bk_3f9a1c')
      await samples.getByRole('tab', { name: 'Python' }).click()
      await expect.poll(() => samples.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected'), WAIT).toBe('true')
      await expect(samples.getByRole('tabpanel').textContent()).resolves.toContain('requests.get(')
    })
  })

  it("shows a success answer's schema open and an error answer's folded, which opens on a click", async () => {
    await inContext(DESKTOP, GET_BOOK, async (page) => {
      expect(await schemaFold(page, 'applicationjson').locator('table').isVisible()).toBe(true)
      const problem = schemaFold(page, 'applicationproblemjson')
      expect(await problem.locator('table').isVisible()).toBe(false)
      await problem.getByText('Schema', { exact: true }).click()
      await expect.poll(() => problem.locator('table').isVisible(), WAIT).toBe(true)
      expect(await problem.locator('tbody tr').first().textContent()).toContain('type')
    })
  })

  it('folds each media type of the request body, open from the start', async () => {
    await inContext(DESKTOP, '/api/bookshop/books/create-book', async (page) => {
      const folds = page.locator('h3:is(#applicationjson, #multipartform-data) + details.schema')
      expect(await folds.count()).toBe(2)
      expect(await folds.evaluateAll((all) => all.every((fold) => (fold as HTMLDetailsElement).open))).toBe(true)
    })
  })

  it("shows each operation's method as a small badge before its title in the sidebar, and none on other pages", async () => {
    await inContext(DESKTOP, GET_BOOK, async (page) => {
      const sidebar = page.locator('.sidebar > nav')
      await expect(sidebar.getByRole('link', { name: 'DELETE Remove a book' }).locator('.method').textContent()).resolves.toBe('DELETE')
      await expect(sidebar.getByRole('link', { name: 'POST Add a book' }).isVisible()).resolves.toBe(true)
      await expect(sidebar.locator('[aria-current="page"]').textContent()).resolves.toBe('GET Get a book')
      expect(await sidebar.getByRole('link', { name: 'Authentication', exact: true }).locator('.method').count()).toBe(0)
    })
    // The API's sidebar carries it, for any front end.
    const { items } = NavigationResponseSchema.parse(await (await fetch(`${server.origin}/v1/navigation`)).json())
    expect(findItem(items, 'api/bookshop/books/delete-book')?.method).toBe('delete')
    expect(findItem(items, 'guides/auth')).not.toHaveProperty('method')
  })

  it('lets a wide schema table scroll sideways on a phone instead of widening the page', async () => {
    await inContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, GET_BOOK, async (page) => {
      const table = schemaFold(page, 'applicationjson').locator('table')
      expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
    })
  })

  it('reads without JavaScript: the head, the tables, every code sample under its label, and folds that still open', async () => {
    await inContext({ ...DESKTOP, javaScriptEnabled: false }, GET_BOOK, async (page) => {
      await expect(head(page).locator('.method').isVisible()).resolves.toBe(true)
      expect(await page.locator('h3#path-parameters + table').isVisible()).toBe(true)
      expect(await schemaFold(page, 'applicationjson').locator('table').isVisible()).toBe(true)
      const labels = page.locator('.tabs[data-kind="code-group"] .tab-label')
      await expect(labels.allTextContents()).resolves.toEqual(['curl', 'JavaScript', 'Python'])
      expect(await page.locator('.tabs[data-kind="code-group"] pre').evaluateAll((blocks) => blocks.every((block) => block.checkVisibility()))).toBe(true)
      const problem = schemaFold(page, 'applicationproblemjson')
      await problem.getByText('Schema', { exact: true }).click()
      await expect.poll(() => problem.locator('table').isVisible(), WAIT).toBe(true)
    })
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds no axe violation on operation pages, error schema open, ${colorScheme}`, async () => {
      for (const path of [GET_BOOK, DELETE_BOOK]) {
        const found = await inContext({ ...DESKTOP, colorScheme }, path, async (page) => {
          await expect.poll(() => page.locator('.tabs[data-ready]').count(), WAIT).toBe(1)
          await schemaFold(page, 'applicationproblemjson').getByText('Schema', { exact: true }).click()
          return axeViolations(page)
        })
        expect(found, path).toEqual([])
      }
    })
  }
})
