import { createServer } from 'node:http'

export interface BuildReporter {
  /** Where the worker asks, on loopback; it reaches the page through the worker's /_preview/problems. */
  url: string
  /** The last build's problems, `path:line: message` each; empty once a build succeeds. */
  report(problems: string[]): void
  close(): Promise<void>
}

/**
 * The author preview's view of the build. Only this process knows why a build
 * failed (the API keeps serving the last good one), so it answers the worker
 * that npm start runs beside it. Nothing here is ever deployed.
 */
export async function startBuildReporter(): Promise<BuildReporter> {
  let problems: string[] = []
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/problems') return void response.writeHead(404).end()
    response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify({ problems }))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the build reporter has no port')
  return {
    url: `http://127.0.0.1:${address.port}/problems`,
    report(next) {
      problems = next
    },
    close() {
      // workerd keeps its connections alive; close() alone would wait for them.
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
