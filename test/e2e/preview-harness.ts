import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Browser, type Page } from 'playwright-core'
import { START_ARGS } from '../../scripts/start-command.ts'

// Debian's chromium, driven by playwright-core; test tools never download a browser here.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// As root, in a sandboxed machine with no network: without the background-networking
// flags Chromium keeps trying to reach Google's hosts.
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
export const SCREENSHOTS = 'test-results/screenshots'

/** The browser tests never skip: without the browser they fail, saying how to install it. */
function requireBrowser(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`No browser at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium), as .ci/run does`)
}

export async function launchBrowser(): Promise<Browser> {
  requireBrowser()
  await mkdir(SCREENSHOTS, { recursive: true })
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
}

export interface PreviewSession {
  server: PreviewServer
  browser: Browser
  page: Page
}

/** `npm start` on a copy of the fixture site (with a long page to scroll), and a desktop-sized page in a browser. */
export async function openPreviewSession(): Promise<PreviewSession> {
  const [server, browser] = await Promise.all([startPreview({ 'docs/en/reference/long-page.md': LONG_PAGE }), launchBrowser()])
  return { server, browser, page: await browser.newPage({ viewport: { width: 1280, height: 800 } }) }
}

export async function closePreviewSession(session: Partial<PreviewSession>): Promise<void> {
  await session.browser?.close()
  await session.server?.stop()
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string, log = () => ''): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; server said:\n${log()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

export interface PreviewServer {
  origin: string
  /** The copy of the fixture site the server watches. */
  content: string
  output(): string
  /** Stops `npm start` and starts it again on the same port, folder and local KV, as an author would. */
  restart(): Promise<void>
  stop(): Promise<void>
}

/**
 * `npm start` as authors run it (scripts/start.ts: build, local KV, the worker in workerd,
 * watch) on a copy of a fixture content folder (the fixture site unless named),
 * with its own port, KV state and output. `extraFiles` are added to the copy,
 * by path under the content folder. `inRepository`: the fixture reads versions
 * at git refs of the repository holding it (this repository's content/).
 */
export async function startPreview(extraFiles: Record<string, string> = {}, fixture = 'test/fixtures/site', { inRepository = false } = {}): Promise<PreviewServer> {
  // Every caller drives it in the browser: fail before starting a server that would outlive the error.
  requireBrowser()
  const workDir = await mkdtemp(join(tmpdir(), 'docs-preview-'))
  const content = inRepository ? await copyInRepository(fixture, workDir) : join(workDir, 'content')
  await cp(fixture, content, { recursive: true })
  for (const [path, text] of Object.entries(extraFiles)) {
    await mkdir(dirname(join(content, path)), { recursive: true })
    await writeFile(join(content, path), text)
  }
  const origin = `http://127.0.0.1:${await freePort()}`
  const env = { ...process.env, PORT: new URL(origin).port, CONTENT_DIR: content, PERSIST_DIR: join(workDir, 'state') }
  let output = ''
  let running = runStart(env, (text) => (output += text))
  const stopRunning = async () => {
    if (running.child.exitCode === null) {
      running.child.kill('SIGTERM')
      await running.exited
    }
  }
  const served = () =>
    waitFor(
      async () => ((await fetch(`${origin}/v1/status`)).ok ? true : undefined),
      90_000,
      'the first build to be served',
      () => output,
    )
  await served()
  return {
    origin,
    content,
    output: () => output,
    async restart() {
      await stopRunning()
      running = runStart(env, (text) => (output += text))
      await served()
    },
    async stop() {
      await stopRunning()
      await rm(workDir, { recursive: true, force: true })
    },
  }
}

/** One `npm start` process, its output passed to `log`. */
function runStart(env: NodeJS.ProcessEnv, log: (text: string) => void) {
  const child = spawn(process.execPath, [...START_ARGS], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (chunk: Buffer) => log(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => log(chunk.toString()))
  return { child, exited: new Promise((resolve) => child.once('exit', resolve)) }
}

/**
 * Where a copy of `fixture` sits in a clone of the repository holding it: in the same
 * place, so that git finds the folder at every ref. The clone shares the objects and
 * checks nothing out; the copy is the working folder as it is, saved or not.
 */
async function copyInRepository(fixture: string, workDir: string): Promise<string> {
  const git = promisify(execFile)
  const root = (await git('git', ['-C', fixture, 'rev-parse', '--show-toplevel'])).stdout.trim()
  const clone = join(workDir, 'repository')
  await git('git', ['clone', '--quiet', '--shared', '--no-checkout', root, clone])
  return join(clone, relative(root, resolve(fixture)))
}

/** A page long enough to scroll, with many sections for the TOC to follow. */
export const LONG_PAGE = [
  '---',
  'title: Long page',
  '---',
  '',
  'A page with many sections.',
  ...Array.from({ length: 12 }, (_, index) => [
    ``,
    `## Section ${index + 1}`,
    '',
    Array.from({ length: 6 }, () => `Paragraph text of section ${index + 1}, long enough to take some room on the screen. `.repeat(4)).join('\n\n'),
  ]).flat(),
  '',
].join('\n')
