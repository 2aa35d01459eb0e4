import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePreviewSession, launchBrowser, screenshot, SCREENSHOTS, startPreview, type PreviewServer } from './preview-harness.ts'

// What the build makes of a VitePress page (an admonition, a code group, a
// highlighted block, an image from public/), as the author preview shows it.
const FIXTURE = 'test/fixtures/frameworks/vitepress'
const PAGE = '/guide/getting-started'

let server: PreviewServer
let browser: Browser
let page: Page

const WAIT = { timeout: 15_000 }
const article = () => page.locator('article.doc')
const shot = (locator: Locator, name: string) => locator.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })

describe('the preview of a page written in VitePress’s dialect', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startPreview({}, FIXTURE), launchBrowser()])
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  }, 120_000)

  afterAll(() => closePreviewSession({ server, browser }))

  it('keeps the page still while it loads: the tab upgrade and the images move nothing', async () => {
    const fresh = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await fresh.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await fresh.goto(`${server.origin}${PAGE}`, { waitUntil: 'load' })
    await fresh.waitForTimeout(300)
    const shifts = await fresh.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)
    await fresh.close()
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.02)
  })

  it('shows an admonition as an aside that names its kind, in the kind’s colour', async () => {
    await page.goto(`${server.origin}${PAGE}`)
    const tip = article().locator('aside.admonition[data-kind="tip"]')
    expect(await tip.count()).toBe(1)
    expect(await tip.locator('.admonition-title').textContent()).toBe('Tip')
    expect(await tip.textContent()).toContain('Kiln needs Node 20 or later')
    const colours = await tip.evaluate((aside) => ({
      border: getComputedStyle(aside).borderLeftColor,
      title: getComputedStyle(aside.querySelector('.admonition-title') as Element).color,
      text: getComputedStyle(document.body).color,
    }))
    expect(colours.title).toBe(colours.border)
    expect(colours.title).not.toBe(colours.text)
    await shot(tip, 'admonition')
  })

  it('turns a code group into tabs that the arrow keys, Home and End switch', async () => {
    await page.goto(`${server.origin}${PAGE}`)
    const group = article().locator('div.tabs[data-kind="code-group"]')
    expect(await group.count()).toBe(1)
    const tabs = group.getByRole('tab')
    expect(await tabs.allTextContents()).toEqual(['npm', 'pnpm'])
    expect(await group.locator('.tab-label').evaluateAll((labels) => labels.filter((label) => (label as HTMLElement).offsetParent !== null).length)).toBe(0)
    const shown = () => group.getByRole('tabpanel').allTextContents()
    expect(await shown()).toEqual([expect.stringContaining('npm install --global kiln-cli')])
    expect(await tabs.first().getAttribute('aria-controls')).toBe(await group.locator('.tab-panel').first().getAttribute('id'))

    await tabs.first().focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(shown, WAIT).toEqual([expect.stringContaining('pnpm add --global kiln-cli')])
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('pnpm')
    expect(await tabs.evaluateAll((all) => all.map((tab) => [tab.getAttribute('aria-selected'), (tab as HTMLElement).tabIndex]))).toEqual([
      ['false', -1],
      ['true', 0],
    ])
    await shot(group, 'tabs-pnpm')
    await page.keyboard.press('ArrowRight')
    await expect.poll(shown, WAIT).toEqual([expect.stringContaining('npm install')])
    await page.keyboard.press('End')
    await expect.poll(shown, WAIT).toEqual([expect.stringContaining('pnpm add')])
    await page.keyboard.press('Home')
    await expect.poll(shown, WAIT).toEqual([expect.stringContaining('npm install')])
  })

  it('reads a tab group without JavaScript: every panel under its label', async () => {
    const plain = await browser.newPage({ javaScriptEnabled: false })
    await plain.goto(`${server.origin}${PAGE}`)
    const group = plain.locator('article div.tabs')
    expect(await group.count()).toBe(1)
    expect(await group.locator('.tab-label').allTextContents()).toEqual(['npm', 'pnpm'])
    expect(await group.locator('.tab-panel').evaluateAll((panels) => panels.map((panel) => (panel as HTMLElement).offsetHeight > 0))).toEqual([true, true])
    await shot(group, 'tabs-without-javascript')
    await plain.close()
  })

  it('highlights code with colours for light and dark and marks the highlighted line', async () => {
    await page.goto(`${server.origin}${PAGE}`)
    const block = article().locator('pre.shiki', { has: page.locator('.line.highlighted') })
    expect(await block.count()).toBe(1)
    expect(await block.locator('.line.highlighted').textContent()).toBe('kiln serve --port 4173')
    // A token is a span whose colour differs from the block's own text.
    const tokenColours = () =>
      block.evaluate((pre) => {
        const base = getComputedStyle(pre).color
        const token = [...pre.querySelectorAll('.line span')].find((span) => getComputedStyle(span).color !== base)
        const line = pre.querySelector('.line.highlighted') as Element
        return { token: token ? getComputedStyle(token).color : null, block: getComputedStyle(pre).backgroundColor, line: getComputedStyle(line).backgroundColor }
      })
    const light = await tokenColours()
    expect(light.token).not.toBeNull()
    expect(light.line).not.toBe(light.block)
    await shot(block, 'code-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    const dark = await tokenColours()
    await shot(block, 'code-dark')
    await screenshot(page, 'dialects-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    expect(dark.token).not.toBeNull()
    expect(dark.token).not.toBe(light.token)
    expect(dark.block).not.toBe(light.block)
  })

  it('shows an image from public/ through the assets path', async () => {
    await page.goto(`${server.origin}${PAGE}`)
    const image = article().locator('img[alt="Kiln logo"]')
    expect(await image.count()).toBe(1)
    expect(await image.getAttribute('src')).toMatch(/^\/v1\/assets\/[0-9a-f]+\.png$/)
    await image.scrollIntoViewIfNeeded()
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), WAIT).toBe(64)
    await screenshot(page, 'dialects')
  })
})
