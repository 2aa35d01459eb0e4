import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePreviewSession, openPreviewSession, screenshot, type PreviewServer } from './preview-harness.ts'

// The author preview in a real browser: what `npm start` serves at / on the fixture site.
let server: PreviewServer
let browser: Browser
let page: Page

// What follows a click may need a navigation and a render on a loaded machine.
const WAIT = { timeout: 15_000 }
// By its place: its name is in the page's language.
const sidebar = () => page.locator('.sidebar > nav')
const path = () => new URL(page.url()).pathname + new URL(page.url()).hash

// Generous timeouts: a browser, workerd and the build share two cores.
describe('the author preview in a browser', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    ;({ server, browser, page } = await openPreviewSession())
  }, 120_000)

  afterAll(() => closePreviewSession({ server, browser }))

  it('opens at /, follows the sidebar to a nested page whose TOC links its headings, and walks prev/next', async () => {
    await page.goto(`${server.origin}/`)
    expect(path()).toBe('/docs/')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Welcome')
    await sidebar().getByRole('link', { name: 'Quotas' }).click()
    await page.waitForURL('**/docs/reference/limits/quotas')
    await sidebar().getByRole('link', { name: 'Installing the service' }).click()
    await page.waitForURL('**/docs/guides/install')
    expect(await sidebar().locator('[aria-current="page"]').textContent()).toBe('Installing the service')
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toBe('GuidesInstalling the service')
    const tocTargets = await page.locator('aside.toc a').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).hash.slice(1)))
    const headingIds = await page.locator('article :is(h2, h3)').evaluateAll((headings) => headings.map((heading) => heading.id))
    expect(tocTargets).toEqual(['requirements', 'configure-wrangler'])
    expect(tocTargets).toEqual(headingIds)
    await screenshot(page, 'page')

    await page.getByRole('link', { name: /^Next/ }).click()
    await page.waitForURL('**/docs/guides/deploy')
    await page.getByRole('link', { name: /^Previous/ }).click()
    await page.waitForURL('**/docs/guides/install')
  })

  it('marks the section being read in the TOC as the page scrolls', async () => {
    await page.goto(`${server.origin}/docs/reference/long-page`)
    await page.locator('#section-8').evaluate((heading) => heading.scrollIntoView({ block: 'start' }))
    await expect.poll(() => page.locator('aside.toc a.active').getAttribute('href'), WAIT).toBe('#section-8')
    await page.locator('#section-3').evaluate((heading) => heading.scrollIntoView({ block: 'start' }))
    await expect.poll(() => page.locator('aside.toc a.active').getAttribute('href'), WAIT).toBe('#section-3')
  })

  it('switches to fr and says when a page falls back to the default locale', async () => {
    await page.goto(`${server.origin}/docs/guides/deploy`)
    await page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'Français' }).click()
    await page.waitForURL('**/docs/fr/guides/deploy')
    await expect(page.getByRole('note').textContent()).resolves.toBe('Cette page n’est pas encore traduite en français : elle est affichée en anglais.')
    await screenshot(page, 'fallback')
    await sidebar().getByRole('link', { name: 'Installer le service' }).click()
    await page.waitForURL('**/docs/fr/guides/installation')
    expect(await page.getByRole('note').count()).toBe(0)
  })

  it('speaks French in the search box of a French page, from the texts the server gave the script', async () => {
    await page.goto(`${server.origin}/docs/fr/`)
    const input = page.getByRole('combobox', { name: 'Rechercher dans la documentation' })
    await input.pressSequentially('zzzzqqq')
    await expect.poll(() => page.locator('#search-status').textContent(), WAIT).toBe('Aucun résultat.')
    await input.fill('')
    await input.pressSequentially('installer')
    await expect.poll(() => page.locator('#search-status').textContent(), WAIT).toMatch(/^Résultats : \d+\. Haut et Bas pour choisir/)
  })

  it('searches as you type, filters by section, and opens a result with the keyboard at its heading', async () => {
    await page.goto(`${server.origin}/docs/`)
    await page.keyboard.press('/')
    const input = page.getByRole('combobox', { name: 'Search the docs' })
    await expect.poll(() => input.evaluate((element) => element === document.activeElement), WAIT).toBe(true)
    await input.pressSequentially('deploy')
    const options = page.getByRole('option')
    await expect.poll(() => options.count(), WAIT).toBeGreaterThan(1)
    expect(await page.locator('#search-results mark').count()).toBeGreaterThan(0)
    await screenshot(page, 'search')

    expect(await options.allTextContents()).toContainEqual(expect.stringMatching(/^Search endpoint/))
    await page
      .getByRole('group', { name: 'Filter by section' })
      .getByRole('button', { name: /^Guides \(/ })
      .click()
    await expect.poll(() => options.allTextContents(), WAIT).toEqual([expect.stringMatching(/^Deploying/)])

    await page.getByRole('link', { name: 'Fixture docs' }).focus()
    await page.keyboard.press('Control+k')
    await expect.poll(() => input.evaluate((element) => element === document.activeElement), WAIT).toBe(true)
    await input.fill('')
    await input.pressSequentially('rollback')
    await expect.poll(() => options.allTextContents(), WAIT).toEqual([expect.stringMatching(/^Deploying › Rollback/)])
    await input.press('ArrowDown')
    expect(await options.first().getAttribute('aria-selected')).toBe('true')
    await input.press('Enter')
    await page.waitForURL('**/docs/guides/deploy#rollback')
    const box = await page.locator('#rollback').boundingBox()
    expect(box?.y).toBeGreaterThanOrEqual(0)
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(800)
  })

  it('shows drafts behind the toggle, marked on the page and in the sidebar, and hides them again', async () => {
    await page.goto(`${server.origin}/docs/guides/install`)
    expect(await sidebar().getByText('Secret plans').count()).toBe(0)
    await page.getByRole('button', { name: 'Show drafts' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Show drafts' }).getAttribute('aria-pressed'), WAIT).toBe('true')
    await sidebar().getByRole('link', { name: 'Secret plans' }).click()
    await page.waitForURL('**/docs/guides/secret-plans')
    await expect(page.getByRole('note').textContent()).resolves.toMatch(/^Draft\./)
    expect(await sidebar().locator('.badge.draft').count()).toBe(1)
    await screenshot(page, 'drafts')

    await page.getByRole('button', { name: 'Show drafts' }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Page not found')
    expect(await sidebar().getByText('Secret plans').count()).toBe(0)
  })

  it('filters release notes by stream and version', async () => {
    await page.goto(`${server.origin}/releases`)
    await page.getByRole('checkbox', { name: 'lts' }).check()
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL('**/releases?*stream=lts*')
    expect(await page.locator('article.release').evaluateAll((releases) => releases.map((release) => release.id))).toEqual(['lts-1.4.1'])
    await page.getByRole('checkbox', { name: 'lts' }).uncheck()
    await page.getByRole('textbox', { name: 'Versions' }).fill('>=1.4.0 <2')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL('**/releases?*version=*')
    expect(await page.locator('article.release').evaluateAll((releases) => releases.map((release) => release.id))).toEqual(['lts-1.4.1', 'stable-1.4.0'])
    await screenshot(page, 'releases')
  })

  it('reads without JavaScript, works on a phone, follows the dark setting, and starts focus at a skip link', async () => {
    const plain = await browser.newPage({ javaScriptEnabled: false })
    await plain.goto(`${server.origin}/docs/guides/install`)
    expect(await plain.getByRole('navigation', { name: 'Docs' }).getByRole('link').count()).toBeGreaterThan(5)
    expect(await plain.getByRole('complementary', { name: 'On this page' }).getByRole('link').count()).toBe(2)
    await plain.close()

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' })
    await phone.goto(`${server.origin}/docs/guides/install`)
    const menu = phone.getByRole('navigation', { name: 'Docs' })
    await expect.poll(() => menu.isVisible(), WAIT).toBe(false)
    await phone.getByText('Menu').click()
    await expect.poll(() => menu.isVisible(), WAIT).toBe(true)
    const background = await phone.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background).toBe('rgb(20, 23, 28)')
    const width = await phone.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    await screenshot(phone, 'phone-dark')
    await phone.close()

    for (const role of ['banner', 'main', 'search'] as const) expect(await page.getByRole(role).count()).toBe(1)
    await page.goto(`${server.origin}/docs/guides/install`)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
  })
})
