import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { formatBuildList } from './build-list.ts'
import { readDist } from './read-dist.ts'
import { DEFAULT_GRACE_SECONDS, DEFAULT_KEEP, readHistory, readPointer, rollback } from './history.ts'
import { openTarget } from './open-target.ts'
import { publishBuild } from './publish.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dist: { type: 'string', default: 'dist' },
    local: { type: 'boolean', default: false },
    remote: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    keep: { type: 'string', default: String(DEFAULT_KEEP) },
    grace: { type: 'string', default: String(DEFAULT_GRACE_SECONDS) },
  },
})
const [command, buildIdArgument] = positionals

const { target, close, where } = await openTarget(values.remote ? 'remote' : 'local')
try {
  if (command === 'publish') {
    const report = await publishBuild(target, await readDist(resolve(values.dist)), {
      dryRun: values['dry-run'],
      keep: Number(values.keep),
      graceSeconds: Number(values.grace),
    })
    const size = `${report.blobsToUpload} blobs, ${(report.bytesToUpload / 1024).toFixed(1)} KiB`
    if (values['dry-run']) console.log(`plan for ${where}: upload ${size}; new build ${report.buildId}`)
    else {
      console.log(`published ${report.buildId} to ${where}: uploaded ${size} in ${report.blobBatches} bulk writes${report.switched ? '' : ' (already live)'}`)
      if (report.gc?.retired.length) console.log(`retired ${report.gc.retired.join(', ')}`)
      if (report.gc?.deletedBuilds.length) console.log(`deleted ${report.gc.deletedBuilds.length} builds and ${report.gc.deletedBlobs} blobs`)
    }
  } else if (command === 'rollback') {
    const live = await readPointer(target)
    const chosen = await rollback(target, live?.buildId ?? null, buildIdArgument)
    console.log(`${where} now serves ${chosen.buildId} (published ${chosen.publishedAt}), was ${live?.buildId ?? 'nothing'}`)
  } else if (command === 'builds') {
    const live = await readPointer(target)
    for (const line of formatBuildList(await readHistory(target), live?.buildId ?? null, where)) console.log(line)
  } else {
    console.error('usage: cli.ts publish|rollback [buildId]|builds [--local|--remote] [--dry-run] [--dist dist] [--keep 5] [--grace 600]')
    process.exitCode = 2
  }
} catch (error) {
  console.error(`${command} failed: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await close()
}
