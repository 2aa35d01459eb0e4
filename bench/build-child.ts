import { parseArgs } from 'node:util'
import { buildSite } from '../build/build.ts'
import { boundHeapGrowth } from '../build/heap-growth.ts'

// One build in its own process, so its peak RSS is its own.
// As `npm run build` does, so that the bench measures what users run.
const { values } = parseArgs({ options: { content: { type: 'string' }, out: { type: 'string' }, cache: { type: 'string' } } })
await boundHeapGrowth({ contentDir: values.content as string, outDir: values.out as string, cacheDir: values.cache ?? null })
const started = performance.now()
const result = await buildSite({ contentDir: values.content as string, outDir: values.out as string, cacheDir: values.cache ?? null })
const ms = performance.now() - started
const usage = process.resourceUsage()
console.log(
  JSON.stringify({
    ms,
    maxRssMb: usage.maxRSS / 1024,
    // The render threads' too: on a shared machine wall time stretches with the load, CPU time much less.
    cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    documents: result.stats.documents,
    blobs: result.blobList.blobs.length,
    renders: result.renders,
  }),
)
