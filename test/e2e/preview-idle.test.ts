import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePreviewSession, openPreviewSession, type PreviewServer } from './preview-harness.ts'

// An open preview tab between builds, as browser tools that wait for network idle see it
// (Playwright's networkidle, Chromium's own networkIdle that Puppeteer's networkidle0 reads).
let server: PreviewServer
let browser: Browser
let page: Page

const PAGE = '/docs/guides/install'
const IDLE = { timeout: 10_000 }
// A rebuild, a republish and a reload on a loaded two-core machine: wait for them generously.
const BUILD_WAIT = { timeout: 20_000 }

/** The requests the page (and its workers) make while `during` runs. */
async function requestsDuring(target: Page, during: () => Promise<void>): Promise<Request[]> {
  const made: Request[] = []
  const record = (request: Request) => void made.push(request)
  target.on('request', record)
  try {
    await during()
  } finally {
    target.off('request', record)
  }
  return made
}

const describeRequests = (requests: Request[]) => requests.map((request) => `${request.resourceType()} ${new URL(request.url()).pathname}`).join(', ')

/** Navigates with Chromium's own lifecycle events on, and waits for its networkIdle (no connection for 500 ms) on the new page. */
async function chromiumNetworkIdle(target: Page, url: string): Promise<void> {
  const cdp = await target.context().newCDPSession(target)
  await cdp.send('Page.enable')
  await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true })
  const idleLoaders = new Set<string>()
  cdp.on('Page.lifecycleEvent', (event) => {
    if (event.name === 'networkIdle') idleLoaders.add(event.loaderId)
  })
  const { loaderId } = await cdp.send('Page.navigate', { url })
  await expect.poll(() => loaderId !== undefined && idleLoaders.has(loaderId), IDLE).toBe(true)
  await cdp.detach()
}

async function saveTitle(file: string, title: string): Promise<void> {
  const text = await readFile(file, 'utf8')
  await writeFile(file, text.replace(/^title: .*$/m, `title: ${title}`))
}

describe('an open preview tab between builds', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    ;({ server, browser, page } = await openPreviewSession())
  }, 120_000)

  afterAll(() => closePreviewSession({ server, browser }))

  it('reaches network idle, and asks for nothing over a quiet 3-second window', async () => {
    await page.goto(`${server.origin}${PAGE}`, { waitUntil: 'networkidle', ...IDLE })
    await page.waitForLoadState('networkidle', IDLE)
    const quiet = await requestsDuring(page, () => page.waitForTimeout(3_000))
    expect(quiet.length, describeRequests(quiet)).toBeLessThanOrEqual(2)
  })

  it('lets Chromium itself call the page idle, as tools reading its lifecycle events wait for', async () => {
    await chromiumNetworkIdle(page, `${server.origin}${PAGE}`)
  })

  it('still shows a saved change without touching the browser, and is idle again after the reload', async () => {
    await page.goto(`${server.origin}${PAGE}`, { waitUntil: 'networkidle', ...IDLE })
    await saveTitle(join(server.content, 'docs/en/guides/install.md'), 'Installing, saved once')
    await page.getByRole('heading', { level: 1, name: 'Installing, saved once' }).waitFor(BUILD_WAIT)
    await page.waitForLoadState('networkidle', IDLE)
  })

  it('comes back after npm start restarts, trying again a few times rather than in a storm, and then shows saves again', async () => {
    await page.goto(`${server.origin}${PAGE}`, { waitUntil: 'networkidle', ...IDLE })
    const startedAt = Date.now()
    const whileDown = await requestsDuring(page, () => server.restart())
    const downSeconds = (Date.now() - startedAt) / 1000
    const attempts = whileDown.filter((request) => request.resourceType() === 'eventsource')
    console.log(`npm start restarted in ${downSeconds.toFixed(1)} s; the page asked ${whileDown.length} times meanwhile: ${describeRequests(whileDown)}`)
    // Retries after 1, 2, 4, 8 s and then every 10 s: a retry every second would exceed this within seconds.
    expect(attempts.length).toBeLessThanOrEqual(4 + Math.ceil(downSeconds / 10))

    await saveTitle(join(server.content, 'docs/en/guides/install.md'), 'Installing, saved after a restart')
    // The longest wait between two tries is 10 s: the page is back on the stream by then.
    await page.getByRole('heading', { level: 1, name: 'Installing, saved after a restart' }).waitFor({ timeout: 30_000 })
  })
})
