import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from './preview-harness.ts'
import { startServer } from './start-process.ts'
import { processesInGroup } from '../../lib/process-group.ts'
import { START_ARGS } from '../../scripts/start-command.ts'

// Starts the preview the way `npm start` does (build, publish to local KV,
// serve it from workerd, watch) on a copy of the fixture site and its own KV state.
let workDir: string
let server: ChildProcess
let origin: string
let output = ''

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; server said:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The commands of npm start's process group (it runs detached here: its workerd is in its group). */
const commandsInGroup = async (group: number) => (await processesInGroup(group)).map((process) => process.name)

/** Runs scripts/start.ts with `env` until it exits by itself: its exit code and everything it printed. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...START_ARGS], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let printed = ''
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output: printed })))
}

const documentTitle = async () => {
  const response = await fetch(`${origin}/v1/documents/guides/install`)
  return response.ok ? ((await response.json()) as { title: string }).title : undefined
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'docs-start-'))
  await cp('test/fixtures/site', join(workDir, 'content'), { recursive: true })
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  server = spawn(process.execPath, [...START_ARGS], {
    env: { ...process.env, PORT: String(port), CONTENT_DIR: join(workDir, 'content'), PERSIST_DIR: join(workDir, 'state') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await waitFor(documentTitle, 60_000, 'the first document')
}, 90_000)

afterAll(async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
  }
  await rm(workDir, { recursive: true, force: true })
})

describe('npm start', () => {
  it('runs scripts/start.ts as package.json says, which the tests and the bench run the same way', async () => {
    const { scripts } = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> }
    expect(scripts.start).toBe(`node ${START_ARGS.join(' ')}`)
  })

  it('prints the URL and a sample curl for each endpoint', async () => {
    await waitFor(async () => (output.includes('first answer') ? true : undefined), 10_000, 'the first answer')
    expect(output).toContain(`Docs API on ${origin}/v1`)
    expect(output).toMatch(/curl .*\/v1\/documents\//)
    expect(output).toMatch(/curl -X POST .*\/v1\/search/)
    expect(output).toMatch(/curl .*\/v1\/releases/)
  })

  it('serves all three endpoints over HTTP from local KV', async () => {
    expect(await documentTitle()).toBe('Installing the service')
    const search = await fetch(`${origin}/v1/search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'rollback' }),
    })
    expect(search.status).toBe(200)
    expect(((await search.json()) as { results: Array<{ slug: string }> }).results[0]?.slug).toBe('guides/deploy')
    const releases = await fetch(`${origin}/v1/releases?stream=lts`)
    expect(((await releases.json()) as { streams: Array<{ name: string }> }).streams.map((s) => s.name)).toEqual(['lts'])
  })

  it('serves a saved edit without a restart, and keeps serving through a content error', async () => {
    const file = join(workDir, 'content/docs/en/guides/install.md')
    const original = await readFile(file, 'utf8')
    await writeFile(file, original.replace('title: Installing the service', 'title: Installing, edited'))
    expect(await waitFor(async () => ((await documentTitle()) === 'Installing, edited' ? true : undefined), 20_000, 'the edit')).toBe(true)

    await writeFile(file, original.replace('order: 1', 'order: [broken'))
    await waitFor(async () => (output.includes('not published; still serving the last good build') ? true : undefined), 20_000, 'the error')
    expect(output).toMatch(/content\/docs\/en\/guides\/install\.md:\d+: invalid YAML front matter/)
    expect(await documentTitle()).toBe('Installing, edited')
  })

  it('refuses a busy port at once, saying which PORT to set, and publishes nothing', async () => {
    const port = new URL(origin).port
    const state = join(workDir, 'second-state')
    const second = await runToExit({ PORT: port, CONTENT_DIR: join(workDir, 'content'), PERSIST_DIR: state })
    expect(second.code).toBe(1)
    expect(second.output).toMatch(new RegExp(`^port ${port} is in use: stop the other npm start or set PORT=\\d+\\n$`))
    expect(await readdir(state).catch(() => 'never created')).toBe('never created')
  })

  it('says there is no build to serve yet when the first build fails', async () => {
    const content = join(workDir, 'broken')
    await mkdir(join(content, 'docs/en'), { recursive: true })
    await writeFile(join(content, 'site.yml'), 'title: Broken\ndefaultLocale: en\n')
    await writeFile(join(content, 'docs/en/index.md'), '---\ntitle: "Home\n---\n\nBody.\n')
    const first = await startServer({ CONTENT_DIR: content, PERSIST_DIR: join(workDir, 'broken-state') })
    try {
      await waitFor(async () => (first.said().includes('initial build: not published') ? true : undefined), 30_000, 'the first build to fail')
    } finally {
      await first.stop()
    }
    const said = first.said()
    const port = first.port
    expect(said).toContain(`broken/docs/en/index.md:2: invalid YAML front matter: unclosed quote`)
    expect(said).toContain(`initial build: not published, and there is no earlier build to serve: http://127.0.0.1:${port}/ shows these problems; fix them and save`)
    expect(said).not.toContain('last good build')
  })

  it('stops cleanly and leaves no process behind', async () => {
    expect(await commandsInGroup(server.pid as number)).toContain('workerd')
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    const left = await waitFor(async () => ((await commandsInGroup(server.pid as number)).length === 0 ? [] : undefined), 10_000, 'node and workerd to end')
    expect(left).toEqual([])
    await expect(fetch(`${origin}/v1/releases`)).rejects.toThrow()
  })

  describe('a restart on the same local KV', () => {
    /** npm start again on the same content and KV state, on a port of its own, until `until` shows in its output; stopped afterwards. */
    async function restart(until: string): Promise<{ output: string; title: string | undefined; body: string }> {
      const server = await startServer({ CONTENT_DIR: join(workDir, 'content'), PERSIST_DIR: join(workDir, 'state') })
      try {
        await waitFor(async () => (server.said().includes(until) ? true : undefined), 60_000, until)
        const response = await fetch(`${server.origin}/v1/documents/guides/install`)
        const document = (await response.json()) as { title: string; html: string }
        return { output: server.said(), title: document.title, body: document.html }
      } finally {
        await server.stop()
      }
    }
    const install = () => join(workDir, 'content/docs/en/guides/install.md')

    it('after an edit made while stopped, writes only the blobs that edit changed', async () => {
      const text = await readFile(install(), 'utf8')
      await writeFile(install(), `${text.replace('order: [broken', 'order: 1')}\nA sentence added while the server was stopped.\n`)
      const { output: said, body } = await restart('initial build:')
      // The live build serves while the folder's changes are built: the first answer comes before the build.
      expect(said).toMatch(/initial check: .* changed since the live build \w+; serving that build until this one is published/)
      expect(said.indexOf('first answer')).toBeLessThan(said.indexOf('initial build:'))
      const written = Number(/initial build: build \w+ live in \d+ ms \(built in \d+, then \d+ to publish; (\d+) blobs written\)/.exec(said)?.[1])
      const firstBuild = Number(/initial build: build \w+ live in \d+ ms \(built in \d+, then \d+ to publish; (\d+) blobs written\)/.exec(output)?.[1])
      expect(written).toBeGreaterThan(0)
      expect(written).toBeLessThan(firstBuild / 4)
      expect(body).toContain('A sentence added while the server was stopped.')
    }, 90_000)

    it('serves the live build before building when nothing changed, and writes nothing to KV', async () => {
      const { output: said, title, body } = await restart('session build:')
      const live = /initial check: the live build (\w+) was built from .* as it is; serving it/.exec(said)?.[1]
      expect(live).toMatch(/^\w{16}$/)
      expect(said).not.toContain('initial build')
      expect(said.indexOf('first answer')).toBeLessThan(said.indexOf('session build:'))
      expect(said).toContain(`session build: build ${live} live in`)
      expect(said).toMatch(/session build: .*; 0 blobs written\)/)
      expect(title).toBe('Installing the service')
      expect(body).toContain('A sentence added while the server was stopped.')
    }, 90_000)

    it("on another content folder, never serves the first folder's pages, not even before its first build, and says it is another site", async () => {
      const other = join(workDir, 'other-site')
      await mkdir(join(other, 'docs/en'), { recursive: true })
      await writeFile(join(other, 'site.yml'), 'title: Another site\n')
      await writeFile(join(other, 'docs/en/index.md'), '# Another site\n\nNot the fixture.\n')
      const server = await startServer({ CONTENT_DIR: other, PERSIST_DIR: join(workDir, 'state') })
      // Every answer from the first one on: the first folder's page must never be among them.
      const installStatuses = new Set<number>()
      try {
        const home = await waitFor(
          async () => {
            const install = await fetch(`${server.origin}/v1/documents/guides/install`)
            installStatuses.add(install.status)
            const index = await fetch(`${server.origin}/v1/documents/index`)
            return index.ok ? ((await index.json()) as { title: string }).title : undefined
          },
          60_000,
          'the other site',
        )
        expect(home).toBe('Another site')
      } finally {
        await server.stop()
      }
      const said = server.said()
      expect([...installStatuses].filter((status) => status !== 404 && status !== 503)).toEqual([])
      expect(said).toMatch(/initial check: local KV's live build is of another content folder \(.*content\), a different site; serving nothing until .*other-site is built/)
    }, 90_000)
  })
})
