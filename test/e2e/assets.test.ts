import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, screenshot, startPreview, type PreviewServer } from './preview-harness.ts'

// An author's SVG that tries everything an SVG can run: a script, an event
// handler, and a request out. Served from /v1/assets/, it must run none of it.
const HOSTILE_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" onload="document.documentElement.setAttribute(\'data-onload\', \'ran\')">',
  '  <script>document.documentElement.setAttribute("data-script", "ran"); console.log("svg script ran"); fetch("/v1/status")</script>',
  '  <rect width="200" height="100" fill="#48a" />',
  '</svg>',
  '',
].join('\n')

const PAGE = '---\ntitle: Pictures\n---\n\nA drawing from the authors:\n\n![A drawing](./images/drawing.svg)\n'

let server: PreviewServer
let browser: Browser
let page: Page

describe('assets in a browser', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startPreview({ 'docs/en/pictures.md': PAGE, 'docs/en/images/drawing.svg': HOSTILE_SVG }), launchBrowser()])
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('shows a page image from its asset URL, sized by its file before it loads', async () => {
    await page.goto(`${server.origin}/docs/pictures`)
    const image = page.getByRole('img', { name: 'A drawing' })
    await image.waitFor()
    expect(await image.getAttribute('src')).toMatch(/^\/v1\/assets\/[0-9a-f]{32}\.svg$/)
    expect([await image.getAttribute('width'), await image.getAttribute('height'), await image.getAttribute('loading')]).toEqual(['200', '100', 'lazy'])
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(200)
    await screenshot(page, 'asset-image')
  })

  it('runs no script, handler or request of an SVG opened directly from the assets path', async () => {
    await page.goto(`${server.origin}/docs/pictures`)
    const src = await page.getByRole('img', { name: 'A drawing' }).getAttribute('src')
    // A tab of its own: the preview page's live-reload Web Worker may still ask /v1/status as its page goes.
    const direct = await browser.newPage()
    const consoleLines: string[] = []
    const requests: string[] = []
    direct.on('console', (message) => consoleLines.push(message.text()))
    direct.on('request', (request) => requests.push(new URL(request.url()).pathname))
    const response = await direct.goto(`${server.origin}${src}`)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-type']).toBe('image/svg+xml')
    await direct.waitForTimeout(500)
    const marks = await direct.evaluate(() => [document.documentElement.getAttribute('data-script'), document.documentElement.getAttribute('data-onload')])
    expect(marks).toEqual([null, null])
    expect(consoleLines.filter((line) => line.includes('svg script ran'))).toEqual([])
    expect(requests.filter((path) => path === '/v1/status')).toEqual([])
    await direct.close()
  })
})
