import { readdirSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'

/** Files under the content folder from which a build's live heap is large enough to grow by 15 %. */
const LARGE_SITE_FILES = 40_000

/**
 * The build makes several times more garbage (blob texts, renderings read back) than it keeps, and
 * V8 lets the heap grow to four times what a full collection left before the next one: at 10k
 * documents 1,006 MB for 291 MB live. Growing by half keeps the peak near what is live
 * (bench corpus, 3k documents: 259 instead of 624 MB of heap, 422 instead of 489-518 MB RSS).
 *
 * A large site grows by 15 %: at 100,000 documents (130,000 files) about 900 MB stay live through
 * the last stages, and half of that again made the build's peak RSS 2,049-2,072 MiB; by a quarter,
 * 1,824-1,826 MiB, for 4-8 % more build time. Since the search indexes are made on a thread of
 * their own (search-thread.ts) while this one makes the pages, that thread's heap (about 300 MB)
 * comes on top: by a quarter 2,153 MiB, by 15 % 2,023 and 2,033 MiB, for 2 % more wall time in a
 * cold build and 10 % in a rebuild after one edit. At 10,000 documents a quarter saved 35 MB and
 * cost 8-14 % more time, so a small site keeps the half. The size is the count of files under
 * the content folder, read before the build, since V8 takes the growth as a flag: one set as its
 * collections happen arrives late, after a long synchronous stage has let the heap grow already.
 * For processes that run a one-shot build: `npm run build`, the bench's build child, and `npm start`'s first build.
 */
export function boundHeapGrowth(contentDir: string): void {
  setFlagsFromString(`--heap-growing-percent=${heapGrowthPercent(filesUnder(contentDir))}`)
}

function heapGrowthPercent(files: number): number {
  return files >= LARGE_SITE_FILES ? 15 : 50
}

function filesUnder(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true }).length
  } catch {
    // A missing folder is the build's to report, with its own message.
    return 0
  }
}
