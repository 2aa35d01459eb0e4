import { rm } from 'node:fs/promises'
import { relative, resolve } from 'node:path'
import { boundHeapGrowth } from '../build/heap-growth.ts'
import { SiteSession } from '../build/session.ts'
import { ContentError, formatProblem, formatWarning } from '../build/content/problems.ts'
import { KV_KEYS } from '../contract/index.ts'
import { readPointer } from '../publish/history.ts'
import { SuccessivePublisher } from '../publish/successive.ts'
import { kvBindingTarget } from '../publish/targets/kv-binding.ts'
import { openKvFiles } from '../publish/targets/kv-files.ts'
import { relayTarget } from '../publish/targets/relay.ts'
import { startBuildReporter } from './build-reporter.ts'
import { ensureDevVars } from './dev-vars.ts'
import { readLiveRecord, writeLiveRecord } from './live-record.ts'
import { bundleLocalWorker, createLocalKv, localKvPlace, startLocalWorker, type LocalWorker } from './local-worker.ts'
import { readLocalWorkerConfig } from './worker-config.ts'
import { busyPortMessage, portSetting } from './port.ts'
import { mintPreviewToken } from './preview-token.ts'
import { watchTree } from './watch-tree.ts'

// The author's preview: build content/, publish it into local KV with the
// production publish code, serve it with the worker in one workerd (the API
// and, with PREVIEW on, the docs as HTML), and on every saved change rebuild
// what the change touched and publish the blobs that changed. The page reloads
// itself on a new build and shows failed builds' problems. It writes no dist/:
// `npm run build` does.
// Counted from the process's own start (performance's time origin), modules included: what the user waits, but npm's own start.
const sinceStart = () => Math.round(performance.now())
// The session's first build makes the garbage a one-shot build makes, on top of what it keeps for saves.
const contentDir = resolve(process.env.CONTENT_DIR ?? 'content')
await boundHeapGrowth({ contentDir })
// Problems name files the way the user named the content folder.
const contentFolder = relative(process.cwd(), contentDir)
const definedOnly = (vars: Record<string, string | undefined>) => Object.fromEntries(Object.entries(vars).filter((entry): entry is [string, string] => entry[1] !== undefined))
function refuse(message: string): never {
  console.error(message)
  process.exit(1)
}
const portChoice = portSetting(process.env.PORT)
if ('error' in portChoice) refuse(portChoice.error)
// Before anything is built or published: a busy port means another server owns the local store.
const busy = await busyPortMessage(portChoice.port)
if (busy !== null) refuse(busy)
const origin = `http://127.0.0.1:${portChoice.port}`
// Where local KV lives: wrangler's state folder (`wrangler dev` reads the same), unless a test wants its own.
const persistRoot = resolve(process.env.PERSIST_DIR ?? '.wrangler/state')

// Bundled while the first build runs.
const bundled = bundleLocalWorker()
const devVars = await ensureDevVars()
const secret = devVars.JWT_SECRET
if (!secret) throw new Error('.dev.vars has no JWT_SECRET')
const reporter = await startBuildReporter()
const config = await readLocalWorkerConfig()
const place = localKvPlace(config, persistRoot)
await createLocalKv(place)
// Until the worker serves, KV is written as files in bulk; from then on, through its binding.
const kvFiles = openKvFiles(place.kvDir, place.namespaceId)
const store = relayTarget(kvFiles)
const publisher = await SuccessivePublisher.open(store)
const record = await readLiveRecord(persistRoot)
// Local KV's live build belongs to the folder it was built from: a start on another folder takes it
// down before anything serves, so no request ever gets the other site's pages, nor a failed build's.
const otherSite = record !== null && record.contentDir !== contentDir ? record.contentDir : null
if (otherSite !== null && (await readPointer(store)) !== null) {
  await store.deleteMany([KV_KEYS.pointer])
  console.log(
    `initial check: local KV's live build is of another content folder (${relative(process.cwd(), otherSite) || '.'}), a different site; serving nothing until ${contentFolder} is built`,
  )
}
const live = await readPointer(store)
// What the server shows while a build fails: a build of an earlier session counts, as local KV keeps it.
let lastGoodBuild = live?.buildId ?? null
// The preview's variables exist only here: a deployed worker has none of them.
const workerVars = { ...definedOnly(devVars), POINTER_TTL_SECONDS: '0', PREVIEW: 'true', PREVIEW_TOKEN: await mintPreviewToken(secret), PREVIEW_EVENTS_URL: reporter.url }
const startWorker = async () => startLocalWorker({ bundleDir: await bundled, config, place, port: portChoice.port, vars: workerVars })
// When the live build is the one the last session recorded, the worker starts while the folder is
// checked (it only reads KV meanwhile, as this process does) and serves that build from then on.
// Otherwise KV is written as files in bulk first (a first start writes every blob), then it starts.
const early = live !== null && record?.buildId === live.buildId ? startWorker() : null
// Renderings and archived versions cached between sessions; CACHE_DIR gives a run its own (the bench measures a cold start).
// A version whose git ref this copy lacks (a zip, a shallow clone) is left out with a warning: the rest is served.
const session = await SiteSession.open({
  contentDir,
  cacheDir: resolve(process.env.CACHE_DIR ?? 'node_modules/.cache/docs-service'),
  isStored: publisher.has,
  missingRef: 'leave out',
})
const liveIsCurrent = early !== null && record?.inputs === (await session.inputsHash())

