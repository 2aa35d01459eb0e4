import { byPlace, ContentError, type ContentProblem } from './content/problems.ts'
import { readSource } from './build.ts'
import { errorsOnlyRendering, type RenderedDocument, type RenderInput } from './markdown/render.ts'
import { renderPlans } from './pipeline/render-plan.ts'
import { RenderCache, renderKeyOf } from './render-cache.ts'
import { createRenderMany } from './render-pool.ts'
import { inShard, type Shard } from './shard.ts'

export interface ShardOptions {
  contentDir: string
  /** The render cache the slice goes into; a later full build with every shard's cache renders nothing. */
  cacheDir: string
  shard: Shard
  threads?: number
  onProgress?: (done: number, total: number) => void
}

export interface ShardResult {
  /** Renderings of the slice this run made and put in the cache. */
  rendered: number
  /** Renderings of the slice that the cache already held. */
  cached: number
  /** Renderings of every version, in every shard (a page the same in two versions counts once). */
  total: number
  durationMs: number
}

/**
 * Renders the shard's slice of every version's pages and release notes into
 * the render cache, and builds nothing else: no dist/, no search index. A
 * rendering with errors is not cached, so they fail the shard here, as
 * `path:line` problems, as they would fail the full build.
 */
export async function renderShard(options: ShardOptions): Promise<ShardResult> {
  const started = performance.now()
  // As a one-shot build reads them: a page's Markdown from disk when asked for, none of it kept (814 MB at 100,000 documents).
  const source = await readSource(options.contentDir, { stampsOnly: true })
  const cache = await RenderCache.open(options.cacheDir)
  const counts = { rendered: 0, cached: 0 }
  const renderMany = createRenderMany({
    cache,
    keep: errorsOnly,
    ...(options.threads === undefined ? {} : { threads: options.threads }),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    onRendered: (rendered, cached) => {
      counts.rendered += rendered
      counts.cached += cached
    },
  })
  const keys = new Set<string>()
  const problems: ContentProblem[] = []
  for await (const { inputs, targets } of renderPlans(source)) {
    const slice = new Map<string, RenderInput>()
    for (const [name, input] of inputs) {
      const key = renderKeyOf(input)
      // A page the same in an earlier version is rendered already.
      if (keys.has(key)) continue
      keys.add(key)
      if (inShard(key, options.shard)) slice.set(name, input)
    }
    for (const output of (await renderMany(slice, targets)).values()) problems.push(...output.errors)
  }
  if (problems.length > 0) throw new ContentError(distinct(problems))
  return { ...counts, total: keys.size, durationMs: performance.now() - started }
}

/**
 * All a shard keeps of a rendering once the cache has it: its errors. The
 * renderings of a whole slice, held until it was rendered, made a half's peak
 * 2.74 GiB at 100,000 documents (1.00 GiB without them and the sources).
 */
const errorsOnly = (output: RenderedDocument): RenderedDocument => errorsOnlyRendering(output.errors)

/** A partial's problems come once per page that inlines it; they are told once. */
function distinct(problems: ContentProblem[]): ContentProblem[] {
  const seen = new Map(problems.map((problem) => [`${problem.path}\u0000${problem.line}\u0000${problem.message}`, problem]))
  return [...seen.values()].sort(byPlace)
}
