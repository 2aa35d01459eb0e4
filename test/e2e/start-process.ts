import { spawn } from 'node:child_process'
import { START_ARGS } from '../../scripts/start-command.ts'
import { freePort } from './preview-harness.ts'

export interface StartedServer {
  port: number
  origin: string
  /** Everything it printed so far, stdout and stderr interleaved. */
  said: () => string
  exited: () => boolean
  /** Ends its whole process group (its workerd runs in it) and waits for it. */
  stop: () => Promise<void>
}

/** `npm start` (scripts/start.ts) on a free port with `env`, detached so that its workerd is in its own process group. */
export async function startServer(env: Record<string, string>): Promise<StartedServer> {
  const port = await freePort()
  const child = spawn(process.execPath, [...START_ARGS], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let said = ''
  child.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    said: () => said,
    exited: () => child.exitCode !== null,
    stop: async () => {
      process.kill(-(child.pid as number), 'SIGTERM')
      await exited
    },
  }
}
