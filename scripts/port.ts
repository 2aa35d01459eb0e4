import { createServer } from 'node:net'

const PORTS_TO_SUGGEST = 20

/** The port `npm start` serves on, from `PORT` (8787 without it), or a sentence saying what is wrong. */
export function portSetting(value: string | undefined): { port: number } | { error: string } {
  const port = Number(value ?? '8787')
  return Number.isInteger(port) && port > 0 && port < 65536 ? { port } : { error: `PORT must be a port number such as 8788, not "${value}"` }
}

/** Whether `port` on 127.0.0.1 (where npm start's worker listens) can be taken now. */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/**
 * Refuses a busy port before anything is built or published, naming a free
 * one to set: a second `npm start` would otherwise publish into the running
 * one's local store and fail only when its server could not listen.
 */
export async function busyPortMessage(port: number): Promise<string | null> {
  if (await isPortFree(port)) return null
  let suggestion = port + 1
  while (suggestion < port + PORTS_TO_SUGGEST && suggestion < 65535 && !(await isPortFree(suggestion))) suggestion++
  return `port ${port} is in use: stop the other npm start or set PORT=${suggestion}`
}
