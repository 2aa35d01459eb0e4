import { z } from 'zod'
import { BlobHashSchema } from './hash.ts'
import { SCHEMA_VERSION } from './version.ts'

/**
 * Every blob hash one build uses, sorted. Publishing stores it beside the
 * manifest so that garbage collection knows what a kept build still needs;
 * the worker never reads it, so it costs a cold isolate nothing.
 */
export const BlobListSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  buildId: z.string().min(1),
  blobs: z.array(BlobHashSchema),
})
export type BlobList = z.infer<typeof BlobListSchema>

/** The blob list of build `buildId`, whose blobs are named `hashes`. */
export function blobListOf(buildId: string, hashes: Iterable<string>): BlobList {
  return { schemaVersion: SCHEMA_VERSION, buildId, blobs: [...new Set(hashes)].sort() }
}
