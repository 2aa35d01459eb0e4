import { createServer, type ServerResponse } from 'node:http'

export interface BuildReporter {
  /** Where the worker listens, on loopback; pages reach it through the worker's /_preview/events. */
  url: string
  /** The outcome of a build: its problems, `path:line: message` each; empty once a build succeeds. */
  report(problems: string[]): void
  close(): Promise<void>
}

// workerd lets go of a stream whose reader has left only when it next writes to it: a comment
// this often closes the streams of pages that reloaded or closed between builds.
const HEARTBEAT_MS = 15_000

/** One Server-Sent Event: what the page needs to know after a build. */
function buildEvent(problems: string[]): string {
  return `data: ${JSON.stringify({ problems })}\n\n`
}

/**
 * The author preview's view of the build. Only this process knows when a build
 * ends and why it failed (the API keeps serving the last good one), so it tells
 * the worker that npm start runs beside it, as an event stream that stays open:
 * the current problems on connecting, then an event after every build. Nothing
 * here is ever deployed.
 */
export async function startBuildReporter({ heartbeatMs = HEARTBEAT_MS } = {}): Promise<BuildReporter> {
  let problems: string[] = []
  const listeners = new Set<ServerResponse>()
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/events') return void response.writeHead(404).end()
    response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' })
    response.write(buildEvent(problems))
    listeners.add(response)
    response.once('close', () => listeners.delete(response))
  })
  const heartbeat = setInterval(() => {
    for (const listener of listeners) listener.write(': still here\n\n')
  }, heartbeatMs)
  heartbeat.unref()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the build reporter has no port')
  return {
    url: `http://127.0.0.1:${address.port}/events`,
    report(next) {
      problems = next
      for (const listener of listeners) listener.write(buildEvent(problems))
    },
    close() {
      clearInterval(heartbeat)
      // Open streams and workerd's kept-alive connections; close() alone would wait for them.
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
