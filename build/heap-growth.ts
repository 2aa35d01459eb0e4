import { setFlagsFromString } from 'node:v8'

/**
 * The build makes several times more garbage (blob texts, renderings read back) than it keeps, and
 * V8 lets the heap grow to four times what a full collection left before the next one: at 10k
 * documents 1,006 MB for 291 MB live. Growing by half keeps the peak near what is live
 * (bench corpus, 3k documents: 259 instead of 624 MB of heap, 422 instead of 489-518 MB RSS).
 * For processes that run a one-shot build: `npm run build`, the bench's build child, and `npm start`'s first build.
 */
export function boundHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=50')
}