async function buildAndPublish(reason: string, changed: string[]): Promise<void> {
  const started = performance.now()
  try {
    await session.refresh(changed)
    // Blobs upload as the build makes them; the pointer moves once the build is whole and uploaded.
    const result = await session.build({ onBlob: publisher.stage })
    for (const warning of result.warnings) console.warn(`warning: ${formatWarning(warning, contentFolder)}`)
    const built = performance.now()
    // Written before the pointer moves: should this process end between the two, the record names a build that is not live, and the next start builds.
    await writeLiveRecord(persistRoot, { buildId: result.manifest.buildId, contentDir, inputs: await session.inputsHash() })
    const report = await publisher.publish(result)
    const buildMs = Math.round(built - started)
    const publishMs = Math.round(performance.now() - built)
    reporter.report([])
    lastGoodBuild = report.buildId
    console.log(`${reason}: build ${report.buildId} live in ${buildMs + publishMs} ms (built in ${buildMs}, then ${publishMs} to publish; ${report.blobWrites} blobs written)`)
  } catch (error) {
    if (!(error instanceof ContentError)) throw error
    const problems = error.problems.map((problem) => formatProblem(problem, contentFolder))
    reporter.report(problems)
    for (const problem of problems) console.error(problem)
    console.error(
      lastGoodBuild
        ? `${reason}: not published; still serving the last good build (${lastGoodBuild})`
        : `${reason}: not published, and there is no earlier build to serve: ${origin}/ shows these problems; fix them and save`,
    )
  }
}

// Watching from before the first build: a file saved meanwhile is built once the worker serves.
let pending: NodeJS.Timeout | undefined
// Saves wait for the worker to serve (KV's files are closed by then). With the live build served
// as it was, the session still builds once first, to have what a save reuses; it writes nothing
// unless the folder differs after all.
let markServing: () => void = () => {}
const serving = new Promise<void>((resolve) => (markServing = resolve))
let queue = serving.then(() => (liveIsCurrent ? buildAndPublish('session build', []) : undefined))
const changed = new Set<string>()
const watcher = watchTree(contentDir, (file) => {
  changed.add(file)
  clearTimeout(pending)
  // Editors write a file in several steps; one rebuild per burst of events.
  pending = setTimeout(() => {
    queue = queue.then(() => {
      const files = [...changed]
      changed.clear()
      return files.length > 0 ? buildAndPublish(`changed ${files.join(', ')}`, files) : undefined
    })
  }, 75)
})

/** Once the worker answers: where to look, and how long the start took to its first answer. */
async function announce(): Promise<void> {
  console.log(
    [
      `Docs preview on ${origin}/ (reloads on save; "Show drafts" uses a token minted for this session)`,
      `Docs API on ${origin}/v1 (watching ${contentDir})`,
      `  curl ${origin}/v1/documents/index`,
      `  curl ${origin}/v1/documents/index.md`,
      `  curl ${origin}/v1/navigation`,
      `  curl -X POST ${origin}/v1/search -H 'Content-Type: application/json' -d '{"query":"publish"}'`,
      `  curl ${origin}/v1/releases?stream=stable`,
      `  curl ${origin}/llms.txt`,
      `  curl ${origin}/v1/status`,
    ].join('\n'),
  )
  const answered = await fetch(`${origin}/v1/status`)
  await answered.arrayBuffer()
  console.log(`serving: first answer (${answered.status}) ${sinceStart()} ms after start`)
}

let worker: LocalWorker | undefined
if (early) {
  // The live build serves while the session builds; what the folder changed since is published through the worker's binding.
  worker = await early
  kvFiles.close()
  store.handOver(kvBindingTarget(worker.kv))
  if (liveIsCurrent) console.log(`initial check: the live build ${lastGoodBuild} was built from ${contentFolder} as it is; serving it (checked ${sinceStart()} ms after start)`)
  else console.log(`initial check: ${contentFolder} changed since the live build ${lastGoodBuild}; serving that build until this one is published`)
  await announce()
  if (!liveIsCurrent) await buildAndPublish('initial build', [])
} else {
  await buildAndPublish('initial build', [])
  kvFiles.close()
  worker = await startWorker()
  store.handOver(kvBindingTarget(worker.kv))
  await announce()
}
markServing()

let stopping = false
async function stop(code: number) {
  if (stopping) return
  stopping = true
  watcher.close()
  clearTimeout(pending)
  await Promise.all([worker?.close(), reporter.close()])
  await rm(await bundled, { recursive: true, force: true })
  process.exit(code)
}
process.on('SIGINT', () => void stop(0))
process.on('SIGTERM', () => void stop(0))
