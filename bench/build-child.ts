import { parseArgs } from 'node:util'
import { buildSite } from '../build/build.ts'
import { boundHeapGrowth } from '../build/heap-growth.ts'

// One build in its own process, so its peak RSS is its own.
// As `npm run build` does, so that the bench measures what users run.
boundHeapGrowth()
const { values } = parseArgs({ options: { content: { type: 'string' }, out: { type: 'string' }, cache: { type: 'string' } } })
const started = performance.now()
const result = await buildSite({ contentDir: values.content as string, outDir: values.out as string, cacheDir: values.cache ?? null })
console.log(
  JSON.stringify({
    ms: performance.now() - started,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    documents: result.stats.documents,
    blobs: result.blobList.blobs.length,
  }),
)
