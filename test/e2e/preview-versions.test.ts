import { rm } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeVersionedRepo } from '../shared/versioned-repo.ts'
import { closePreviewSession, launchBrowser, screenshot, startPreview, type PreviewServer } from './preview-harness.ts'

// The versioned fixture as a git repository (2.x read from a tag), served by npm start: 2.x
// is the default, at /; 3.x (unreleased) at /3.x/; 1.x (unmaintained) at /1.x/.
let repository: string
let server: PreviewServer
let browser: Browser
let page: Page

const WAIT = { timeout: 15_000 }
const heading = () => page.getByRole('heading', { level: 1 }).textContent()
const switcher = () => page.getByRole('navigation', { name: 'Versions' })
const switchTo = async (version: RegExp) => {
  await switcher().locator('summary').click()
  await switcher().getByRole('link', { name: version }).click()
}

describe('versions in the author preview, in a browser', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    repository = await makeVersionedRepo()
    ;[server, browser] = await Promise.all([startPreview({}, repository), launchBrowser()])
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  }, 120_000)

  afterAll(async () => {
    await closePreviewSession({ server, browser })
    await rm(repository, { recursive: true, force: true })
  })

  it('switches a page to an unmaintained version, which says so and leads back to the same page in the default one', async () => {
    await page.goto(`${server.origin}/guides/setup`)
    await switcher().locator('summary').click()
    await screenshot(page, 'version-switcher')
    await page.keyboard.press('Escape')
    await expect.poll(() => switcher().getByRole('link').first().isVisible(), WAIT).toBe(false)
    await switchTo(/^1\.x \(legacy\) unmaintained/)
    await page.waitForURL('**/1.x/guides/setup')
    await expect(heading()).resolves.toBe('Setting up kiln 1')
    const banner = page.getByRole('note').filter({ hasText: 'no longer maintained' })
    await expect(banner.textContent()).resolves.toBe('You are reading the docs of 1.x (legacy), which is no longer maintained. See this page in 2.x, the current version.')
    await screenshot(page, 'version-unmaintained')
    await banner.getByRole('link').click()
    await page.waitForURL(`${server.origin}/guides/setup`)
    await expect(heading()).resolves.toBe('Setting up kiln')
  })

  it("follows a renamed page into another version, and goes to a version's home, saying so, where the page does not exist", async () => {
    await page.goto(`${server.origin}/guides/setup`)
    await switchTo(/^3\.x unreleased/)
    await page.waitForURL('**/3.x/guides/install')
    await page.goto(`${server.origin}/3.x/guides/kilnfile`)
    await switchTo(/^2\.x current/)
    await page.waitForURL(`${server.origin}/?missing`)
    await expect(page.getByRole('note').textContent()).resolves.toBe('This page does not exist in 2.x; showing its home page.')
    await expect(heading()).resolves.toBe('Kiln 2')
  })

  it('searches within the version being read and opens its pages', async () => {
    await page.goto(`${server.origin}/1.x/`)
    const input = page.getByRole('combobox', { name: 'Search the docs' })
    await input.pressSequentially('kilnfile')
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'No results.' }).count(), WAIT).toBe(1)
    await input.fill('')
    await input.pressSequentially('furnaces')
    await expect.poll(() => page.getByRole('option').first().textContent(), WAIT).toMatch(/^Legacy furnaces/)
    await input.press('ArrowDown')
    await input.press('Enter')
    await page.waitForURL('**/1.x/legacy')
    await expect(heading()).resolves.toBe('Legacy furnaces')

    await page.goto(`${server.origin}/3.x/`)
    await page.getByRole('combobox', { name: 'Search the docs' }).pressSequentially('kilnfile')
    await expect.poll(() => page.getByRole('option').first().textContent(), WAIT).toMatch(/^The kilnfile/)
    await page.getByRole('option').first().click()
    await page.waitForURL('**/3.x/guides/kilnfile')
  })
})
