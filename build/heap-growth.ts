import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { DIST_FILES } from '../contract/index.ts'
import { RenderCache } from './render-cache.ts'

/** Files under the content folder from which a build's live heap is large enough to grow by 15 %. */
const LARGE_SITE_FILES = 40_000

/** How far V8's heap may grow past what a full collection left, in percent. */
const GROWTH = { default: 50, largeFirstBuild: 15 }

/**
 * The build makes several times more garbage (blob texts, renderings read back) than it keeps, and
 * V8 lets the heap grow to four times what a full collection left before the next one: at 10k
 * documents 1,006 MB for 291 MB live. Growing by half keeps the peak near what is live
 * (bench corpus, 3k documents: 259 instead of 624 MB of heap, 422 instead of 489-518 MB RSS).
 *
 * A large site's first build grows by 15 %: at 100,000 documents (130,000 files) about 900 MB
 * stay live through the last stages, and half of that again made the build's peak RSS
 * 2,049-2,072 MiB; by a quarter, 1,824-1,826 MiB, for 4-8 % more build time. Since the search
 * indexes are made on a thread of their own (search-thread.ts) while this one makes the pages,
 * that thread's heap (about 300 MB) comes on top: by a quarter 2,153 MiB, by 15 % 2,023 and
 * 2,033 MiB, for 2 % more wall time in a cold build. At 10,000 documents a quarter saved 35 MB and
 * cost 8-14 % more time, so a small site keeps the half.
 *
 * A build that renders little grows by half whatever the size: its target is time, not the cold
 * build's 2 GB. That is a rebuild (the output folder holds a build, and the render cache is on),
 * which keeps its last build's memos on top: at 100,000 documents 15 % made a third of its time
 * garbage collection. One edit took 56.0-60.8 s at 15 % (2,319-2,382 MiB), 51.0 s at 30 % (2,526 MiB),
 * 45.8-47.4 s at 50 % (2,551-2,644 MiB) and 46.1 s at 100 % (2,891 MiB). It is also the final
 * build after `--shard` halves, which has no last output but finds a rendering in the cache for
 * most pages. At 100,000 documents, into an output on tmpfs (away from the disk's noise), it took
 * 91.3-95.7 s at 15 % (CPU 143-149 s, 2,305-2,329 MiB) and 75.8-77.5 s at 50 % (CPU 112-114 s,
 * 2,688-2,742 MiB).
 *
 * The size is the count of files under the content folder, read before the build, since V8 takes
 * the growth as a flag: one set as its collections happen arrives late, after a long synchronous
 * stage has let the heap grow already. For processes that run a one-shot build: `npm run build`,
 * the bench's build child, and `npm start`'s first build (which has no output folder).
 */
export async function boundHeapGrowth(build: BuildFolders): Promise<void> {
  setFlagsFromString(`--heap-growing-percent=${await heapGrowthPercent(build)}`)
}

/** The folders of a one-shot build; no `cacheDir` when its render cache is off. */
export interface BuildFolders {
  contentDir: string
  outDir?: string
  cacheDir?: string | null
}

/** The growth for `build`, in percent; `largeSiteFiles` is where a site starts to count as large (tests make it small). */
export async function heapGrowthPercent(build: BuildFolders, largeSiteFiles = LARGE_SITE_FILES): Promise<number> {
  const entries = entriesUnder(build.contentDir)
  if (entries < largeSiteFiles) return GROWTH.default
  return build.cacheDir && (await rendersLittle(build.outDir, build.cacheDir, entries)) ? GROWTH.default : GROWTH.largeFirstBuild
}

/** A rebuild, or a build that finds in the render cache a rendering for every other entry (file or folder) of its content. */
async function rendersLittle(outDir: string | undefined, cacheDir: string, entries: number): Promise<boolean> {
  if (outDir !== undefined && existsSync(join(outDir, DIST_FILES.manifest))) return true
  const cache = await RenderCache.open(cacheDir)
  return (await cache.renderings()) >= entries / 2
}

function entriesUnder(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true }).length
  } catch {
    // A missing folder is the build's to report, with its own message.
    return 0
  }
}
