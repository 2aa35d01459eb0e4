import { afterEach, describe, expect, it } from 'vitest'
import { startBuildReporter, type BuildReporter } from '../../scripts/build-reporter.ts'

// What npm start tells the worker (and, through /_preview/events, each open preview page) about its builds.
let reporter: BuildReporter | undefined
afterEach(() => reporter?.close())

/** Reads a Server-Sent Events stream block by block (an event, or a comment), as the browser would split it. */
async function* blocks(response: Response): AsyncGenerator<string> {
  const decoder = new TextDecoder()
  let pending = ''
  for await (const chunk of response.body as ReadableStream<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true })
    for (let end = pending.indexOf('\n\n'); end !== -1; end = pending.indexOf('\n\n')) {
      yield pending.slice(0, end)
      pending = pending.slice(end + 2)
    }
  }
}

async function next(stream: AsyncGenerator<string>): Promise<string> {
  const { value, done } = await stream.next()
  if (done) throw new Error('the stream ended')
  return value
}

describe("npm start's build reporter", () => {
  it('sends the current problems on connecting, then an event after every build, to every reader', async () => {
    reporter = await startBuildReporter()
    reporter.report(['content/docs/en/index.md:2: invalid YAML front matter'])
    const first = await fetch(reporter.url)
    expect(first.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
    expect(first.headers.get('Cache-Control')).toBe('no-store')
    const firstStream = blocks(first)
    expect(await next(firstStream)).toBe('data: {"problems":["content/docs/en/index.md:2: invalid YAML front matter"]}')
    const secondStream = blocks(await fetch(reporter.url))
    expect(await next(secondStream)).toBe('data: {"problems":["content/docs/en/index.md:2: invalid YAML front matter"]}')

    // A build that succeeds says so even when nothing was wrong before: the page then looks for the new build.
    reporter.report([])
    reporter.report([])
    for (const stream of [firstStream, secondStream]) {
      expect(await next(stream)).toBe('data: {"problems":[]}')
      expect(await next(stream)).toBe('data: {"problems":[]}')
    }
  })

  it('writes a comment between builds, so that a stream whose reader left is noticed and closed', async () => {
    reporter = await startBuildReporter({ heartbeatMs: 50 })
    const stream = blocks(await fetch(reporter.url))
    expect(await next(stream)).toBe('data: {"problems":[]}')
    expect(await next(stream)).toMatch(/^: /)
  })

  it('answers nothing else, and ends the open streams when npm start stops', async () => {
    reporter = await startBuildReporter()
    expect((await fetch(reporter.url.replace(/\/events$/, '/problems'))).status).toBe(404)
    const stream = blocks(await fetch(reporter.url))
    await next(stream)
    await reporter.close()
    reporter = undefined
    await expect(stream.next()).rejects.toThrow()
  })
})
