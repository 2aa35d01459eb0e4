import { build } from 'esbuild'

/** The worker (or another entry) bundled as Workers run it, for a Miniflare of our own (`npm start`, tests). */
export async function bundleWorker(entry: string, outfile: string): Promise<string> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    logLevel: 'error',
  })
  return outfile
}
