import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

// One `vitepress build` in its own process, reported as bench/build-child.ts reports ours:
// wall time, peak RSS and the CPU time of all its threads. VitePress is the project's own,
// resolved from its folder, so the bench adds no dependency.
const { values } = parseArgs({ options: { root: { type: 'string' }, out: { type: 'string' } } })
const root = values.root as string
const entry = createRequire(join(root, 'package.json')).resolve('vitepress')
const vitepress: { build: (root: string, options: { outDir: string }) => Promise<void> } = await import(pathToFileURL(entry).href)
const started = performance.now()
await vitepress.build(root, { outDir: values.out as string })
const ms = performance.now() - started
const usage = process.resourceUsage()
console.log(JSON.stringify({ ms, maxRssMb: usage.maxRSS / 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }))
process.exit(0)
