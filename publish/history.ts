import type { z } from 'zod'
import { BlobListSchema, BuildHistorySchema, KV_KEYS, ManifestSchema, PointerSchema, type BuildRecord, type Manifest, type Pointer } from '../contract/index.ts'
import type { PublishTarget } from './target.ts'

export interface GcOptions {
  /** Builds kept for rollback, the live one included. */
  keep?: number
  /** Seconds a retired build's blobs stay, so readers on a stale pointer still find them. */
  graceSeconds?: number
  now?: Date
}

export interface GcReport {
  retired: string[]
  deletedBuilds: string[]
  deletedBlobs: number
}

export const DEFAULT_KEEP = 5
// KV is eventually consistent for about 60 s; ten times that is a safe margin.
export const DEFAULT_GRACE_SECONDS = 600

/** A stored value checked against its schema; publishing refuses to build on a corrupt one. */
async function readValue<T>(target: PublishTarget, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const text = await target.get(key)
  if (text === null) return null
  const parsed = schema.safeParse(JSON.parse(text))
  if (!parsed.success) throw new Error(`${key} in KV is not valid: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`)
  return parsed.data
}

/**
 * The kept builds, the latest published first: the order `npm run builds`
 * lists, rollback steps back through, and the kept window counts. A build
 * published again (an edit undone brings back an earlier build id) counts at
 * its latest publish. Equal times keep the stored order, newest first.
 */
export async function readHistory(target: PublishTarget): Promise<BuildRecord[]> {
  const history = (await readValue(target, KV_KEYS.builds, BuildHistorySchema)) ?? []
  return history.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
}

export async function writeHistory(target: PublishTarget, history: BuildRecord[]): Promise<void> {
  await target.putMany([{ key: KV_KEYS.builds, value: JSON.stringify(history) }])
}

async function readManifest(target: PublishTarget, buildId: string): Promise<Manifest | null> {
  return readValue(target, KV_KEYS.manifest(buildId), ManifestSchema)
}

async function readBlobList(target: PublishTarget, buildId: string): Promise<string[] | null> {
  return (await readValue(target, KV_KEYS.blobList(buildId), BlobListSchema))?.blobs ?? null
}

/** Every blob these builds use, or null when one of them has no blob list to say so. */
async function blobsOf(target: PublishTarget, records: BuildRecord[]): Promise<Set<string> | null> {
  const lists = await Promise.all(records.map((record) => readBlobList(target, record.buildId)))
  return lists.every((list) => list !== null) ? new Set(lists.flat()) : null
}

/**
 * Runs after the pointer has moved. Builds beyond the kept window are retired;
 * once retired for longer than the grace period, their manifests, blob lists
 * and the blobs no other remaining build uses are deleted. What a build uses
 * comes from its blob list; if a remaining build has none, no blob is deleted
 * (one it needs could be among them) and the expired builds wait.
 */
export async function collectGarbage(target: PublishTarget, liveBuildId: string, options: GcOptions = {}): Promise<GcReport> {
  const keep = options.keep ?? DEFAULT_KEEP
  const graceMs = (options.graceSeconds ?? DEFAULT_GRACE_SECONDS) * 1000
  const now = options.now ?? new Date()
  const history = await readHistory(target)
  const report: GcReport = { retired: [], deletedBuilds: [], deletedBlobs: 0 }

  const active = history.filter((record) => !record.retiredAt)
  const kept = new Set([
    liveBuildId,
    ...active
      .filter((record) => record.buildId !== liveBuildId)
      .slice(0, keep - 1)
      .map((r) => r.buildId),
  ])
  let updated = history.map((record) => {
    if (record.retiredAt || kept.has(record.buildId)) return record
    report.retired.push(record.buildId)
    return { ...record, retiredAt: now.toISOString() }
  })
  const expired = updated.filter((record) => record.retiredAt && now.getTime() - Date.parse(record.retiredAt) >= graceMs)
  const remaining = updated.filter((record) => !expired.includes(record))
  const needed = expired.length > 0 ? await blobsOf(target, remaining) : null
  if (needed) {
    const doomed = new Set<string>()
    for (const record of expired) {
      for (const hash of (await readBlobList(target, record.buildId)) ?? []) if (!needed.has(hash)) doomed.add(hash)
    }
    await target.deleteMany([...doomed].map(KV_KEYS.blob))
    await target.deleteMany(expired.flatMap((record) => [KV_KEYS.manifest(record.buildId), KV_KEYS.blobList(record.buildId)]))
    report.deletedBuilds = expired.map((record) => record.buildId)
    report.deletedBlobs = doomed.size
    updated = remaining
  }
  if (report.retired.length > 0 || expired.length > 0) await writeHistory(target, updated)
  return report
}

/**
 * Points the live pointer at `buildId`, or at the build published before the
 * live one. A rollback is not a publish: publish times stay, so rolling back
 * again steps further back.
 */
export async function rollback(target: PublishTarget, liveBuildId: string | null, buildId?: string): Promise<BuildRecord> {
  const history = await readHistory(target)
  const candidates = history.filter((record) => !record.retiredAt || record.buildId === buildId)
  const liveIndex = candidates.findIndex((record) => record.buildId === liveBuildId)
  const chosen = buildId ? candidates.find((record) => record.buildId === buildId) : candidates[liveIndex + 1]
  if (!chosen) throw new Error(buildId ? `build ${buildId} is not among the kept builds` : 'there is no earlier build to roll back to')
  if ((await readManifest(target, chosen.buildId)) === null) throw new Error(`the manifest of build ${chosen.buildId} is gone`)
  if (chosen.retiredAt)
    await writeHistory(
      target,
      history.map((record) => (record === chosen ? { ...record, retiredAt: null } : record)),
    )
  await switchPointer(target, chosen.buildId)
  return chosen
}

export async function readPointer(target: PublishTarget): Promise<Pointer | null> {
  return readValue(target, KV_KEYS.pointer, PointerSchema)
}

export async function switchPointer(target: PublishTarget, buildId: string, now = new Date()): Promise<void> {
  const value: Pointer = { buildId, publishedAt: now.toISOString() }
  await target.putMany([{ key: KV_KEYS.pointer, value: JSON.stringify(value) }])
}
