import { Problem } from '../http/problem.ts'

export const EVENTS_PATH = '/_preview/events'

/**
 * What npm start says after each build, as Server-Sent Events, on one
 * response that stays open: the page's script reloads on a new build and shows
 * a failed build's problems. The stream is npm start's own (scripts/build-reporter.ts),
 * passed through as it comes. Without npm start no build ever ends: 204, which
 * tells an EventSource not to come back.
 */
export async function buildEvents(url: string | undefined): Promise<Response> {
  if (url === undefined) return new Response(null, { status: 204 })
  const upstream = await fetch(url).catch(() => null)
  if (upstream === null || !upstream.ok || upstream.headers.get('Content-Type')?.startsWith('text/event-stream') !== true) {
    await upstream?.body?.cancel()
    throw new Problem(503, 'npm start did not answer for its builds.')
  }
  return new Response(upstream.body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' } })
}
