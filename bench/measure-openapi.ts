import { execFile } from 'node:child_process'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { z } from 'zod'
import { generateCorpus, writeCorpus } from './corpus.ts'
import { DOCUMENT_PATH, generateOpenApiSite, openApiText, writeOpenApiSite, type OpenApiSite } from './openapi-corpus.ts'
import { median } from './stats.ts'

const run = promisify(execFile)
const RUNS = 3
/** Appended to one operation's description: the rendering that holds it is the edited page's. */
const EDIT = 'This sentence was added by the bench.'

/** What bench/build-child.ts prints. */
const childBuildSchema = z.object({
  ms: z.number(),
  maxRssMb: z.number(),
  cpuMs: z.number(),
  documents: z.record(z.string(), z.number()),
  renders: z.object({ rendered: z.number(), cached: z.number() }),
})
type ChildBuild = z.infer<typeof childBuildSchema>

async function buildOnce(content: string, out: string, cache?: string): Promise<ChildBuild> {
  const args = ['bench/build-child.ts', '--content', content, '--out', out, ...(cache ? ['--cache', cache] : [])]
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 })
  return childBuildSchema.parse(JSON.parse(stdout.trim().split('\n').at(-1) ?? ''))
}

/** Cold builds of one site: the median of each figure over the runs. */
export interface ColdFigures {
  pages: number
  runsMs: number[]
  ms: number
  cpuMs: number
  maxRssMb: number
}

interface RebuildFigures {
  ms: number
  rendered: number
  cached: number
}

export interface OpenApiFigures {
  operations: number
  openapi: ColdFigures
  /** The same number of plain Markdown pages (bench/corpus.ts), built the same way in the same run. */
  markdown: ColdFigures
  withCache: {
    first: RebuildFigures
    noChange: RebuildFigures
    /** One operation's description edited: which renderings the rebuild wrote, and how many of them hold the edit. */
    oneDescription: RebuildFigures & { operation: string; newRenderings: number; holdingTheEdit: number; changedBlobs: number; blobs: number }
  }
  large: ColdFigures & { operations: number }
}

const pagesOf = (build: ChildBuild) => Object.values(build.documents).reduce((sum, count) => sum + count, 0)

function coldFigures(runs: ChildBuild[]): ColdFigures {
  return {
    pages: pagesOf(runs[0] as ChildBuild),
    runsMs: runs.map((build) => build.ms),
    ms: median(runs.map((build) => build.ms)),
    cpuMs: median(runs.map((build) => build.cpuMs)),
    maxRssMb: median(runs.map((build) => build.maxRssMb)),
  }
}

const rebuildFigures = (build: ChildBuild): RebuildFigures => ({ ms: build.ms, ...build.renders })

/**
 * Issue 29's "scale and speed": an OpenAPI document of `operations` operations built cold beside as
 * many Markdown pages (their runs interleaved, so that the machine's load falls on both alike), then
 * with a render cache (no change, one operation's description edited), then a document five times larger.
 */
export async function measureOpenApi(operations: number, workDir: string): Promise<OpenApiFigures> {
  const site = generateOpenApiSite({ operations })
  const apiContent = join(workDir, 'api-content')
  await writeOpenApiSite(site, apiContent)
  const markdownContent = join(workDir, 'markdown-content')
  await writeCorpus(generateCorpus({ documents: operations, seed: 42, translated: 0, drafts: 0, releases: 0 }), markdownContent)
  const out = join(workDir, 'dist')
  const apiRuns: ChildBuild[] = []
  const markdownRuns: ChildBuild[] = []
  for (let i = 0; i < RUNS; i++) {
    apiRuns.push(await step(`cold build, ${operations} operations, run ${i + 1}`, () => buildOnce(apiContent, out)))
    markdownRuns.push(await step(`cold build, ${operations} Markdown pages, run ${i + 1}`, () => buildOnce(markdownContent, out)))
  }
  const cache = join(workDir, 'cache')
  const first = await step('first build with a render cache', () => buildOnce(apiContent, out, cache))
  const noChange = await step('rebuild, no change', () => buildOnce(apiContent, out, cache))
  const oneDescription = await step('rebuild, one description edited', () => editOneDescription(site, apiContent, out, cache))
  await rm(apiContent, { recursive: true, force: true })
  const largeCount = operations * 5
  const large = generateOpenApiSite({ operations: largeCount })
  await writeOpenApiSite(large, apiContent)
  const largeBuild = await step(`cold build, ${largeCount} operations`, () => buildOnce(apiContent, out))
  return {
    operations,
    openapi: coldFigures(apiRuns),
    markdown: coldFigures(markdownRuns),
    withCache: { first: rebuildFigures(first), noChange: rebuildFigures(noChange), oneDescription },
    large: { operations: largeCount, ...coldFigures([largeBuild]) },
  }
}

async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  console.error(`openapi: ${name}…`)
  const value = await work()
  console.error(`openapi: ${name}: ${JSON.stringify(value)}`)
  return value
}

/** The middle operation's description gets one more sentence; the rebuild's new renderings are read to see which pages they are. */
async function editOneDescription(site: OpenApiSite, content: string, out: string, cache: string) {
  const { operation, label } = middleOperation(site.document)
  operation.description = `${operation.description} ${EDIT}`
  const renderingsBefore = new Set(await renderingFiles(cache))
  const blobsBefore = new Set(await blobsOf(out))
  await writeFile(join(content, DOCUMENT_PATH), openApiText(site.document))
  const build = await buildOnce(content, out, cache)
  const written = (await renderingFiles(cache)).filter((file) => !renderingsBefore.has(file))
  const texts = await Promise.all(written.map((file) => readFile(file, 'utf8')))
  const blobs = await blobsOf(out)
  return {
    ...rebuildFigures(build),
    operation: label,
    newRenderings: written.length,
    holdingTheEdit: texts.filter((text) => text.includes(EDIT)).length,
    changedBlobs: blobs.filter((hash) => !blobsBefore.has(hash)).length,
    blobs: blobs.length,
  }
}

function middleOperation(document: OpenApiSite['document']) {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ operation, label: `${method.toUpperCase()} ${path} (${operation.operationId})` })),
  )
  const middle = operations[Math.floor(operations.length / 2)]
  if (!middle) throw new Error('the document has no operation')
  return middle
}

/** The renderings the cache holds (its memos left out), by path. */
async function renderingFiles(cache: string): Promise<string[]> {
  const entries = await readdir(cache, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile() && !entry.name.startsWith('memo-')).map((entry) => join(entry.parentPath, entry.name))
}

async function blobsOf(out: string): Promise<string[]> {
  return z.object({ blobs: z.array(z.string()) }).parse(JSON.parse(await readFile(join(out, 'blob-list.json'), 'utf8'))).blobs
}
